/**
 * Imports a legacy catalogue (spec §7 shapes: categories {id, name} and
 * products with variants, stock, flags and image URLs) into Medusa through the
 * same catalogue workflows as the /api (medusa-backend/src/workflows/catalog).
 *
 * Idempotent: every record remembers its legacy id (category and variant
 * metadata `legacy_id`, product `external_id` "legacy:<id>"), so a second run
 * updates what the first created and never duplicates it. Records are matched
 * by legacy id first, then categories and variants by name (so a catalogue
 * that already has them, like the seed, is adopted rather than duplicated).
 *
 * Everything is validated first with the API's own schemas; when anything is
 * invalid, nothing is written. Pictures: PNG, JPEG, GIF and WebP are copied
 * into Medusa's file module; anything else (SVG, unreachable, refused by the
 * network policy: http, a private address, too large) keeps its original URL,
 * with a warning. See docs/decisions/0009-legacy-import.md and 0047.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { z } from "zod"

import { loadProduct } from "../../medusa-backend/src/lib/catalog/catalog"
import { loadCatalogProductRow } from "../../medusa-backend/src/lib/catalog/catalog-admin"
import type { ProductRow } from "../../medusa-backend/src/lib/catalog/product-row"
import { categorySchema } from "../../medusa-backend/src/shared/schemas/category"
import { fieldErrors } from "../../medusa-backend/src/shared/schemas/fields"
import { IMAGE_EXTENSIONS, MAX_IMAGE_BYTES, productSchema, sniffImageType } from "../../medusa-backend/src/shared/schemas/product"
import { variantSchema } from "../../medusa-backend/src/shared/schemas/variant"
import { STORE } from "../../medusa-backend/src/shared/store-constants"
import {
  createCatalogCategoryWorkflow,
  renameCatalogCategoryWorkflow,
} from "../../medusa-backend/src/workflows/catalog/workflows/categories"
import {
  createCatalogProductWorkflow,
  type ImageUpload,
  updateCatalogProductWorkflow,
} from "../../medusa-backend/src/workflows/catalog/workflows/products"
import { createCatalogVariantWorkflow, updateCatalogVariantWorkflow } from "../../medusa-backend/src/workflows/catalog/workflows/variants"
import { guardedGet, type NetworkPolicy } from "./guarded-fetch"

/** A product's picture: a new upload, or an already hosted one's URL; and the import's metadata. */
type ProductExtras = { image?: ImageUpload | null; image_url?: string | null; metadata?: Record<string, unknown> }

export type LegacyCatalog = { categories: unknown[]; products: unknown[] }

const legacyId = z.union([z.string().trim().min(1), z.number().int()]).transform(String)

const legacyCategorySchema = categorySchema.extend({ id: legacyId })

const legacyVariantSchema = variantSchema.extend({ id: legacyId.optional() })

const legacyProductSchema = productSchema.omit({ category: true }).extend({
  id: legacyId,
  category: legacyId.nullish(),
  category_name: z.string().trim().nullish(),
  image: z.string().trim().nullish(),
  variants: z
    .array(legacyVariantSchema)
    .max(STORE.maxVariantsPerProduct, `A product can have at most ${STORE.maxVariantsPerProduct} variants`)
    .default([])
    .refine(
      (variants) => new Set(variants.map((v) => v.name.toLowerCase())).size === variants.length,
      "Variant names must be unique within a product"
    ),
})

type LegacyCategoryRecord = z.output<typeof legacyCategorySchema>
type LegacyProductRecord = z.output<typeof legacyProductSchema>

export type ImportReport = {
  categories: { created: number; updated: number; unchanged: number }
  products: { created: number; updated: number; unchanged: number }
  variants: { created: number; updated: number; unchanged: number }
  images: { uploaded: number; kept_remote: number; unchanged: number }
  warnings: string[]
  errors: string[]
}

export type ImportOptions = {
  /** Validate and report only. */
  dryRun?: boolean
  /** Downloads a picture (default: `downloadImage` under `network`). Returns null when it cannot be had. */
  download?: (url: string) => Promise<Uint8Array | null>
  /** What the default download may reach (default: https and public addresses only). */
  network?: NetworkPolicy
  log?: (line: string) => void
}

/**
 * A picture, under the network policy (./guarded-fetch.ts): https, public
 * addresses, redirects checked one by one, at most MAX_IMAGE_BYTES read (20 s).
 * Null when it cannot be had or is refused.
 */
export async function downloadImage(url: string, network: NetworkPolicy = {}): Promise<Uint8Array | null> {
  try {
    const answer = await guardedGet(url, { ...network, maxBytes: MAX_IMAGE_BYTES, timeoutMs: 20_000 })
    return answer.status >= 200 && answer.status <= 299 ? new Uint8Array(answer.body) : null
  } catch {
    return null
  }
}

