/**
 * The catalogue rules of the spec that Medusa does not know, as steps of the
 * workflows they guard (so every caller obeys them: the /api, the legacy
 * import, a plugin calling the workflow): names are not blank, a product's
 * category exists, a product has at most 5 variants and never loses its last
 * one, variant and category names are unique where people choose between them.
 * Messages speak to staff and never contain internal ids.
 */
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { loadCatalogProductRow, type ProductRow } from "../../../lib/catalog-admin"
import { InputError } from "../../../lib/input-error"
import {
  clashingNameIndexes,
  duplicateVariantNameMessage,
  KEEP_ONE_VARIANT_MESSAGE,
  NO_VARIANTS_MESSAGE,
} from "../../../shared/schemas/product-save"
import { LAST_VARIANT_MESSAGE, MAX_VARIANTS_MESSAGE } from "../../../shared/schemas/variant"
import { STORE } from "../../../shared/store-constants"

const sameName = (a: string | null | undefined, b: string) => (a ?? "").trim().toLowerCase() === b.trim().toLowerCase()

export type NameRule = { field: string; label: string; value: string | undefined }

/** Each given name must have a non-blank value. Undefined means "not changing". */
export const validateNamesStep = createStep("validate-catalog-names", async (input: { names: NameRule[] }) => {
  const errors: Record<string, string> = {}
  for (const { field, label, value } of input.names) {
    if (value !== undefined && !String(value).trim()) errors[field] = `${label} is required`
  }
  const messages = Object.values(errors)
  if (messages.length) throw new InputError(messages.join("; "), errors)
  return new StepResponse(undefined)
})

/** The category a product goes into must be an active, public category. */
export const validateCategoryStep = createStep("validate-product-category", async (input: { category_id?: string }, { container }) => {
  if (input.category_id === undefined) return new StepResponse(undefined)
  const [category] = await container
    .resolve(Modules.PRODUCT)
    .listProductCategories({ id: input.category_id, is_active: true, is_internal: false }, { select: ["id"] })
  if (!category) {
    const message = "Choose an existing category"
    throw new InputError(message, { category: message })
  }
  return new StepResponse(undefined)
})

/** A product of the storefront's catalogue, read fresh (under the product's lock when the workflow holds it). */
export const loadCatalogProductStep = createStep("load-catalog-product", async (input: { product_id: string }, { container }) => {
  const product = await loadCatalogProductRow(container, input.product_id)
  if (!product) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Product not found.")
  return new StepResponse(product)
})

function assertUniqueVariantName(product: ProductRow, name: string, exceptId?: string) {
  if (product.variants.some((v) => v.id !== exceptId && sameName(v.title, name))) {
    const message = duplicateVariantNameMessage(name)
    throw new InputError(message, { name: message })
  }
}

export const SEVERAL_OPTIONS = "This product's variants are defined by several options (Medusa Admin); change their names there."

export type NewVariantOption = { kind: "new" } | { kind: "existing"; id: string; title: string } | { kind: "none" }

/**
 * A variant may be added: fewer than 5 so far, a name no other variant has.
 * Answers how it gets its option value and its place in the list.
 */
export const validateVariantAdditionStep = createStep("validate-variant-addition", async (input: { product: ProductRow; name: string }) => {
  const { product } = input
  if (product.variants.length >= STORE.maxVariantsPerProduct) throw new InputError(MAX_VARIANTS_MESSAGE)
  assertUniqueVariantName(product, input.name)
  let option: NewVariantOption
  if (product.options.length === 0) option = product.variants.length ? { kind: "none" } : { kind: "new" }
  else if (product.options.length === 1) option = { kind: "existing", id: product.options[0].id, title: product.options[0].title }
  else throw new MedusaError(MedusaError.Types.CONFLICT, SEVERAL_OPTIONS)
  const rank = Math.max(-1, ...product.variants.map((v) => Number(v.variant_rank ?? 0))) + 1
  return new StepResponse({ option, variant_rank: rank })
})

/** The variant's value of the product's only option, and whether another variant shares it. */
export function optionValueOf(product: ProductRow, variantId: string) {
  if (product.options.length !== 1) return null
  const option = product.options[0]
  const variant = product.variants.find((v) => v.id === variantId)!
  const value = variant.options.find((o) => o.option_id === option.id) ?? variant.options[0]
  if (!value) return null
  const shared = product.variants.some((v) => v.id !== variantId && v.options.some((o) => o.id === value.id))
  return { option, value, shared }
}

