/**
 * The catalogue read model: Medusa products, prices (calculated for the US
 * region, so price lists apply) and sellable stock, in the spec's product
 * shape. Both the legacy `/api/products` and the storefront's
 * `/store/catalog/*` routes read through here, so they always agree.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, QueryContext } from "@medusajs/framework/utils"

import {
  type CatalogCategory,
  type CatalogPage,
  type CatalogProduct,
  inPriceBucket,
  paginate,
  type PriceBucket,
  type ShopSort,
  sortProducts,
} from "../../shared/catalog"
import { STORE } from "../../shared/store-constants"
import { backendConfig } from "../config"
import { publicFileUrl } from "../public-url"
import { SharedSnapshot, type SnapshotCache } from "../shared-snapshot"
import { resolveStoreContext } from "../store-context"
import { isStockTracked, requiredUnits, sellableUnits } from "./inventory"
import { readControlledSchedule, readProductFlags } from "./product-flags"
import type { CatalogReadRow } from "./product-row"
import { buildSearchIndex, type SearchIndex, searchIndex } from "./search"

/** Shown for variants whose stock Medusa does not track: plenty, but a whole number. */
export const UNTRACKED_STOCK = 999

// ---------------------------------------------------------------------------
// Reading from Medusa. Two parts that change at different speeds: products,
// variants, prices and categories (staff edits), and sellable stock (every
// order). See docs/decisions/0016-catalogue-cache.md.

const PRODUCT_FIELDS = [
  "id",
  "title",
  "description",
  "thumbnail",
  "metadata",
  "created_at",
  "images.url",
  "categories.id",
  "categories.name",
  "sales_channels.id",
  "variants.id",
  "variants.title",
  "variants.variant_rank",
  "variants.created_at",
  "variants.manage_inventory",
  "variants.allow_backorder",
  "variants.inventory_items.inventory_item_id",
  "variants.inventory_items.required_quantity",
]

/**
 * Calculated prices are read in chunks: with more than 4,000 variants in one
 * Query (its batch size), Medusa 2.21 leaves the variants past the first batch
 * without `calculated_price` (seen at 5,900 variants).
 */
const PRICE_CHUNK = 1000

/** A variant before stock is known: which inventory items it draws on. */
type StaticVariant = { id: string; name: string; price: number; tracked: boolean; items: { id: string; required: number }[] }
type StaticProduct = Omit<CatalogProduct, "variants"> & { variants: StaticVariant[] }
type CategoryRow = { id: string; name: string; handle: string; description: string | null }

function toStaticProduct(row: CatalogReadRow, prices: Map<string, number>): StaticProduct {
  const category = row.categories?.find(Boolean) ?? null
  const variants = [...(row.variants ?? [])]
    .sort(
      (a, b) =>
        (a.variant_rank ?? 0) - (b.variant_rank ?? 0) ||
        new Date(a.created_at).getTime() - new Date(b.created_at).getTime() ||
        a.id.localeCompare(b.id)
    )
    .filter((variant) => prices.has(variant.id)) // unpriced: not for sale
    .map((variant) => ({
      id: variant.id,
      name: variant.title ?? "",
      price: Math.round(prices.get(variant.id)! * 100) / 100,
      tracked: isStockTracked(variant),
      items: (variant.inventory_items ?? [])
        .filter((link): link is NonNullable<typeof link> => Boolean(link?.inventory_item_id))
        .map((link) => ({ id: link.inventory_item_id, required: requiredUnits(link.required_quantity) })),
    }))
  return {
    id: row.id,
    name: row.title,
    description: row.description ?? "",
    category: category?.id ?? null,
    category_name: category?.name ?? null,
    image: row.thumbnail ?? row.images?.[0]?.url ?? null,
    // The spec's two flags; `refrigerated` is for shipping only (decision 0059), not part of the catalogue's answers.
    prescription: readProductFlags(row.metadata).prescription,
    is_popular: readProductFlags(row.metadata).is_popular,
    controlled_schedule: readControlledSchedule(row.metadata),
    // Not sold online (issue 25): the storefront offers a call to the pharmacy instead of the cart.
    call_to_order: readControlledSchedule(row.metadata) !== null && !backendConfig().controlledSubstances.online,
    variants,
  }
}

