/**
 * Staff changes to the catalogue in the legacy shapes (spec §3, §5): the
 * rules Medusa does not know (at most 5 variants, never the last one, unique
 * variant and category names, a category must exist, "stock" means what can
 * still be sold), then Medusa's workflows (src/workflows/legacy-catalog.ts and
 * core-flows) for the writes. Used by the /api routes and the legacy import.
 *
 * Checks that depend on a product's variants run under a lock per product, so
 * two concurrent requests cannot both add a 5th variant or both delete one of
 * the last two.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import {
  createProductCategoriesWorkflow,
  deleteProductCategoriesWorkflow,
  deleteProductsWorkflow,
  updateProductCategoriesWorkflow,
} from "@medusajs/medusa/core-flows"
import { LAST_VARIANT_MESSAGE, MAX_VARIANTS_MESSAGE, type VariantInput, type VariantUpdate } from "../shared/schemas/variant"
import type { ProductInput, ProductUpdate } from "../shared/schemas/product"
import { STORE } from "../shared/store-constants"
import {
  createLegacyProductWorkflow,
  createLegacyVariantWorkflow,
  deleteLegacyVariantWorkflow,
  updateLegacyProductWorkflow,
  updateLegacyVariantWorkflow,
  type CreateLegacyVariantInput,
  type ImageFile,
  type UpdateLegacyVariantInput,
} from "../workflows/catalog/workflows/legacy-catalog"
import {
  loadCatalogProductRow,
  loadCatalogVariantRow,
  pricesWithBaseAmount,
  resolveCatalogWriteContext,
  stockTarget,
  uniqueHandle,
  type ProductRow,
} from "./catalog-admin"
import { invalidateCatalog, UNTRACKED_STOCK } from "./catalog"
import { InputError } from "./input-error"
import { productFlagsMetadata } from "./product-flags"

const notFound = (what: string) => new MedusaError(MedusaError.Types.NOT_FOUND, `${what} not found.`)
const conflict = (message: string) => new MedusaError(MedusaError.Types.CONFLICT, message)
const sameName = (a: string | null | undefined, b: string) => (a ?? "").trim().toLowerCase() === b.trim().toLowerCase()

async function withLock<T>(container: MedusaContainer, key: string, job: () => Promise<T>): Promise<T> {
  return await container.resolve(Modules.LOCKING).execute(key, job, { timeout: 30 })
}

// ---------------------------------------------------------------------------
// Categories: active, public product categories of Medusa.

export type LegacyCategory = { id: string; name: string }

export async function listCategories(container: MedusaContainer): Promise<LegacyCategory[]> {
  const categories = await container
    .resolve(Modules.PRODUCT)
    .listProductCategories({ is_active: true, is_internal: false }, { select: ["id", "name"], order: { rank: "ASC", created_at: "ASC" }, take: null })
  return categories.map((c) => ({ id: c.id, name: c.name }))
}

export async function getCategory(container: MedusaContainer, id: string): Promise<LegacyCategory> {
  const category = (await listCategories(container)).find((c) => c.id === id)
  if (!category) throw notFound("Category")
  return category
}

async function assertUniqueCategoryName(container: MedusaContainer, name: string, exceptId?: string) {
  const all = await container.resolve(Modules.PRODUCT).listProductCategories({}, { select: ["id", "name"], take: null })
  if (all.some((c) => c.id !== exceptId && sameName(c.name, name))) {
    const message = `A category named "${name}" already exists`
    throw new InputError(message, { name: message })
  }
}

export async function createCategory(container: MedusaContainer, input: { name: string; metadata?: Record<string, unknown> }) {
  return withLock(container, "legacy-api:categories", async () => {
    await assertUniqueCategoryName(container, input.name)
    const handle = await uniqueHandle(container, "product_category", input.name)
    const { result } = await createProductCategoriesWorkflow(container).run({
      input: {
        product_categories: [{ name: input.name, handle, is_active: true, is_internal: false, metadata: input.metadata }],
      },
    })
    invalidateCatalog()
    return { id: result[0].id, name: result[0].name }
  })
}

export async function renameCategory(container: MedusaContainer, id: string, input: { name: string; metadata?: Record<string, unknown> }) {
  return withLock(container, "legacy-api:categories", async () => {
    await getCategory(container, id)
    await assertUniqueCategoryName(container, input.name, id)
    // The handle stays: links and the seed find categories by it.
    await updateProductCategoriesWorkflow(container).run({
      input: { selector: { id }, update: { name: input.name, ...(input.metadata ? { metadata: input.metadata } : {}) } },
    })
    invalidateCatalog()
    return { id, name: input.name }
  })
}

/** Refused (409) while products are in the category: they would silently lose it. */
export async function deleteCategory(container: MedusaContainer, id: string) {
  return withLock(container, "legacy-api:categories", async () => {
    await getCategory(container, id)
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "product_category", fields: ["id", "products.id", "category_children.id"], filters: { id } })
    const products = ((data[0] as any)?.products ?? []).filter(Boolean).length
    if (products) {
      throw conflict(
        `This category still has ${products} product${products === 1 ? "" : "s"}. Move or delete ${products === 1 ? "it" : "them"} first.`
      )
    }
    if (((data[0] as any)?.category_children ?? []).filter(Boolean).length) {
      throw conflict("This category has subcategories (Medusa Admin). Remove them first.")
    }
    await deleteProductCategoriesWorkflow(container).run({ input: [id] })
    invalidateCatalog()
  })
}

