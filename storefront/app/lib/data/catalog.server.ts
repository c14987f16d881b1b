/**
 * The storefront's catalogue calls: the `/store/catalog` read model (products with
 * calculated prices and sellable stock, sorted by the cheapest in-stock price). Server only.
 */
import type { CatalogCategory, CatalogListProduct, CatalogPage, CatalogProduct, PriceBucket, ShopSort } from "@shared/catalog"
import { STORE } from "@shared/store-constants"

import { sdk } from "~/lib/medusa.server"

export type { CatalogCategory, CatalogPage }

// A backend that does not answer within 15 s is treated as down: the SDK client's own timeout (medusa.server.ts).

/** Which page of the catalogue: a search ("" for none), a category (name or id, "" for all), a price bucket, an order. */
export type CatalogQuery = { q: string; category: string; price: PriceBucket; sort: ShopSort; page: number }

export function listCatalog(params: CatalogQuery): Promise<CatalogPage> {
  return sdk.client.fetch<CatalogPage>("/store/catalog/products", {
    query: {
      search: params.q || undefined,
      category: params.category || undefined,
      price: params.price === "all" ? undefined : params.price,
      sort: params.sort,
      page: params.page,
      limit: STORE.pageSize,
    },
  })
}

/** The largest page the backend answers (`limit`, shared/schemas/catalog-query.ts). */
const ALL_PAGE_SIZE = 100

/**
 * Every product on sale, in the catalogue's order, for the sitemap: page after page of the
 * shop's listing (published products of the store's sales channel only).
 */
export async function listAllProducts(): Promise<CatalogListProduct[]> {
  const products: CatalogListProduct[] = []
  for (let page = 1; ; page++) {
    const answer = await sdk.client.fetch<CatalogPage>("/store/catalog/products", { query: { page, limit: ALL_PAGE_SIZE } })
    products.push(...answer.products)
    if (page >= answer.pages || answer.products.length === 0) return products
  }
}

/** A product the search field suggests while the shopper types (`GET /store/catalog/suggestions`). */
export type CatalogSuggestion = { id: string; name: string; category_name: string | null }

/** The best few matches of the shop's search for what the shopper typed so far (decision 0058). */
export async function suggestProducts(q: string): Promise<CatalogSuggestion[]> {
  if (!q) return []
  const { products } = await sdk.client.fetch<{ products: CatalogSuggestion[] }>("/store/catalog/suggestions", { query: { q } })
  return products
}

export async function getProduct(id: string): Promise<CatalogProduct> {
  const { product } = await sdk.client.fetch<{ product: CatalogProduct }>(`/store/catalog/products/${encodeURIComponent(id)}`)
  return product
}

export async function productsByIds(ids: string[]): Promise<CatalogListProduct[]> {
  if (ids.length === 0) return []
  const { products } = await sdk.client.fetch<{ products: CatalogListProduct[] }>("/store/catalog/products", {
    query: { ids: [...new Set(ids)].join(",") },
  })
  return products
}

/**
 * Every shop page lists the categories: kept for a few seconds per storefront process (like
 * the page micro-cache, 0017), so a burst of renders makes one backend call. The backend's
 * answer itself is fresh (0036).
 */
let categoriesCache: { at: number; value: Promise<CatalogCategory[]> } | null = null
const CATEGORIES_TTL_MS = 5_000

export function listCategories(): Promise<CatalogCategory[]> {
  const now = Date.now()
  if (categoriesCache && now - categoriesCache.at < CATEGORIES_TTL_MS) return categoriesCache.value
  const value = sdk.client.fetch<{ categories: CatalogCategory[] }>("/store/catalog/categories").then((body) => body.categories)
  categoriesCache = { at: now, value }
  value.catch(() => {
    if (categoriesCache?.value === value) categoriesCache = null // never cache a failure
  })
  return value
}
