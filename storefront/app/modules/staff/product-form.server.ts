/**
 * The product form's server side: reading the (multipart) form, validating it
 * with the backend's own schemas (spec §5 messages), and the one call that
 * saves a product with its whole variant list (one backend workflow: all of it
 * or nothing). See docs/decisions/0032-admin-catalogue-forms.md and 0035.
 */
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node"
import type { LegacyProduct } from "@shared/catalog"
import { fieldErrors } from "@shared/schemas/fields"
import { MAX_IMAGE_BYTES, type ProductInput, productSchema, sniffImageType } from "@shared/schemas/product"
import { clashingNameIndexes, duplicateVariantNameMessage, type SavedVariantInput } from "@shared/schemas/product-save"
import { type VariantInput, variantSchema } from "@shared/schemas/variant"

import { type Failure, failureDetail } from "~/lib/backend-errors.server"
import { saveProduct } from "~/lib/data/staff/catalog.server"
import { type Admin, attempt } from "~/lib/data/staff/client.server"

import {
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  MAX_VARIANTS,
  MAX_VARIANTS_HINT,
  NO_VARIANT_MESSAGE,
  ONLY_VARIANT_HINT,
  type ProductFormErrors,
  type ProductFormValues,
  type VariantRow,
  withAddedRow,
  withoutRow,
} from "./product-form"

/** A form of at most one picture and a few text fields. */
const MAX_BODY_BYTES = MAX_IMAGE_BYTES + 1024 * 1024

/**
 * The posted form: multipart (with the optional image, at most 5 MB) or
 * urlencoded. `tooLarge` when the body or the picture is over the limit (the
 * form's values are then unknown).
 */
export async function readAdminForm(request: Request): Promise<{ form: FormData; tooLarge: boolean }> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) return { form: new FormData(), tooLarge: true }
  const type = request.headers.get("Content-Type") ?? ""
  if (!type.startsWith("multipart/form-data")) return { form: await request.formData(), tooLarge: false }
  try {
    const form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({
        maxPartSize: MAX_IMAGE_BYTES,
        // Text fields, and the one picture; other files are dropped unread.
        filter: ({ name, filename }) => filename === undefined || name === "image",
      })
    )
    return { form, tooLarge: false }
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { form: new FormData(), tooLarge: true }
    throw error
  }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === "string" ? value : ""
}
const flag = (form: FormData, name: string) => ["on", "true", "1"].includes(text(form, name))

/** The form's values as posted (rows in order), and the picture if one was chosen. */
export function readProductValues(form: FormData): { values: ProductFormValues; image: File | null } {
  const all = (name: string) => form.getAll(name).map((value) => (typeof value === "string" ? value : ""))
  const ids = all("variant_id")
  const names = all("variant_name")
  const prices = all("variant_price")
  const stocks = all("variant_stock")
  const originals = all("variant_original")
  const count = Math.min(Math.max(ids.length, names.length, prices.length, stocks.length), 20)
  const variants: VariantRow[] = Array.from({ length: count }, (_, i) => ({
    key: ids[i] || `row-${i}`,
    id: (ids[i] ?? "").trim(),
    name: names[i] ?? "",
    price: prices[i] ?? "",
    stock: stocks[i] ?? "",
    original: originals[i] ?? "",
  }))
  const image = form.get("image")
  return {
    values: {
      name: text(form, "name"),
      description: text(form, "description"),
      category: text(form, "category"),
      is_popular: flag(form, "is_popular"),
      prescription: flag(form, "prescription"),
      variants,
    },
    image: image instanceof File && image.size > 0 ? image : null,
  }
}

/**
 * The variant rows' buttons without JavaScript: "add-variant" adds an empty
 * row (at most 5), "remove-variant-N" removes row N (never the only one).
 * Returns the new rows and a message when the button was refused, or null
 * when `intent` is not a row button.
 */
export function applyRowIntent(values: ProductFormValues, intent: string): { values: ProductFormValues; errors: ProductFormErrors } | null {
  if (intent === "add-variant") {
    const full = values.variants.length >= MAX_VARIANTS
    return { values: { ...values, variants: withAddedRow(values.variants) }, errors: full ? { variants: MAX_VARIANTS_HINT } : {} }
  }
  const match = /^remove-variant-(\d+)$/.exec(intent)
  if (!match) return null
  const only = values.variants.length <= 1
  return {
    values: { ...values, variants: withoutRow(values.variants, Number(match[1])) },
    errors: only ? { variants: ONLY_VARIANT_HINT } : {},
  }
}

export type ValidVariant = VariantInput & {
  /** The row's index in the form. */
  index: number
  /** Existing variant id, or null for a new one. */
  id: string | null
  /** What the form showed for an existing variant. */
  original: Partial<VariantInput> | null
}

export type ValidProductForm = { product: ProductInput; variants: ValidVariant[] }

const isBlank = (row: VariantRow) => !row.name.trim() && !row.price.trim() && !row.stock.trim()

function parseOriginal(text: string): Partial<VariantInput> | null {
  if (!text) return null
  try {
    const value = JSON.parse(text)
    return value && typeof value === "object" ? value : null
  } catch {
    return null
  }
}

/**
 * Spec §5 with the backend's schemas: name, category and description
 * required; at least one variant with name, price and stock all filled ('Please
 * add at least one product variant'); at most 5; no two variants with the same
 * name (the backend's rule, shown beside the row); the picture a PNG, JPEG, GIF
 * or WebP. An empty new row is ignored; a half-filled one says what it lacks.
 */
