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
import { ChangeLedger, GENERATION_TAG, type LedgerCache } from "../change-ledger"
import { backendConfig } from "../config"
import { publicFileUrl } from "../public-url"
import { resolveStoreContext } from "../store-context"
import { isStockTracked, requiredUnits, sellableUnits } from "./inventory"
import { readProductCategories, readProductChanges, readPublishedProductIds } from "./product-changes"
import { readControlledSchedule, readProductFlags } from "./product-flags"
import type { CatalogReadRow } from "./product-row"
import { buildSearchIndex, type SearchIndex, searchIndex } from "./search"
import { readChangedStock, readSellableStock, stockLedger, type StockLookup, type StockState } from "./stock"

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

/**
 * Published products with PRODUCT_FIELDS, oldest first, `chunk` at a time: all of them, or those of
 * `ids` (published ids in catalogue order, from readPublishedProductIds).
 */
export async function readPublishedProducts(container: MedusaContainer, chunk = PRODUCT_CHUNK, ids?: string[]): Promise<CatalogReadRow[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  ids ??= await readPublishedProductIds(container)
  const position = new Map(ids.map((id, index) => [id, index]))
  const rows: CatalogReadRow[] = []
  for (let i = 0; i < ids.length; i += chunk) {
    const { data } = await query.graph({ entity: "product", fields: PRODUCT_FIELDS, filters: { id: ids.slice(i, i + chunk) } })
    rows.push(...(data as CatalogReadRow[]))
  }
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!)
}

