import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { loadProducts, queryCatalog } from "../../../../lib/catalog"
import { catalogQuerySchema } from "../../../../shared/schemas/catalog-query"
import { parseOrThrow } from "../../../utils/validate"

/**
 * The shop: filter (category id or name, search, price bucket), sort and page
 * on the server. With `ids`, exactly those products (the cart's refresh).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const params = parseOrThrow(catalogQuerySchema, req.query)
  if (params.ids) {
    const products = await loadProducts(req.scope, { ids: params.ids })
    res.json({ products, count: products.length, page: 1, pages: 1, limit: products.length })
    return
  }
  const result = await queryCatalog(req.scope, params)
  res.json({
    products: result.products,
    count: result.count,
    page: result.page,
    pages: result.pages,
    limit: result.limit,
    category: result.category,
  })
}
