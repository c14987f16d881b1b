import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { memoOnCatalog, searchProducts } from "../../../../lib/catalog/catalog"
import type { CatalogSuggestionsParams } from "../../../../shared/schemas/catalog-query"

/** How many products the search field suggests while a shopper types. */
export const SUGGESTIONS = 6

/** One suggestion: enough to show it and link to its page. */
export type CatalogSuggestion = { id: string; name: string; category_name: string | null }

/**
 * Suggestions while a shopper types in the storefront's search field (decision 0058): the best
 * matches of the shop's own search, name and category only. The query is validated by the
 * middlewares (src/api/middlewares.ts).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { q } = req.validatedQuery as CatalogSuggestionsParams
  const body = await memoOnCatalog(req.scope, `store-suggestions:${q.toLowerCase()}`, async () => {
    const hits = q ? (await searchProducts(req.scope, q)).slice(0, SUGGESTIONS) : []
    const products: CatalogSuggestion[] = hits.map(({ product }) => ({
      id: product.id,
      name: product.name,
      category_name: product.category_name,
    }))
    return JSON.stringify({ products })
  })
  res.type("application/json").send(body)
}