/** Published products of the storefront's sales channel (all, or those of `ids`), oldest first, and the active categories. */
async function readProductsAndCategories(container: MedusaContainer, ids?: string[]) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { region_id, sales_channel_id } = await resolveStoreContext(container)
  const [products, { data: categories }] = await Promise.all([
    readPublishedProducts(container, PRODUCT_CHUNK, ids),
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
 * A product as answered: today's stock, and its picture under this server's public origin (pictures
 * stored under a loopback origin by an earlier run; decision 0048). The shared cache keeps the
 * stored URL, so each server applies its own setting.
 */
function withStock(product: StaticProduct, stock: StockLookup, publicOrigin: string): CatalogProduct {
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
// The cache: each server process keeps the products part and the stock in its memory and reads
// again only what changed (src/lib/change-ledger.ts, decision 0064). Markers in Medusa's Caching
// Module tell every process when, as soon as a change's events are emitted anywhere.

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

/**
 * `base` with the products written since `since` read again (new, changed, unpublished or deleted ones),
 * in catalogue order; null when a change reaches products in bulk (a category, a price list: read all).
 */
async function readCatalogueChanges(container: MedusaContainer, base: CatalogueData, since: Date): Promise<CatalogueData | null> {
  const [changes, categories] = await Promise.all([readProductChanges(container, since), readProductCategories(container)])
  if (changes.everything) return null
  const changed = new Set(changes.productIds)
  for (const product of base.products) {
    const now = categories.get(product.id)
    if (product.category ? !now?.has(product.category) : now?.size) changed.add(product.id)
  }
  if (!changed.size) return base
  const order = await readPublishedProductIds(container)
  const fresh = await readProductsAndCategories(
    container,
    order.filter((id) => changed.has(id))
  )
  const byId = new Map(base.products.map((product) => [product.id, product]))
  for (const id of changed) byId.delete(id)
  for (const product of fresh.products) byId.set(product.id, product)
  return { products: order.flatMap((id) => byId.get(id) ?? []), categories: fresh.categories }
}

let parts: { cache: unknown; products: ChangeLedger<CatalogueData>; stock: ReturnType<typeof stockLedger> } | null = null

function catalogParts(container: MedusaContainer): NonNullable<typeof parts> {
  const cache = container.resolve(Modules.CACHING, { allowUnregistered: true }) as LedgerCache | undefined
  if (!cache) throw new Error("The catalogue needs Medusa's Caching Module (medusa-config.ts)")
  if (parts?.cache !== cache) {
    parts = {
      cache,
      products: new ChangeLedger(cache, {
        key: "catalog:products:marker",
        tags: CATALOG_TAGS.products,
        ttlSeconds: 15 * 60,
        fullReadMs: 15 * 60_000,
        readAll: () => readProductsAndCategories(container),
        readChanges: (base, since) => readCatalogueChanges(container, base, since),
      }),
      stock: stockLedger(cache, {
        key: "catalog:stock:marker",
        tags: CATALOG_TAGS.stock,
        ttlSeconds: 5 * 60,
        readAll: () => readSellableStock(container),
        readChanged: (since) => readChangedStock(container, since),
      }),
    }
  }
  return parts
}

type Merged = { catalogue: CatalogueData; stockVersion: number; list: CatalogProduct[]; byId: Map<string, CatalogProduct> }
let merged: Merged | null = null

/** Which products draw on each inventory item (positions in the catalogue's list). */
const productsByItem = new WeakMap<CatalogueData, Map<string, number[]>>()

function positionsOfItems(catalogue: CatalogueData): Map<string, number[]> {
  let index = productsByItem.get(catalogue)
  if (!index) {
    index = new Map()
    catalogue.products.forEach((product, position) => {
      for (const item of new Set(product.variants.flatMap((variant) => variant.items.map((i) => i.id)))) {
        const positions = index!.get(item)
        if (positions) positions.push(position)
        else index!.set(item, [position])
      }
    })
    productsByItem.set(catalogue, index)
  }
  return index
}

/**
 * The catalogue with today's stock. After a read of the stock's changes only the products of the
 * changed items are merged again (an order's cost does not grow with the catalogue, decision 0064).
 */
function merge(catalogue: CatalogueData, state: StockState): Merged {
  const publicOrigin = backendConfig().backendOrigin
  if (merged?.catalogue === catalogue && state.changes && state.changes.from === merged.stockVersion) {
    const list = merged.list.slice()
    const byId = new Map(merged.byId)
    const positions = positionsOfItems(catalogue)
    for (const position of new Set([...state.changes.items].flatMap((item) => positions.get(item) ?? []))) {
      const product = withStock(catalogue.products[position], state.stock, publicOrigin)
      list[position] = product
      byId.set(product.id, product)
    }
    return { catalogue, stockVersion: state.version, list, byId }
  }
  const list = catalogue.products.map((product) => withStock(product, state.stock, publicOrigin))
  return { catalogue, stockVersion: state.version, list, byId: new Map(list.map((p) => [p.id, p])) }
}

async function snapshot(container: MedusaContainer) {
  if (!backendConfig().catalogCache) {
    const [catalogue, stock] = await Promise.all([readProductsAndCategories(container), readSellableStock(container)])
    const list = catalogue.products.map((product) => withStock(product, stock, backendConfig().backendOrigin))
    return { products: list, byId: new Map(list.map((p) => [p.id, p])), categories: catalogue.categories, catalogue }
  }
  const { products, stock } = catalogParts(container)
  const [catalogue, state] = await Promise.all([products.get(), stock.get()])
  if (!merged || merged.catalogue !== catalogue || merged.stockVersion !== state.version) merged = merge(catalogue, state)
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
 * Call after a write that Medusa's events may not describe: "all" when products, variants, prices or
 * categories changed; "stock" when only stock moved (every process reads what changed); "reread"
 * after a change no timestamp shows, such as a restored database (every process reads everything).
 */
export async function invalidateCatalog(container: MedusaContainer, what: "all" | "stock" | "reread" = "all") {
  const cache = container.resolve(Modules.CACHING, { allowUnregistered: true }) as LedgerCache | undefined
  if (!cache) return
  const tags = { all: ["catalog:products", "catalog:stock"], stock: ["catalog:stock"], reread: [GENERATION_TAG] }[what]
  await cache.clear({ tags })
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