export async function validateProductForm(
  values: ProductFormValues,
  image: File | null
): Promise<{ ok: true; valid: ValidProductForm } | { ok: false; errors: ProductFormErrors }> {
  const errors: ProductFormErrors = {}
  const product = productSchema.safeParse({
    name: values.name,
    description: values.description,
    category: values.category,
    is_popular: values.is_popular,
    prescription: values.prescription,
  })
  if (!product.success) Object.assign(errors, fieldErrors(product.error))

  if (image && !sniffImageType(new Uint8Array(await image.slice(0, 16).arrayBuffer()))) errors.image = IMAGE_TYPE_MESSAGE
  if (image && image.size > MAX_IMAGE_BYTES) errors.image = IMAGE_SIZE_MESSAGE

  const variants: ValidVariant[] = []
  const rows = values.variants
  rows.forEach((row, index) => {
    if (!row.id && isBlank(row)) return
    const missing: Record<string, string> = {}
    if (!row.name.trim()) missing[`variants.${index}.name`] = "Variant name is required"
    if (!row.price.trim()) missing[`variants.${index}.price`] = "Price is required"
    if (!row.stock.trim()) missing[`variants.${index}.stock`] = "Stock is required"
    const parsed = variantSchema.safeParse({ name: row.name, price: row.price, stock: row.stock })
    if (!parsed.success) {
      for (const [field, message] of Object.entries(fieldErrors(parsed.error))) {
        errors[`variants.${index}.${field}`] = missing[`variants.${index}.${field}`] ?? message
      }
      return
    }
    variants.push({ ...parsed.data, index, id: row.id || null, original: row.id ? parseOriginal(row.original) : null })
  })
  const names = variants.map((variant) => ({ name: variant.name, named: !variant.original || variant.original.name !== variant.name }))
  for (const clashing of clashingNameIndexes(names)) {
    const { index, name } = variants[clashing]
    errors[`variants.${index}.name`] ??= duplicateVariantNameMessage(name)
  }
  if (variants.length === 0) errors.variants = NO_VARIANT_MESSAGE
  else if (rows.filter((row) => row.id || !isBlank(row)).length > MAX_VARIANTS) errors.variants = MAX_VARIANTS_HINT

  if (Object.keys(errors).length > 0 || !product.success) return { ok: false, errors }
  return { ok: true, valid: { product: product.data, variants } }
}

/**
 * The product and its whole variant list as the backend's one save takes them
 * (multipart, for the picture; the variants as JSON): new variants with all
 * their fields, existing ones by id with only what changed.
 */
function saveBody(product: ProductInput, variants: SavedVariantInput[], image: File | null): FormData {
  const body = new FormData()
  body.set("name", product.name)
  body.set("description", product.description)
  body.set("category", product.category)
  body.set("is_popular", String(product.is_popular ?? false))
  body.set("prescription", String(product.prescription ?? false))
  body.set("variants", JSON.stringify(variants))
  if (image) body.set("image", image, image.name || "image")
  return body
}

export type SaveFailure = { failure: Failure; detail: string | null }

const described = (failure: Failure): SaveFailure => ({ failure, detail: failureDetail(failure) })

/**
 * Add product: one call saves the product with its variants (one backend
 * workflow), so a refused variant leaves nothing half made.
 */
export async function createProduct(
  admin: Admin,
  valid: ValidProductForm,
  image: File | null
): Promise<{ ok: true; id: string } | ({ ok: false } & SaveFailure)> {
  const variants = valid.variants.map(({ name, price, stock }) => ({ name, price, stock }))
  const created = await attempt("adding a product", () => saveProduct(admin, saveBody(valid.product, variants, image)))
  if (!created.ok) return { ok: false, ...described(created.failure) }
  return { ok: true, id: created.value.id }
}

/** Only what changed since the form was shown, so a sale in the meantime is not overwritten by an unchanged stock figure. */
function variantChanges(variant: ValidVariant): Partial<VariantInput> {
  const original = variant.original
  if (!original) return { name: variant.name, price: variant.price, stock: variant.stock }
  const changes: Partial<VariantInput> = {}
  if (variant.name !== original.name) changes.name = variant.name
  if (variant.price !== Number(original.price)) changes.price = variant.price
  if (variant.stock !== Number(original.stock)) changes.stock = variant.stock
  return changes
}

/** The variant list the backend saves: in the form's order; an existing variant by id with its changed fields (none: kept as it is). */
export function savedVariants(valid: ValidProductForm): SavedVariantInput[] {
  return valid.variants.map((variant) =>
    variant.id ? { id: variant.id, ...variantChanges(variant) } : { name: variant.name, price: variant.price, stock: variant.stock }
  )
}

export type UpdateResult = { ok: true } | ({ ok: false; values: ProductFormValues } & SaveFailure)

/**
 * Saving an inline edit: one call with the product's fields and its whole
 * variant list (one backend workflow): existing variants send only the fields
 * changed since the form was shown, new rows are added, variants removed from
 * the form are deleted. When any part is refused nothing is saved, and the
 * form comes back as it was sent.
 */
export async function updateProduct(
  admin: Admin,
  current: Pick<LegacyProduct, "id">,
  values: ProductFormValues,
  valid: ValidProductForm,
  image: File | null
): Promise<UpdateResult> {
  const saved = await attempt("updating a product", () =>
    saveProduct(admin, saveBody(valid.product, savedVariants(valid), image), current.id)
  )
  if (!saved.ok) return { ok: false, values, ...described(saved.failure) }
  return { ok: true }
}