async function assertCategoryExists(container: MedusaContainer, id: string) {
  const [category] = await container.resolve(Modules.PRODUCT).listProductCategories({ id, is_active: true, is_internal: false }, { select: ["id"] })
  if (!category) {
    const message = `Unknown category: ${id}`
    throw new InputError(message, { category: message })
  }
}

// ---------------------------------------------------------------------------
// Products

export type ProductExtras = {
  /** A new picture (checked by the caller: PNG, JPEG, GIF or WebP, at most 5 MB). */
  image?: { buffer: Buffer; mimeType: string; extension: string } | null
  /** An already hosted picture (the import keeps some remote URLs). */
  image_url?: string | null
  external_id?: string
  /** Metadata besides the flags (the import records where a product came from). */
  metadata?: Record<string, unknown>
}

const imageFile = (handle: string, image: NonNullable<ProductExtras["image"]>): ImageFile => ({
  filename: `${handle}.${image.extension}`,
  mimeType: image.mimeType,
  content: image.buffer.toString("base64"),
})

export async function createProduct(container: MedusaContainer, input: ProductInput, extras: ProductExtras = {}) {
  await assertCategoryExists(container, input.category)
  const context = await resolveCatalogWriteContext(container)
  const handle = await uniqueHandle(container, "product", input.name)
  const { result } = await createLegacyProductWorkflow(container).run({
    input: {
      title: input.name,
      description: input.description,
      category_id: input.category,
      handle,
      external_id: extras.external_id,
      metadata: {
        ...extras.metadata,
        ...productFlagsMetadata({ prescription: input.prescription ?? false, is_popular: input.is_popular ?? false }),
      },
      sales_channel_id: context.sales_channel_id,
      shipping_profile_id: context.shipping_profile_id,
      image: extras.image ? imageFile(handle, extras.image) : null,
      image_url: extras.image_url ?? null,
    },
  })
  invalidateCatalog()
  return result.id
}

async function catalogProduct(container: MedusaContainer, id: string): Promise<ProductRow> {
  const product = await loadCatalogProductRow(container, id)
  if (!product) throw notFound("Product")
  return product
}

export async function updateProduct(container: MedusaContainer, id: string, update: ProductUpdate, extras: ProductExtras = {}) {
  const product = await catalogProduct(container, id)
  if (update.category !== undefined) await assertCategoryExists(container, update.category)
  const flags = productFlagsMetadata({ prescription: update.prescription, is_popular: update.is_popular })
  const metadataChanges = { ...extras.metadata, ...flags }
  await updateLegacyProductWorkflow(container).run({
    input: {
      id,
      title: update.name,
      description: update.description,
      category_id: update.category,
      metadata: Object.keys(metadataChanges).length ? { ...(product.metadata ?? {}), ...metadataChanges } : undefined,
      image: extras.image ? imageFile(product.handle, extras.image) : null,
      image_url: extras.image_url ?? null,
    },
  })
  invalidateCatalog()
}

export async function deleteProduct(container: MedusaContainer, id: string) {
  await catalogProduct(container, id)
  await deleteProductsWorkflow(container).run({ input: { ids: [id] } })
  invalidateCatalog()
}

// ---------------------------------------------------------------------------
// Variants

const lockKey = (productId: string) => `legacy-api:product:${productId}`

function assertUniqueVariantName(product: ProductRow, name: string, exceptId?: string) {
  if (product.variants.some((v) => v.id !== exceptId && sameName(v.title, name))) {
    const message = `This product already has a variant named "${name}"`
    throw new InputError(message, { name: message })
  }
}

const SEVERAL_OPTIONS =
  "This product's variants are defined by several options (Medusa Admin); change their names there."

