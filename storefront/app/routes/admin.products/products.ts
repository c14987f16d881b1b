/**
 * The admin product list (spec §2, §4, §9): its filters in the URL
 * (`?category=&price=&search=&sort=&page=`), a product's price (its lowest
 * variant price), the price buckets and sorts (no popularity), and the 12 a
 * page. Pure functions: the loader filters with them, the page builds links.
 */
import { type LegacyProduct, paginate, PRICE_BUCKETS, type PriceBucket, sortByPriceOrName, type SortOrder, SORTS } from "@shared/catalog"
import { STORE } from "@shared/store-constants"

import { isPriceBucket, type ShopParams } from "~/modules/catalog/shop-params"

export const ADMIN_PRODUCTS_PATH = "/admin/products"

/** Spec §9: the admin sort lacks popularity. */
export const ADMIN_SORTS = SORTS.filter((sort) => sort.value !== "popularity")
export type AdminSort = Exclude<SortOrder, "popularity">

/** The shop's filters (`category` is an id here) with a staff search instead of the shopper's, and no popularity sort. */
export type AdminProductParams = Omit<ShopParams, "q" | "sort"> & {
  /** Matches name or description, case-insensitive. */
  search: string
  sort: AdminSort
}

export const DEFAULT_ADMIN_PRODUCT_PARAMS: AdminProductParams = { category: "", price: "all", search: "", sort: "default", page: 1 }

const isSort = (value: string | null): value is AdminSort => ADMIN_SORTS.some((s) => s.value === value)

/** Lenient: anything unknown falls back to the default. */
export function parseAdminProductParams(search: URLSearchParams): AdminProductParams {
  const page = Number(search.get("page"))
  const price = search.get("price")
  const sort = search.get("sort")
  return {
    category: (search.get("category") ?? "").trim().slice(0, 200),
    price: isPriceBucket(price) ? price : "all",
    search: (search.get("search") ?? "").trim().slice(0, 200),
    sort: isSort(sort) ? sort : "default",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  }
}

/** The list's URL; defaults are left out. `extra` adds the row state (`edit`, `delete`). */
export function adminProductsHref(params: Partial<AdminProductParams>, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams()
  if (params.category) query.set("category", params.category)
  if (params.price && params.price !== "all") query.set("price", params.price)
  if (params.search) query.set("search", params.search)
  if (params.sort && params.sort !== "default") query.set("sort", params.sort)
  if (params.page && params.page > 1) query.set("page", String(params.page))
  for (const [name, value] of Object.entries(extra)) query.set(name, value)
  const text = query.toString()
  return text ? `${ADMIN_PRODUCTS_PATH}?${text}` : ADMIN_PRODUCTS_PATH
}

/** Spec §9: a product's price in the admin list is its lowest variant price; null without variants. */
export function adminPrice(product: Pick<LegacyProduct, "variants">): number | null {
  if (product.variants.length === 0) return null
  return Math.min(...product.variants.map((variant) => variant.price))
}

/** Products without variants are left out of price filtering (kept only under "All prices"). */
export function inAdminPriceBucket(product: Pick<LegacyProduct, "variants">, bucket: PriceBucket): boolean {
  const range = PRICE_BUCKETS.find((b) => b.value === bucket)
  if (!range || range.value === "all") return true
  const price = adminPrice(product)
  return price !== null && price >= range.min && price < range.max
}

/** Sorts a copy; products without variants sort as 0; ties keep the catalogue's order. */
export function sortAdminProducts<T extends LegacyProduct>(products: T[], sort: AdminSort): T[] {
  return sortByPriceOrName(products, sort, (p) => adminPrice(p) ?? 0)
}

/**
 * The page of products to show. Category and search are already applied by
 * the backend (GET /api/products/?category=&search=); price and sort here.
 */
export function adminProductPage<T extends LegacyProduct>(products: T[], params: AdminProductParams) {
  const filtered = products.filter((product) => inAdminPriceBucket(product, params.price))
  return paginate(sortAdminProducts(filtered, params.sort), params.page, STORE.pageSize)
}

export const hasAdminFilters = (params: AdminProductParams) =>
  params.category !== "" || params.price !== "all" || params.search !== "" || params.sort !== "default"
