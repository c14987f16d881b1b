/**
 * The catalogue as the spec (§3, §9) and the legacy API describe it, and the
 * rules for prices, filters and sorts. The backend filters, sorts and pages
 * with these; the storefront shows cards and the variant modal with them.
 */

export type CatalogVariant = {
  id: string
  name: string
  /** Dollars, 2 decimals. */
  price: number
  /** What can still be sold: stocked minus reserved. */
  stock: number
}

export type CatalogProduct = {
  id: string
  name: string
  description: string
  /** Category id. */
  category: string | null
  category_name: string | null
  /** Absolute URL, or null (the storefront shows a placeholder). */
  image: string | null
  is_popular: boolean
  prescription: boolean
  /** A controlled substance's schedule ("II" to "V"), null for others (issue 25). */
  controlled_schedule: "II" | "III" | "IV" | "V" | null
  /** True when it cannot be ordered online: the storefront offers "Call the pharmacy to order" instead of the cart. */
  call_to_order: boolean
  variants: CatalogVariant[]
}

/**
 * A product as the legacy /api answers it (spec §7), which the staff area reads: the spec's fields
 * only, without the storefront's own (controlled substances, issue 25).
 */
export type LegacyProduct = Omit<CatalogProduct, "controlled_schedule" | "call_to_order">

/** A product as the shop's lists carry it (`GET /store/catalog/products`): its description is for its own page only. */
export type CatalogListProduct = Omit<CatalogProduct, "description">

export function listProduct({ description: _description, ...product }: CatalogProduct): CatalogListProduct {
  return product
}

export type Category = { id: string; name: string; handle?: string; description?: string | null }

/** A category with the number of products on sale in it (`GET /store/catalog/categories`). */
export type CatalogCategory = Category & { product_count: number }

/** One page of the shop (`GET /store/catalog/products`): filtered, sorted and paged on the server. */
export type CatalogPage = {
  products: CatalogListProduct[]
  count: number
  page: number
  pages: number
  limit: number
  /** The category asked for, or null (none asked, or none of that id or name). */
  category: CatalogCategory | null
}

/**
 * The variant a card and the "Add to Cart" button stand for: the cheapest
 * in-stock one, or the cheapest overall when none is in stock (then the card
 * reads Out of Stock). Null for a product without variants.
 */
export function cheapestCandidateVariant(product: Pick<CatalogProduct, "variants">): CatalogVariant | null {
  const byPrice = [...product.variants].sort((a, b) => a.price - b.price)
  return byPrice.find((v) => v.stock > 0) ?? byPrice[0] ?? null
}

/** The price a product is shown, filtered and sorted by (spec: its lowest in-stock variant price). */
export function displayPrice(product: Pick<CatalogProduct, "variants">): number | null {
  return cheapestCandidateVariant(product)?.price ?? null
}

export const isInStock = (product: Pick<CatalogProduct, "variants">) => (cheapestCandidateVariant(product)?.stock ?? 0) > 0

/** The first in-stock variant (or the first): what the modal and the product page preselect. */
export function preselectedVariant(product: Pick<CatalogProduct, "variants">): CatalogVariant | null {
  return product.variants.find((v) => v.stock > 0) ?? product.variants[0] ?? null
}

/**
 * Price filter buckets of the spec: 0-25, 25-50, 50-100, 100-1000 and all.
 * Half-open ([min, max)) so every price falls in exactly one bucket; "over
 * $100" has no upper bound (some pens cost more than $1,000).
 */
export const PRICE_BUCKETS = [
  { value: "all", label: "All prices", min: 0, max: Number.POSITIVE_INFINITY },
  { value: "0-25", label: "Under $25", min: 0, max: 25 },
  { value: "25-50", label: "$25 - $50", min: 25, max: 50 },
  { value: "50-100", label: "$50 - $100", min: 50, max: 100 },
  { value: "100-1000", label: "Over $100", min: 100, max: Number.POSITIVE_INFINITY },
] as const
export type PriceBucket = (typeof PRICE_BUCKETS)[number]["value"]

export function inPriceBucket(product: Pick<CatalogProduct, "variants">, bucket: PriceBucket | undefined): boolean {
  const range = PRICE_BUCKETS.find((b) => b.value === (bucket ?? "all"))
  if (!range || range.value === "all") return true
  const price = displayPrice(product)
  return price !== null && price >= range.min && price < range.max
}

export const SORTS = [
  { value: "default", label: "Default" },
  { value: "popularity", label: "Popularity" },
  { value: "price_asc", label: "Price: Low to High" },
  { value: "price_desc", label: "Price: High to Low" },
  { value: "name_asc", label: "Name: A-Z" },
  { value: "name_desc", label: "Name: Z-A" },
] as const
export type SortOrder = (typeof SORTS)[number]["value"]

/**
 * With a search, the shop's order is relevance, best match first: its default, and "default" means
 * it too (decision 0058). Without a search, "relevance" is the catalogue's order.
 */
export const RELEVANCE_SORT = { value: "relevance", label: "Relevance" } as const
export type ShopSort = SortOrder | typeof RELEVANCE_SORT.value

/** The longest search the shop answers: the Store API refuses a longer one with a 400 (decision 0058). */
export const SEARCH_MAX_LENGTH = 100

/** By name, as people read it: case and accents aside. */
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en", { sensitivity: "base" })

/**
 * A sorted copy by price (`price` of each product) or by name; any other order (none, popularity)
 * keeps the products' order. The shop's and the staff list's sorts both come down to this.
 */
export function sortByPriceOrName<T extends { name: string }>(products: T[], sort: SortOrder | undefined, price: (p: T) => number): T[] {
  const copy = [...products]
  switch (sort) {
    case "price_asc":
      return copy.sort((a, b) => price(a) - price(b))
    case "price_desc":
      return copy.sort((a, b) => price(b) - price(a))
    case "name_asc":
      return copy.sort(byName)
    case "name_desc":
      return copy.sort((a, b) => byName(b, a))
    default:
      return copy
  }
}

/**
 * Sorts a copy. "default" keeps the catalogue's order; "popularity" puts
 * Popular products first, then by name. Products without a price sort as 0
 * (spec: admin list) and ties keep the catalogue's order.
 */
export function sortProducts<T extends CatalogProduct>(products: T[], sort: SortOrder | undefined): T[] {
  if (sort === "popularity") return [...products].sort((a, b) => Number(b.is_popular) - Number(a.is_popular) || byName(a, b))
  return sortByPriceOrName(products, sort, (p) => displayPrice(p) ?? 0)
}

/**
 * Case-insensitive match on name or description (spec: admin search, legacy `search`). Shoppers'
 * search is typo-tolerant and ranked instead (medusa-backend/src/lib/catalog/search.ts).
 */
export function matchesSearch(product: Pick<CatalogProduct, "name" | "description">, search: string | undefined) {
  const needle = search?.trim().toLowerCase()
  if (!needle) return true
  return product.name.toLowerCase().includes(needle) || product.description.toLowerCase().includes(needle)
}

/** Page `page` (1-based) of `items`, with the page count (at least 1). */
export function paginate<T>(items: T[], page: number, pageSize: number) {
  const pages = Math.max(1, Math.ceil(items.length / pageSize))
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages)
  return { items: items.slice((current - 1) * pageSize, current * pageSize), page: current, pages, count: items.length }
}