export async function addVariant(
  container: MedusaContainer,
  productId: string,
  input: VariantInput,
  extras: { metadata?: Record<string, unknown> } = {}
) {
  await catalogProduct(container, productId)
  const context = await resolveCatalogWriteContext(container)
  return withLock(container, lockKey(productId), async () => {
    const product = await catalogProduct(container, productId)
    if (product.variants.length >= STORE.maxVariantsPerProduct) throw new InputError(MAX_VARIANTS_MESSAGE)
    assertUniqueVariantName(product, input.name)
    let option: CreateLegacyVariantInput["option"]
    if (product.options.length === 0) option = product.variants.length ? { kind: "none" } : { kind: "new" }
    else if (product.options.length === 1) option = { kind: "existing", id: product.options[0].id, title: product.options[0].title }
    else throw conflict(SEVERAL_OPTIONS)
    const rank = Math.max(-1, ...product.variants.map((v) => Number(v.variant_rank ?? 0))) + 1
    const { result } = await createLegacyVariantWorkflow(container).run({
      input: {
        product_id: productId,
        name: input.name,
        price: input.price,
        stock: input.stock,
        stock_location_id: context.stock_location_id,
        variant_rank: rank,
        metadata: extras.metadata,
        option,
      },
    })
    invalidateCatalog()
    return result.id
  })
}

/** The variant's value of the product's only option, and whether another variant shares it. */
function optionValueOf(product: ProductRow, variantId: string) {
  if (product.options.length !== 1) return null
  const option = product.options[0]
  const variant = product.variants.find((v) => v.id === variantId)!
  const value = variant.options.find((o) => o.option_id === option.id) ?? variant.options[0]
  if (!value) return null
  const shared = product.variants.some((v) => v.id !== variantId && v.options.some((o) => o.id === value.id))
  return { option, value, shared }
}

export async function updateVariant(
  container: MedusaContainer,
  variantId: string,
  update: VariantUpdate,
  extras: { metadata?: Record<string, unknown> } = {}
) {
  const found = await loadCatalogVariantRow(container, variantId)
  if (!found) throw notFound("Variant")
  const context = await resolveCatalogWriteContext(container)
  return withLock(container, lockKey(found.product_id), async () => {
    const product = await catalogProduct(container, found.product_id)
    const variant = product.variants.find((v) => v.id === variantId)
    if (!variant) throw notFound("Variant")
    const input: UpdateLegacyVariantInput = { id: variantId, product_id: product.id }

    if (update.name !== undefined && update.name !== variant.title) {
      assertUniqueVariantName(product, update.name, variantId)
      input.title = update.name
      if (product.options.length > 1) throw conflict(SEVERAL_OPTIONS)
      const current = optionValueOf(product, variantId)
      if (current && current.value.value !== update.name) {
        input.rename = {
          option_id: current.option.id,
          option_title: current.option.title,
          old_value_id: current.value.id,
          unlink_old_value: !current.shared,
          delete_old_value: !current.shared && current.option.is_exclusive,
        }
      }
    }
    if (update.price !== undefined) input.prices = pricesWithBaseAmount(variant, update.price)
    if (update.stock !== undefined) {
      const target = stockTarget(variant, context.stock_location_id)
      if (target.kind === "item") {
        input.stock = { inventory_item_id: target.inventory_item_id, location_id: target.location_id, sellable: update.stock }
      } else if (!(target.kind === "untracked" && update.stock === UNTRACKED_STOCK)) {
        throw conflict(
          target.kind === "untracked"
            ? "Medusa does not track this variant's stock; turn on \"Manage inventory\" in Medusa Admin to set it."
            : "This variant's stock is made of several inventory items (Medusa Admin); set it there."
        )
      }
    }
    if (extras.metadata) input.metadata = extras.metadata
    await updateLegacyVariantWorkflow(container).run({ input })
    invalidateCatalog()
    return product.id
  })
}

export async function deleteVariant(container: MedusaContainer, variantId: string) {
  const found = await loadCatalogVariantRow(container, variantId)
  if (!found) throw notFound("Variant")
  return withLock(container, lockKey(found.product_id), async () => {
    const product = await catalogProduct(container, found.product_id)
    if (!product.variants.some((v) => v.id === variantId)) throw notFound("Variant")
    if (product.variants.length <= 1) throw new InputError(LAST_VARIANT_MESSAGE)
    const current = optionValueOf(product, variantId)
    await deleteLegacyVariantWorkflow(container).run({
      input: {
        id: variantId,
        product_id: product.id,
        option_value:
          current && !current.shared
            ? { option_id: current.option.id, value_id: current.value.id, unlink: true, delete: current.option.is_exclusive }
            : undefined,
      },
    })
    invalidateCatalog()
    return product.id
  })
}
