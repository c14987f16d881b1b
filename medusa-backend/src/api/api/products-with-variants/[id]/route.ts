import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import type { ProductSaveInput } from "../../../../shared/schemas/product-save"
import { saveCatalogProductWorkflow } from "../../../../workflows/catalog/workflows/product-with-variants"
import { catalogProductOr404 } from "../../../utils/api-catalog"
import { type StaffRequest, uploadedImage } from "../../../utils/api-request"

/**
 * PUT /api/products-with-variants/{id}/ (staff, multipart or JSON): the
 * product's fields and its whole variant list in one workflow. Variants with
 * an id change only the fields sent, those without are added, the product's
 * variants left out are deleted; nothing changes when any part is refused.
 * An empty image keeps the current picture. Answers the product as
 * GET /api/products/{id}/ does. Changing `prescription` is for pharmacists
 * only (403 otherwise, nothing saved) and audited (decision 0045).
 */
export async function PUT(req: StaffRequest & MedusaRequest<ProductSaveInput>, res: MedusaResponse) {
  const { category, ...fields } = req.validatedBody
  await saveCatalogProductWorkflow(req.scope).run({
    input: { ...fields, id: req.params.id, category_id: category, image: uploadedImage(req), actor_id: req.staff!.user_id },
  })
  res.json(await catalogProductOr404(req.scope, req.params.id))
}
