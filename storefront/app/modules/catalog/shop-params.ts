/**
 * The shop's state lives in the URL (`?q=&category=&price=&sort=&page=`), so
 * links are shareable and Back works. Parsed leniently: anything unknown falls
 * back to the default rather than an error page.
 */
import { PRICE_BUCKETS, type PriceBucket, RELEVANCE_SORT, SEARCH_MAX_LENGTH, type ShopSort, SORTS } from "@shared/catalog"

export type ShopParams = {
  /** The shopper's search, "" for none (decision 0058). */
  q: string
  /** Category name (or id) as linked, "" for all. */
  category: string
  price: PriceBucket
  /** "default" is relevance when searching. */
  sort: ShopSort
  page: number
}

export const DEFAULT_SHOP_PARAMS: ShopParams = { q: "", category: "", price: "all", sort: "default", page: 1 }

export const isPriceBucket = (value: string | null): value is PriceBucket => PRICE_BUCKETS.some((b) => b.value === value)
const isSort = (value: string | null): value is ShopSort => value === RELEVANCE_SORT.value || SORTS.some((s) => s.value === value)

/** A search as the backend takes it: spaces collapsed, cut to its longest (a longer one is not an error here). */
export const normalizeSearch = (value: string | null) => (value ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH).trim()

export function parseShopParams(search: URLSearchParams): ShopParams {
  const category = (search.get("category") ?? "").trim().slice(0, 200)
  const price = search.get("price")
  const sort = search.get("sort")
  const page = Number(search.get("page"))
  return {
    q: normalizeSearch(search.get("q")),
    category,
    price: isPriceBucket(price) ? price : "all",
    sort: isSort(sort) ? sort : "default",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  }
}

/** The sorts offered: with a search, "Relevance" takes the default's place. */
export const shopSorts = (q: string) => (q ? [RELEVANCE_SORT, ...SORTS.filter((s) => s.value !== "default")] : SORTS)

/** The sort shown selected: with a search, "default" is relevance; without, relevance is the default. */
export const shownSort = (params: Pick<ShopParams, "q" | "sort">): ShopSort =>
  params.q
    ? params.sort === "default"
      ? RELEVANCE_SORT.value
      : params.sort
    : params.sort === RELEVANCE_SORT.value
      ? "default"
      : params.sort

/** The shop URL for these params; defaults are left out, so the plain shop is `/shop`. */
export function shopHref(params: Partial<ShopParams>): string {
  const query = new URLSearchParams()
  if (params.q) query.set("q", params.q)
  if (params.category) query.set("category", params.category)
  if (params.price && params.price !== "all") query.set("price", params.price)
  if (params.sort && params.sort !== "default" && params.sort !== RELEVANCE_SORT.value) query.set("sort", params.sort)
  if (params.page && params.page > 1) query.set("page", String(params.page))
  const text = query.toString()
  return text ? `/shop?${text}` : "/shop"
}

/** A filter changed: the same URL with that filter, back on page 1. */
export const withFilter = (params: ShopParams, change: Partial<Omit<ShopParams, "page">>) => shopHref({ ...params, ...change, page: 1 })

export const hasActiveFilters = (params: ShopParams) => params.category !== "" || params.price !== "all"

/**
 * The numbered buttons of the pagination: all pages when there are few,
 * otherwise the first, the last and the current one with its neighbours,
 * "gap" where pages are left out.
 */
export function pageNumbers(current: number, pages: number): (number | "gap")[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1)
  const wanted = new Set([1, pages, current - 1, current, current + 1].filter((n) => n >= 1 && n <= pages))
  const sorted = [...wanted].sort((a, b) => a - b)
  const result: (number | "gap")[] = []
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1] > 1) result.push(n - sorted[i - 1] === 2 ? n - 1 : "gap")
    result.push(n)
  })
  return result
}
