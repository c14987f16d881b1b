import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ProductInput } from "../../../shared/schemas/product"
import { createCatalogProductWorkflow } from "../../../workflows/catalog/workflows/products"
import { legacyProductOr404, listLegacyProducts } from "../../utils/api-catalog"
import { uploadedImage } from "../../utils/api-request"

/** GET /api/products/: a plain array (legacy clients accept it); X-Total-Count tells paging clients the total. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { products, count } = await listLegacyProducts(req.scope, req.validatedQuery as any)
  res.setHeader("X-Total-Count", String(count))
  res.json(products)
}

/** POST /api/products/ (staff, multipart): name, description, category, optional image. */
export async function POST(req: MedusaRequest<ProductInput>, res: MedusaResponse) {
  const { category, ...fields } = req.validatedBody
  const { result } = await createCatalogProductWorkflow(req.scope).run({
    input: { ...fields, category_id: category, image: uploadedImage(req) },
  })
  res.status(201).json(await legacyProductOr404(req.scope, result.id))
}