/** Validates the whole catalogue: every problem, with where it is, or the parsed records. */
export function validateLegacyCatalog(data: LegacyCatalog) {
  const errors: string[] = []
  const categories: LegacyCategoryRecord[] = []
  const products: LegacyProductRecord[] = []
  const describe = (where: string, error: z.ZodError) =>
    Object.entries(fieldErrors(error)).map(([field, message]) => `${where}: ${field === "_" ? "" : `${field}: `}${message}`)
  data.categories.forEach((raw, i) => {
    const parsed = legacyCategorySchema.safeParse(raw)
    if (parsed.success) categories.push(parsed.data)
    else errors.push(...describe(`category #${i + 1} (${(raw as { name?: unknown })?.name ?? "?"})`, parsed.error))
  })
  data.products.forEach((raw, i) => {
    const parsed = legacyProductSchema.safeParse(raw)
    if (parsed.success) products.push(parsed.data)
    else errors.push(...describe(`product #${i + 1} (${(raw as { name?: unknown })?.name ?? "?"})`, parsed.error))
  })
  const seen = new Set<string>()
  for (const category of categories) {
    if (seen.has(category.id)) errors.push(`category ${category.id}: the id appears twice`)
    seen.add(category.id)
  }
  const productIds = new Set<string>()
  for (const product of products) {
    if (productIds.has(product.id)) errors.push(`product ${product.id}: the id appears twice`)
    productIds.add(product.id)
    const known = (product.category && seen.has(product.category)) || categories.some((c) => sameName(c.name, product.category_name))
    if (!known)
      errors.push(
        `product ${product.id} (${product.name}): its category (${product.category ?? product.category_name ?? "none"}) is not in the import`
      )
  }
  return { errors, categories, products }
}

const sameName = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase()

