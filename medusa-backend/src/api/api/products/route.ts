import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { memoOnCatalog } from "../../../lib/catalog/catalog"
import type { ProductInput } from "../../../shared/schemas/product"
import { createCatalogProductWorkflow } from "../../../workflows/catalog/workflows/products"
import { catalogProductOr404, listCatalogProducts } from "../../utils/api-catalog"
import { uploadedImage } from "../../utils/api-request"

/** GET /api/products/: a plain array (legacy clients accept it); X-Total-Count tells paging clients the total. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const params = req.validatedQuery as Parameters<typeof listCatalogProducts>[1]
  // The same query answers the same bytes until the catalogue changes: serialize once.
  const { body, count } = await memoOnCatalog(req.scope, `api-products:${JSON.stringify(params)}`, async () => {
    const { products, count } = await listCatalogProducts(req.scope, params)
    return { body: JSON.stringify(products), count }
  })
  res.setHeader("X-Total-Count", String(count))
  res.type("application/json").send(body)
}

/** POST /api/products/ (staff, multipart): name, description, category, optional image. */
export async function POST(req: MedusaRequest<ProductInput>, res: MedusaResponse) {
  const { category, ...fields } = req.validatedBody
  const { result } = await createCatalogProductWorkflow(req.scope).run({
    input: { ...fields, category_id: category, image: uploadedImage(req) },
  })
  res.status(201).json(await catalogProductOr404(req.scope, result.id))
}