/**
 * Products per Query call. Medusa's ORM serializes one call's entities as one graph, at a cost that
 * grows with the square of its size: the whole 5 000-product catalogue in one call took six minutes
 * of CPU (decision 0063); in calls of this size the cost grows with the catalogue, not its square.
 */
const PRODUCT_CHUNK = 100

/** Every published product with PRODUCT_FIELDS, oldest first: their ids, then their rows `chunk` at a time. */
export async function readPublishedProducts(container: MedusaContainer, chunk = PRODUCT_CHUNK): Promise<CatalogReadRow[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: ids } = await query.graph({
    entity: "product",
    fields: ["id"],
    filters: { status: "published" },
    pagination: { order: { created_at: "ASC" } },
  })
  const position = new Map(ids.map((row: { id: string }, index: number) => [row.id, index]))
  const rows: CatalogReadRow[] = []
  for (let i = 0; i < ids.length; i += chunk) {
    const { data } = await query.graph({
      entity: "product",
      fields: PRODUCT_FIELDS,
      filters: { id: ids.slice(i, i + chunk).map((row: { id: string }) => row.id) },
    })
    rows.push(...(data as CatalogReadRow[]))
  }
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!)
}

/** Published products of the storefront's sales channel, oldest first, and the active categories. */
async function readProductsAndCategories(container: MedusaContainer) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { region_id, sales_channel_id } = await resolveStoreContext(container)
  const [products, { data: categories }] = await Promise.all([
    readPublishedProducts(container),
    query.graph({
      entity: "product_category",
      fields: ["id", "name", "handle", "description"],
      filters: { is_active: true, is_internal: false },
      pagination: { order: { rank: "ASC", created_at: "ASC" } },
    }),
  ])
  const rows = products.filter((row) => row.sales_channels?.some((channel) => channel?.id === sales_channel_id))
  const variantIds = rows.flatMap((row) => (row.variants ?? []).map((variant) => variant.id))
  const prices = new Map<string, number>()
  for (let i = 0; i < variantIds.length; i += PRICE_CHUNK) {
    const { data } = await query.graph({
      entity: "product_variant",
      fields: ["id", "calculated_price.calculated_amount"],
      filters: { id: variantIds.slice(i, i + PRICE_CHUNK) },
      context: { calculated_price: QueryContext({ region_id, currency_code: STORE.currency }) },
    })
    for (const variant of data as { id: string; calculated_price?: { calculated_amount?: number | null } | null }[]) {
      const amount = variant.calculated_price?.calculated_amount
      if (amount != null) prices.set(variant.id, Number(amount))
    }
  }
  return { products: rows.map((row) => toStaticProduct(row, prices)), categories: categories as CategoryRow[] }
}

/**
 * Stocked minus reserved per inventory item, over every location: one aggregate over the inventory
 * module's levels, read only (decision 0062). Medusa's `listInventoryLevels` answers the same numbers
 * but builds an ORM entity per level (~6 000 at the bench's size: most of a second), and every order
 * makes the next catalogue read rebuild this part.
 */
async function readSellableStock(container: MedusaContainer): Promise<Map<string, number>> {
  const { rows } = await container
    .resolve(ContainerRegistrationKeys.PG_CONNECTION)
    .raw<{ rows: { inventory_item_id: string; sellable: string | number | null }[] }>(
      `SELECT inventory_item_id, SUM(stocked_quantity - reserved_quantity) AS sellable
         FROM inventory_level WHERE deleted_at IS NULL GROUP BY inventory_item_id`
    )
  return new Map(rows.map((row) => [row.inventory_item_id, Number(row.sellable ?? 0)]))
}

/**
 * A product as answered: today's stock, and its picture under this server's public origin (pictures
 * stored under a loopback origin by an earlier run; decision 0048). The shared cache keeps the
 * stored URL, so each server applies its own setting.
 */
function withStock(product: StaticProduct, stock: Map<string, number>, publicOrigin: string): CatalogProduct {
  return {
    ...product,
    image: publicFileUrl(product.image, publicOrigin),
    variants: product.variants.map((variant) => {
      const sellable = sellableUnits(
        variant.tracked,
        variant.items.map((item) => ({ available: stock.get(item.id) ?? 0, required: item.required }))
      )
      return { id: variant.id, name: variant.name, price: variant.price, stock: Number.isFinite(sellable) ? sellable : UNTRACKED_STOCK }
    }),
  }
}

