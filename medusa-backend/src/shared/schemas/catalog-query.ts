/** Query of the storefront's catalogue listing (`GET /store/catalog/products`). */
import { z } from "zod"

import { PRICE_BUCKETS, type PriceBucket, type SortOrder, SORTS } from "../catalog"
import { STORE } from "../store-constants"

const priceValues = PRICE_BUCKETS.map((b) => b.value) as [PriceBucket, ...PriceBucket[]]
const sortValues = SORTS.map((s) => s.value) as [SortOrder, ...SortOrder[]]

export const catalogQuerySchema = z.object({
  category: z.string().trim().max(200).optional(),
  search: z.string().trim().max(200).optional(),
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
