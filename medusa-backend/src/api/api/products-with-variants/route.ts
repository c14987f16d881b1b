import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import type { ProductSaveInput } from "../../../shared/schemas/product-save"
import { saveCatalogProductWorkflow } from "../../../workflows/catalog/workflows/product-with-variants"
import { catalogProductOr404 } from "../../utils/api-catalog"
import { type StaffRequest, uploadedImage } from "../../utils/api-request"

/**
 * POST /api/products-with-variants/ (staff, multipart or JSON): a new product
 * with its variants in one workflow; nothing is created when any part is
 * refused. Answers the product as GET /api/products/{id}/ does.
 */
export async function POST(req: StaffRequest & MedusaRequest<ProductSaveInput>, res: MedusaResponse) {
  const { category, ...fields } = req.validatedBody
  const { result } = await saveCatalogProductWorkflow(req.scope).run({
    input: { ...fields, category_id: category, image: uploadedImage(req), actor_id: req.staff!.user_id },
  })
  res.status(201).json(await catalogProductOr404(req.scope, result.id))
}