// ---------------------------------------------------------------------------
// The cache: two shared snapshots in Medusa's Caching Module (src/lib/shared-snapshot.ts,
// docs/decisions/0036-shared-catalogue-cache.md), so every server process serves a change
// made anywhere as soon as its events are emitted.

/** Medusa's auto-invalidation tags (`<Entity>:list:*`) of everything each part is built from. */
const listTags = (...entities: string[]) => entities.map((entity) => `${entity}:list:*`)
export const CATALOG_TAGS = {
  products: [
    "catalog:products",
    ...listTags(
      "Product",
      "ProductVariant",
      "ProductCategory",
      "ProductOption",
      "ProductOptionValue",
      "ProductImage",
      "Price",
      "PriceSet",
      "PriceList",
      "PriceRule",
      "PriceListRule",
      "SalesChannel",
      "Region",
      "InventoryItem"
    ),
  ],
  stock: ["catalog:stock", ...listTags("InventoryLevel", "InventoryItem", "ReservationItem", "ProductVariant")],
}

type CatalogueData = Awaited<ReturnType<typeof readProductsAndCategories>>
type StockData = Map<string, number>

/**
 * The stock part as the cache keeps it: one JSON string of [inventory item id, sellable] pairs. At 60 000
 * items an object keyed by id cost ~50 ms to build (Object.fromEntries) and as much again in the
 * cache's own handling (the in-memory provider measures each entry with JSON.stringify), on the read
 * after every order (decision 0063).
 */
type StoredStock = string

let parts: {
  cache: unknown
  products: SharedSnapshot<CatalogueData, CatalogueData>
  stock: SharedSnapshot<StockData, StoredStock>
} | null = null

function catalogParts(container: MedusaContainer): NonNullable<typeof parts> {
  const cache = container.resolve(Modules.CACHING, { allowUnregistered: true }) as SnapshotCache | undefined
  if (!cache) throw new Error("The catalogue needs Medusa's Caching Module (medusa-config.ts)")
  if (parts?.cache !== cache) {
    parts = {
      cache,
      products: new SharedSnapshot(cache, {
        name: "catalog:products",
        tags: CATALOG_TAGS.products,
        ttlSeconds: 15 * 60,
        build: () => readProductsAndCategories(container),
        encode: (value) => value,
        decode: (stored) => stored,
      }),
      stock: new SharedSnapshot(cache, {
        name: "catalog:stock",
        tags: CATALOG_TAGS.stock,
        ttlSeconds: 5 * 60,
        build: () => readSellableStock(container),
        encode: (value) => JSON.stringify([...value]),
        decode: (stored) => new Map(JSON.parse(stored) as [string, number][]),
      }),
    }
  }
  return parts
}

let merged: { products: unknown; stock: unknown; list: CatalogProduct[]; byId: Map<string, CatalogProduct> } | null = null

async function snapshot(container: MedusaContainer) {
  let catalogue: CatalogueData
  let stock: StockData
  if (!backendConfig().catalogCache) {
    ;[catalogue, stock] = await Promise.all([readProductsAndCategories(container), readSellableStock(container)])
  } else {
    const { products, stock: stockPart } = catalogParts(container)
    ;[catalogue, stock] = await Promise.all([products.get(), stockPart.get()])
  }
  if (!merged || merged.products !== catalogue || merged.stock !== stock) {
    const publicOrigin = backendConfig().backendOrigin
    const list = catalogue.products.map((product) => withStock(product, stock, publicOrigin))
    merged = { products: catalogue, stock, list, byId: new Map(list.map((p) => [p.id, p])) }
  }
  return { products: merged.list, byId: merged.byId, categories: catalogue.categories, catalogue }
}

/** The search index of a snapshot's products (built from names and descriptions, which stock does not change). */
const searchIndexes = new WeakMap<object, SearchIndex>()

/**
 * Shopper search (decision 0058): the products matching `query`, most relevant first, with their
 * scores. Typo-tolerant; see ./search.ts.
 */
export async function searchProducts(container: MedusaContainer, query: string): Promise<{ product: CatalogProduct; score: number }[]> {
  const { products, catalogue } = await snapshot(container)
  let index = searchIndexes.get(catalogue)
  if (!index) searchIndexes.set(catalogue, (index = buildSearchIndex(catalogue.products)))
  return searchIndex(index, query).map((hit) => ({ product: products[hit.position], score: hit.score }))
}

