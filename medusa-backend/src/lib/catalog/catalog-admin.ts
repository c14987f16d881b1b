/**
 * What staff writes through the legacy `/api` need to know about Medusa's
 * catalogue beyond the storefront read model (./catalog.ts): the
 * product's options and variants, a variant's prices and inventory levels, and
 * where new products and stock go (sales channel, shipping profile,
 * warehouse). Writes themselves go through the workflows in
 * src/workflows/catalog. Rows are ./product-row.ts.
 *
 * The legacy API manages the storefront's catalogue: published products of
 * the storefront's sales channel. Anything else (drafts made in Medusa Admin,
 * other channels) is "not found" here, as it is in the product list.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"

import { STORE } from "../../shared/store-constants"
import { queryRows } from "../query-rows"
import { resolveStoreContext } from "../store-context"
import type { ProductRow, VariantRow } from "./product-row"

export type CatalogWriteContext = {
  sales_channel_id: string
  shipping_profile_id: string
  stock_location_id: string
}

let writeContext: Promise<CatalogWriteContext> | undefined
export function resolveCatalogWriteContext(container: MedusaContainer): Promise<CatalogWriteContext> {
  writeContext ??= (async () => {
    const { sales_channel_id } = await resolveStoreContext(container)
    const [profile] = await container.resolve(Modules.FULFILLMENT).listShippingProfiles({ type: "default" })
    const [location] = await container.resolve(Modules.STOCK_LOCATION).listStockLocations({ name: STORE.warehouse.name })
    if (!profile || !location) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The store is not set up: run the seed")
    }
    return { sales_channel_id, shipping_profile_id: profile.id, stock_location_id: location.id }
  })().catch((error) => {
    writeContext = undefined
    throw error
  })
  return writeContext
}

/** The whole row (./product-row.ts). */
const VARIANT_FIELDS = [
  "id",
  "title",
  "variant_rank",
  "created_at",
  "product_id",
  "manage_inventory",
  "allow_backorder",
  "metadata",
  "options.id",
  "options.value",
  "options.option_id",
  "prices.id",
  "prices.amount",
  "prices.currency_code",
  "prices.rules_count",
  "prices.price_list_id",
  "inventory_items.inventory_item_id",
  "inventory_items.required_quantity",
  "inventory_items.inventory.location_levels.location_id",
  "inventory_items.inventory.location_levels.stocked_quantity",
  "inventory_items.inventory.location_levels.reserved_quantity",
]

const PRODUCT_FIELDS = [
  "id",
  "title",
  "handle",
  "status",
  "external_id",
  "description",
  "thumbnail",
  "metadata",
  "created_at",
  "images.url",
  "sales_channels.id",
  "categories.id",
  "categories.name",
  "options.id",
  "options.title",
  "options.is_exclusive",
  "options.values.id",
  "options.values.value",
  ...VARIANT_FIELDS.map((field) => `variants.${field}`),
]

const inCatalog = (product: { status: string; sales_channels?: ({ id: string } | null)[] | null }, salesChannelId: string) =>
  product.status === "published" && !!product.sales_channels?.some((channel) => channel?.id === salesChannelId)

/** A product of the storefront's catalogue, with what writes need; null when there is none with this id. */
export async function loadCatalogProductRow(container: MedusaContainer, id: string): Promise<ProductRow | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { sales_channel_id } = await resolveStoreContext(container)
  const { data } = await query.graph({ entity: "product", fields: PRODUCT_FIELDS, filters: { id } })
  const product: ProductRow | undefined = queryRows<ProductRow>(data)[0]
  return product && inCatalog(product, sales_channel_id) ? normalizeProduct(product) : null
}

/** A variant of a catalogue product; null when there is none with this id. */
export async function loadCatalogVariantRow(container: MedusaContainer, id: string): Promise<VariantRow | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "product_variant", fields: ["id", "product_id"], filters: { id } })
  const productId = (data[0] as { product_id?: string } | undefined)?.product_id
  if (!productId) return null
  const product = await loadCatalogProductRow(container, productId)
  return product?.variants.find((variant) => variant.id === id) ?? null
}

function normalizeProduct(product: ProductRow): ProductRow {
  return {
    ...product,
    images: (product.images ?? []).filter(Boolean),
    categories: (product.categories ?? []).filter(Boolean),
    options: (product.options ?? []).filter(Boolean).map((o) => ({ ...o, values: (o.values ?? []).filter(Boolean) })),
    variants: (product.variants ?? []).filter(Boolean).map((v) => ({
      ...v,
      options: (v.options ?? []).filter(Boolean),
      prices: (v.prices ?? []).filter(Boolean),
      inventory_items: (v.inventory_items ?? []).filter(Boolean),
    })),
  }
}

/** The variant's own US dollar price (no rules, not a price list): what the legacy `price` edits. */
export function basePrice(variant: VariantRow) {
  return variant.prices.find((p) => p.currency_code === STORE.currency && !p.rules_count && !p.price_list_id) ?? null
}

/**
 * The price list a variant's price update sends to Medusa: every existing
 * price kept as it is (other currencies, rule-based prices), the base USD
 * price set to `amount`.
 */
export function pricesWithBaseAmount(variant: VariantRow, amount: number) {
  const base = basePrice(variant)
  const others = variant.prices
    .filter((p) => p !== base && !p.price_list_id)
    .map((p) => ({ id: p.id, amount: Number(p.amount), currency_code: p.currency_code }))
  return [...others, base ? { id: base.id, amount, currency_code: base.currency_code } : { amount, currency_code: STORE.currency }]
}

/** Where a variant's legacy stock lives: its only inventory item at the warehouse. */
export function stockTarget(variant: VariantRow, stockLocationId: string) {
  if (!variant.manage_inventory) return { kind: "untracked" as const }
  if (variant.inventory_items.length !== 1 || Number(variant.inventory_items[0].required_quantity ?? 1) !== 1) {
    return { kind: "kit" as const }
  }
  const item = variant.inventory_items[0]
  return { kind: "item" as const, inventory_item_id: item.inventory_item_id, location_id: stockLocationId }
}

/** A handle no other product or category has: `base`, else `base-2`, `base-3`... */
export async function uniqueHandle(container: MedusaContainer, entity: "product" | "product_category", base: string): Promise<string> {
  const slug =
    base
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || entity.replace("product_", "")
  const productModule = container.resolve(Modules.PRODUCT)
  const taken = async (handle: string) =>
    entity === "product"
      ? (await productModule.listProducts({ handle }, { select: ["id"], withDeleted: true })).length > 0
      : (await productModule.listProductCategories({ handle }, { select: ["id"], withDeleted: true })).length > 0
  if (!(await taken(slug))) return slug
  for (let n = 2; n < 1000; n++) {
    if (!(await taken(`${slug}-${n}`))) return `${slug}-${n}`
  }
  return `${slug}-${Date.now().toString(36)}`
}
