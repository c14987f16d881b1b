/** Query of the storefront's catalogue listing (`GET /store/catalog/products`). */
import { z } from "zod"

import { PRICE_BUCKETS, type PriceBucket, RELEVANCE_SORT, SEARCH_MAX_LENGTH, type ShopSort, SORTS } from "../catalog"
import { STORE } from "../store-constants"

const priceValues = PRICE_BUCKETS.map((b) => b.value) as [PriceBucket, ...PriceBucket[]]
const sortValues = [RELEVANCE_SORT.value, ...SORTS.map((s): ShopSort => s.value)] as [ShopSort, ...ShopSort[]]

export const catalogQuerySchema = z.object({
  category: z.string().trim().max(200).optional(),
  /** Shopper search: typo-tolerant, ranked (decision 0058). */
  search: z.string().trim().max(SEARCH_MAX_LENGTH, `search must be at most ${SEARCH_MAX_LENGTH} characters`).optional(),
  price: z.enum(priceValues, { error: `price must be one of ${priceValues.join(", ")}` }).optional(),
  sort: z.enum(sortValues, { error: `sort must be one of ${sortValues.join(", ")}` }).optional(),
  page: z.coerce.number().int().min(1, "page must be at least 1").max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(100, "limit must be at most 100").default(STORE.pageSize),
  /** Comma-separated product ids: the cart page refreshes its lines with these. */
  ids: z
    .string()
    .transform((s) =>
      s
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean)
    )
    .pipe(z.array(z.string().max(100)).max(100, "at most 100 ids"))
    .optional(),
})

export type CatalogQueryInput = z.input<typeof catalogQuerySchema>
export type CatalogQueryParams = z.output<typeof catalogQuerySchema>

/** Suggestions while a shopper types (`GET /store/catalog/suggestions`). */
export const catalogSuggestionsSchema = z.object({
  q: z.string().trim().max(SEARCH_MAX_LENGTH, `q must be at most ${SEARCH_MAX_LENGTH} characters`).default(""),
})

export type CatalogSuggestionsParams = z.output<typeof catalogSuggestionsSchema>