/** Derived values (serialized list answers) of the current snapshot; dropped with it. */
const derived = new WeakMap<object, Map<string, unknown>>()
const MAX_DERIVED = 500

/**
 * A value derived from the catalogue as it is now, computed once per snapshot and process
 * (list answers are the same bytes until the catalogue or stock changes). `key` must say
 * everything the value depends on besides the catalogue.
 */
export async function memoOnCatalog<T>(container: MedusaContainer, key: string, derive: () => Promise<T>): Promise<T> {
  await snapshot(container)
  const current = merged
  if (!current || !backendConfig().catalogCache) return derive()
  let values = derived.get(current)
  if (!values) derived.set(current, (values = new Map()))
  if (values.has(key)) return values.get(key) as T
  const value = await derive()
  if (values.size >= MAX_DERIVED) values.clear() // a crawler walking every search term: start over
  values.set(key, value)
  return value
}

/**
 * Call after a write that Medusa's events may not describe: "all" when products, variants,
 * prices or categories changed; "stock" when only stock moved. Every process sees it.
 */
export async function invalidateCatalog(container: MedusaContainer, what: "all" | "stock" = "all") {
  const cache = container.resolve(Modules.CACHING, { allowUnregistered: true }) as SnapshotCache | undefined
  if (!cache) return
  await cache.clear({ tags: what === "all" ? ["catalog:products", "catalog:stock"] : ["catalog:stock"] })
}

// ---------------------------------------------------------------------------
// Reads. The returned objects are shared: never mutate them.

/** Published products of the storefront's sales channel, in catalogue order (oldest first). */
export async function loadProducts(
  container: MedusaContainer,
  filters: { ids?: string[]; categoryId?: string } = {}
): Promise<CatalogProduct[]> {
  const { products, byId } = await snapshot(container)
  if (filters.ids) {
    const wanted = filters.ids.map((id) => byId.get(id)).filter((p): p is CatalogProduct => Boolean(p))
    return filters.categoryId ? wanted.filter((p) => p.category === filters.categoryId) : wanted
  }
  return filters.categoryId ? products.filter((p) => p.category === filters.categoryId) : products
}

export async function loadProduct(container: MedusaContainer, id: string): Promise<CatalogProduct | null> {
  return (await snapshot(container)).byId.get(id) ?? null
}

export async function loadCategories(container: MedusaContainer): Promise<CatalogCategory[]> {
  const { products, categories } = await snapshot(container)
  return categories.map((category) => ({
    id: category.id,
    name: category.name,
    handle: category.handle,
    description: category.description,
    product_count: products.filter((product) => product.category === category.id).length,
  }))
}

/** A category given by id or by name (the storefront links `/shop?category=<name>`). */
export async function resolveCategory(container: MedusaContainer, idOrName: string) {
  const categories = await loadCategories(container)
  const wanted = idOrName.trim().toLowerCase()
  return categories.find((c) => c.id === idOrName || c.name.toLowerCase() === wanted) ?? null
}

export type CatalogQuery = {
  category?: string
  search?: string
  price?: PriceBucket
  sort?: ShopSort
  page?: number
  limit?: number
}

/** Filtering, sorting and paging on the server (spec: shop and admin lists). */
export async function queryCatalog(
  container: MedusaContainer,
  params: CatalogQuery
): Promise<Omit<CatalogPage, "products"> & { products: CatalogProduct[] }> {
  const limit = params.limit ?? STORE.pageSize
  let category: CatalogCategory | null = null
  if (params.category) {
    category = await resolveCategory(container, params.category)
    if (!category) return { products: [], count: 0, page: 1, pages: 1, limit, category: null }
  }
  const search = params.search?.trim()
  // With a search, its relevance order unless another sort is asked for (decision 0058).
  const products = search
    ? (await searchProducts(container, search)).map((hit) => hit.product).filter((p) => !category || p.category === category.id)
    : await loadProducts(container, { categoryId: category?.id })
  const matching = sortProducts(
    products.filter((p) => inPriceBucket(p, params.price)),
    params.sort === "relevance" ? "default" : params.sort
  )
  const { items, page, pages, count } = paginate(matching, params.page ?? 1, limit)
  return { products: items, count, page, pages, limit, category }
}