export async function importLegacyCatalog(
  container: MedusaContainer,
  data: LegacyCatalog,
  options: ImportOptions = {}
): Promise<ImportReport> {
  const log = options.log ?? (() => {})
  const download = options.download ?? ((url: string) => downloadImage(url, options.network))
  const report: ImportReport = {
    categories: { created: 0, updated: 0, unchanged: 0 },
    products: { created: 0, updated: 0, unchanged: 0 },
    variants: { created: 0, updated: 0, unchanged: 0 },
    images: { uploaded: 0, kept_remote: 0, unchanged: 0 },
    warnings: [],
    errors: [],
  }
  const { errors, categories, products } = validateLegacyCatalog(data)
  if (errors.length) {
    report.errors.push(...errors)
    return report
  }
  log(`Valid: ${categories.length} categories, ${products.length} products.`)
  if (options.dryRun) return report

  // Categories -------------------------------------------------------------
  const productModule = container.resolve(Modules.PRODUCT)
  const existing = await productModule.listProductCategories({}, { select: ["id", "name", "metadata"], take: null })
  const categoryIds = new Map<string, string>() // legacy id -> Medusa id
  const categoryIdsByName = new Map<string, string>()
  for (const legacy of categories) {
    const metadata = { legacy_id: legacy.id }
    const match =
      existing.find((c) => c.metadata?.legacy_id === legacy.id) ??
      existing.find((c) => c.id === legacy.id) ??
      existing.find((c) => sameName(c.name, legacy.name))
    try {
      if (!match) {
        const { result: created } = await createCatalogCategoryWorkflow(container).run({ input: { name: legacy.name, metadata } })
        categoryIds.set(legacy.id, created.id)
        report.categories.created++
      } else {
        categoryIds.set(legacy.id, match.id)
        if (match.name !== legacy.name || match.metadata?.legacy_id !== legacy.id) {
          await renameCatalogCategoryWorkflow(container).run({
            input: { id: match.id, name: legacy.name, metadata: { ...(match.metadata ?? {}), ...metadata } },
          })
          report.categories.updated++
        } else report.categories.unchanged++
      }
      categoryIdsByName.set(legacy.name.toLowerCase(), categoryIds.get(legacy.id)!)
    } catch (error) {
      report.errors.push(`category ${legacy.id} (${legacy.name}): ${messageOf(error)}`)
    }
  }

  // Products and variants -------------------------------------------------
  for (const legacy of products) {
    const where = `product ${legacy.id} (${legacy.name})`
    try {
      const categoryId =
        (legacy.category && categoryIds.get(legacy.category)) ||
        (legacy.category_name && categoryIdsByName.get(legacy.category_name.toLowerCase()))
      if (!categoryId) throw new Error("its category could not be imported")
      const fields = {
        name: legacy.name,
        description: legacy.description,
        category_id: categoryId,
        is_popular: legacy.is_popular ?? false,
        prescription: legacy.prescription ?? false,
      }
      let row = await findProduct(container, legacy.id)
      const extras = await imageExtras(legacy, row, download, report, where)
      if (!row) {
        const { result } = await createCatalogProductWorkflow(container).run({
          input: { ...fields, ...extras, external_id: externalId(legacy.id) },
        })
        const id = result.id
        report.products.created++
        row = (await loadCatalogProductRow(container, id))!
      } else {
        const shown = await loadProduct(container, row.id)
        const same =
          shown &&
          shown.name === fields.name &&
          shown.description === fields.description &&
          shown.category === fields.category_id &&
          shown.is_popular === fields.is_popular &&
          shown.prescription === fields.prescription &&
          !extras.image &&
          !extras.image_url
        if (same) report.products.unchanged++
        else {
          // Run by ops from the shell: trusted to change the prescription flag, audited under this name (decision 0045).
          await updateCatalogProductWorkflow(container).run({
            input: { id: row.id, ...fields, ...extras, actor_id: "system:legacy-import", via: "legacy-import" },
          })
          report.products.updated++
          row = (await loadCatalogProductRow(container, row.id))!
        }
      }
      const shownVariants = new Map((await loadProduct(container, row.id))?.variants.map((v) => [v.id, v]) ?? [])
      for (const variant of legacy.variants) {
        const match =
          (variant.id && row.variants.find((v) => v.metadata?.legacy_id === variant.id)) ||
          row.variants.find((v) => sameName(v.title, variant.name))
        const metadata = variant.id ? { legacy_id: variant.id } : undefined
        if (match) {
          const shown = shownVariants.get(match.id)
          const same =
            shown?.name === variant.name &&
            shown.price === variant.price &&
            shown.stock === variant.stock &&
            (!variant.id || match.metadata?.legacy_id === variant.id)
          if (same) {
            report.variants.unchanged++
            continue
          }
          await updateCatalogVariantWorkflow(container).run({
            input: { id: match.id, name: variant.name, price: variant.price, stock: variant.stock, metadata },
          })
          report.variants.updated++
        } else {
          await createCatalogVariantWorkflow(container).run({
            input: { product_id: row.id, name: variant.name, price: variant.price, stock: variant.stock, metadata },
          })
          report.variants.created++
        }
        row = (await loadCatalogProductRow(container, row.id))!
      }
      const extra = row.variants.filter((v) => !legacy.variants.some((l) => sameName(l.name, v.title)))
      if (extra.length) {
        report.warnings.push(
          `${where}: kept ${extra.length} variant(s) the legacy data does not have (${extra.map((v) => v.title).join(", ")})`
        )
      }
      log(`${where}: done`)
    } catch (error) {
      report.errors.push(`${where}: ${messageOf(error)}`)
    }
  }
  return report
}

const externalId = (id: string) => `legacy:${id}`

async function findProduct(container: MedusaContainer, legacyProductId: string): Promise<ProductRow | null> {
  const [byExternalId] = await container
    .resolve(Modules.PRODUCT)
    .listProducts({ external_id: externalId(legacyProductId) }, { select: ["id"] })
  if (byExternalId) return loadCatalogProductRow(container, byExternalId.id)
  // Re-importing into the backend the data came from: the legacy id is the Medusa id.
  return loadCatalogProductRow(container, legacyProductId)
}

/** The picture to give the product: uploaded when it is a raster image, else the original URL. */
async function imageExtras(
  legacy: LegacyProductRecord,
  row: ProductRow | null,
  download: (url: string) => Promise<Uint8Array | null>,
  report: ImportReport,
  where: string
): Promise<ProductExtras> {
  const url = legacy.image
  if (!url) return {}
  if (row && row.metadata?.legacy_image_url === url) {
    report.images.unchanged++
    return {}
  }
  if (!/^https?:\/\//i.test(url)) {
    report.warnings.push(`${where}: picture "${url}" is not an absolute http(s) URL; no picture imported`)
    return {}
  }
  const metadata = { legacy_image_url: url }
  const bytes = await download(url)
  const type = bytes ? sniffImageType(bytes) : null
  if (bytes && type) {
    report.images.uploaded++
    return { metadata, image: { content: Buffer.from(bytes).toString("base64"), mimeType: type, extension: IMAGE_EXTENSIONS[type] } }
  }
  report.images.kept_remote++
  report.warnings.push(`${where}: picture ${bytes ? "is not a PNG, JPEG, GIF or WebP" : "could not be downloaded"}; kept its URL ${url}`)
  return { metadata, image_url: url }
}

function messageOf(error: unknown): string {
  return String((error as { message?: unknown })?.message ?? error)
}