/** A variant may be removed: it belongs to the product, and it is not the product's only one. */
export const validateVariantRemovalStep = createStep(
  "validate-variant-removal",
  async (input: { product: ProductRow; variant_id: string }) => {
    const { product } = input
    if (!product.variants.some((v) => v.id === input.variant_id)) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Variant not found.")
    if (product.variants.length <= 1) throw new InputError(LAST_VARIANT_MESSAGE)
    const current = optionValueOf(product, input.variant_id)
    return new StepResponse({
      option_value:
        current && !current.shared
          ? { option_id: current.option.id, value_id: current.value.id, unlink: true, delete: current.option.is_exclusive }
          : undefined,
    })
  }
)

export { assertUniqueVariantName }

/** A variant of a whole variant list as one save sends it: an id (an existing variant, only the fields sent change) or a new one. */
export type VariantListEntry = { id?: string; name?: string; price?: number; stock?: number }

/**
 * A product's whole variant list, as one save sends it (the staff area's
 * product form), before anything is written: 1 to 5 variants (never none: an
 * edit cannot delete the last one), each existing one listed once, a new one
 * complete, a new product's names all different. A new product's list has no ids.
 * Messages per variant are keyed `variants.{index}.{field}`.
 */
export const validateVariantListStep = createStep(
  "validate-variant-list",
  async (input: { variants: VariantListEntry[]; creating: boolean }) => {
    const { variants } = input
    if (variants.length === 0) {
      const message = input.creating ? NO_VARIANTS_MESSAGE : KEEP_ONE_VARIANT_MESSAGE
      throw new InputError(message, { variants: message })
    }
    if (variants.length > STORE.maxVariantsPerProduct) throw new InputError(MAX_VARIANTS_MESSAGE, { variants: MAX_VARIANTS_MESSAGE })
    const errors: Record<string, string> = {}
    const listed = new Set<string>()
    variants.forEach((variant, index) => {
      if (variant.id) {
        if (input.creating) errors[`variants.${index}.id`] = "A new product has no existing variants to keep"
        else if (listed.has(variant.id)) errors[`variants.${index}.id`] = "The same variant is listed twice"
        listed.add(variant.id)
        return
      }
      if (variant.name === undefined) errors[`variants.${index}.name`] = "Variant name is required"
      if (variant.price === undefined) errors[`variants.${index}.price`] = "Price is required"
      if (variant.stock === undefined) errors[`variants.${index}.stock`] = "Stock is required"
    })
    // A new product's names (an edit's are checked against the product, planVariantListStep).
    if (input.creating) {
      for (const index of clashingNameIndexes(variants.map((v) => ({ name: v.name, named: true })))) {
        errors[`variants.${index}.name`] ??= duplicateVariantNameMessage(variants[index].name!)
      }
    }
    const messages = [...new Set(Object.values(errors))]
    if (messages.length) throw new InputError(messages.join("; "), errors)
    return new StepResponse(undefined)
  }
)

/** Category names are unique (case-insensitive): staff pick categories by name. */
export const validateUniqueCategoryNameStep = createStep(
  "validate-unique-category-name",
  async (input: { name: string; except_id?: string }, { container }) => {
    const all = await container.resolve(Modules.PRODUCT).listProductCategories({}, { select: ["id", "name"], take: null })
    if (all.some((c) => c.id !== input.except_id && sameName(c.name, input.name))) {
      const message = `A category named "${input.name.trim()}" already exists`
      throw new InputError(message, { name: message })
    }
    return new StepResponse(undefined)
  }
)

/** A category of the storefront (active, public); 404 otherwise. */
export const loadCatalogCategoryStep = createStep("load-catalog-category", async (input: { id: string }, { container }) => {
  const [category] = await container
    .resolve(Modules.PRODUCT)
    .listProductCategories({ id: input.id, is_active: true, is_internal: false }, { select: ["id", "name", "metadata"] })
  if (!category) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Category not found.")
  return new StepResponse({ id: category.id, name: category.name, metadata: (category.metadata ?? null) as Record<string, unknown> | null })
})

/** Refused (409) while products are in the category (they would silently lose it) or it has subcategories. */
export const validateCategoryEmptyStep = createStep("validate-category-empty", async (input: { id: string }, { container }) => {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "product_category",
    fields: ["id", "products.id", "category_children.id"],
    filters: { id: input.id },
  })
  const category: { products?: unknown[] | null; category_children?: unknown[] | null } | undefined = data[0]
  const products = (category?.products ?? []).filter(Boolean).length
  if (products) {
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `This category still has ${products} product${products === 1 ? "" : "s"}. Move or delete ${products === 1 ? "it" : "them"} first.`
    )
  }
  if ((category?.category_children ?? []).filter(Boolean).length) {
    throw new MedusaError(MedusaError.Types.CONFLICT, "This category has subcategories (Medusa Admin). Remove them first.")
  }
  return new StepResponse(undefined)
})
