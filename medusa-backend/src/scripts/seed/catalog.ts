/**
 * Catalogue seed: categories, products with variants and prices, pictures and
 * stock. Looks up by handle first, so a second run creates nothing and never
 * resets stock that orders have already used.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import {
  createInventoryLevelsWorkflow,
  createProductCategoriesWorkflow,
  createProductsWorkflow,
  updateProductsWorkflow,
  uploadFilesWorkflow,
} from "@medusajs/medusa/core-flows"

import { productFlagsMetadata } from "../../lib/catalog/product-flags"
import { STORE } from "../../shared/store-constants"
import { SEED_CATEGORIES, SEED_PRODUCTS, type SeedProduct } from "./catalog-data"
import { renderProductArt } from "./product-art"
import type { StoreSetup } from "./store"

export async function seedCatalog(container: MedusaContainer, setup: StoreSetup) {
  const categoryIds = await ensureCategories(container)
  const productModule = container.resolve(Modules.PRODUCT)
  const existing = await productModule.listProducts({ handle: SEED_PRODUCTS.map((p) => p.handle) }, { select: ["handle"], take: null })
  const existingHandles = new Set(existing.map((p) => p.handle))
  const missing = SEED_PRODUCTS.filter((p) => !existingHandles.has(p.handle))
  for (const product of missing) {
    await createSeedProduct(container, product, categoryIds, setup)
  }
  await ensureRefrigeratedFlags(container)
  return { created: missing.length, existing: existingHandles.size }
}

/**
 * Databases seeded before the flag existed (decision 0059): the seeded refrigerated products get
 * `metadata.refrigerated` when they have no value for it; a value staff set (true or false) is kept.
 */
async function ensureRefrigeratedFlags(container: MedusaContainer) {
  const handles = SEED_PRODUCTS.filter((p) => p.refrigerated).map((p) => p.handle)
  const productModule = container.resolve(Modules.PRODUCT)
  const products = await productModule.listProducts({ handle: handles }, { select: ["id", "metadata"], take: null })
  const unset = products.filter((product) => product.metadata?.refrigerated === undefined || product.metadata?.refrigerated === null)
  if (!unset.length) return
  await updateProductsWorkflow(container).run({
    input: { products: unset.map((product) => ({ id: product.id, metadata: { ...product.metadata, refrigerated: true } })) },
  })
}

export async function ensureCategories(container: MedusaContainer): Promise<Record<string, string>> {
  const productModule = container.resolve(Modules.PRODUCT)
  const existing = await productModule.listProductCategories({ handle: SEED_CATEGORIES.map((c) => c.handle) }, { select: ["id", "handle"] })
  const ids: Record<string, string> = Object.fromEntries(existing.map((c) => [c.handle, c.id]))
  const missing = SEED_CATEGORIES.filter((c) => !ids[c.handle])
  if (missing.length) {
    const { result } = await createProductCategoriesWorkflow(container).run({
      input: {
        product_categories: missing.map((c) => ({
          name: c.name,
          handle: c.handle,
          description: c.description,
          is_active: true,
          is_internal: false,
        })),
      },
    })
    for (const category of result) ids[category.handle] = category.id
  }
  return ids
}

async function createSeedProduct(container: MedusaContainer, product: SeedProduct, categoryIds: Record<string, string>, setup: StoreSetup) {
  let imageUrl: string | undefined
  if (product.art) {
    const { result: files } = await uploadFilesWorkflow(container).run({
      input: {
        files: [
          {
            filename: `${product.handle}.svg`,
            mimeType: "image/svg+xml",
            content: Buffer.from(renderProductArt(product.art, product.title)).toString("base64"),
            access: "public",
          },
        ],
      },
    })
    imageUrl = files[0].url
  }

  const { result } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: product.title,
          handle: product.handle,
          description: product.description,
          status: ProductStatus.PUBLISHED,
          category_ids: [categoryIds[product.category]],
          thumbnail: imageUrl ?? null,
          images: imageUrl ? [{ url: imageUrl }] : [],
          metadata: {
            ...productFlagsMetadata({
              prescription: product.prescription,
              is_popular: product.is_popular,
              refrigerated: product.refrigerated ?? false,
            }),
            ...(product.controlled_schedule ? { controlled_schedule: product.controlled_schedule } : {}),
          },
          shipping_profile_id: setup.shippingProfileId,
          sales_channels: [{ id: setup.salesChannelId }],
          options: [{ title: product.optionTitle, values: product.variants.map((v) => v.title) }],
          variants: product.variants.map((variant, rank) => ({
            title: variant.title,
            // Shown in this order (Medusa's model has the column; the create type omits it).
            variant_rank: rank,
            sku: variant.sku,
            manage_inventory: true,
            allow_backorder: false,
            options: { [product.optionTitle]: variant.title },
            prices: [{ amount: variant.price, currency_code: STORE.currency }],
          })),
        },
      ],
    },
  })

  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: variants } = await query.graph({
    entity: "product_variant",
    fields: ["sku", "inventory_items.inventory_item_id"],
    filters: { product_id: result[0].id },
  })
  const stockBySku = new Map(product.variants.map((v) => [v.sku, v.stock]))
  await createInventoryLevelsWorkflow(container).run({
    input: {
      inventory_levels: variants.map((variant) => ({
        location_id: setup.stockLocationId,
        inventory_item_id: variant.inventory_items![0]!.inventory_item_id,
        stocked_quantity: stockBySku.get(variant.sku!) ?? 0,
      })),
    },
  })
}
