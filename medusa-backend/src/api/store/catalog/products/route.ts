import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { loadProducts, memoOnCatalog, queryCatalog } from "../../../../lib/catalog/catalog"
import { listProduct } from "../../../../shared/catalog"
import type { CatalogQueryParams } from "../../../../shared/schemas/catalog-query"

/**
 * The shop: filter (category id or name, search, price bucket), sort and page
 * on the server. With `ids`, exactly those products (the cart's refresh). Lists carry no
 * descriptions (a product's page has it: `GET /store/catalog/products/{id}`). The query is
 * validated by the middlewares (src/api/middlewares.ts).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const params = req.validatedQuery as CatalogQueryParams
  if (params.ids) {
    const products = (await loadProducts(req.scope, { ids: params.ids })).map(listProduct)
    res.json({ products, count: products.length, page: 1, pages: 1, limit: products.length })
    return
  }
  // The same query answers the same bytes until the catalogue changes: serialize once.
  const body = await memoOnCatalog(req.scope, `store-catalog:${JSON.stringify(params)}`, async () => {
    const result = await queryCatalog(req.scope, params)
    return JSON.stringify({
      products: result.products.map(listProduct),
      count: result.count,
      page: result.page,
      pages: result.pages,
      limit: result.limit,
      category: result.category,
    })
  })
  res.type("application/json").send(body)
}
