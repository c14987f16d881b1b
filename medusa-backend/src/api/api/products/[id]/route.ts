import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { NOTHING_TO_UPDATE, type ProductUpdate } from "../../../../shared/schemas/product"
import { deleteCatalogProductWorkflow, updateCatalogProductWorkflow } from "../../../../workflows/catalog/workflows/products"
import { catalogProductOr404 } from "../../../utils/api-catalog"
import { ApiError } from "../../../utils/api-errors"
import { type StaffRequest, uploadedImage } from "../../../utils/api-request"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await catalogProductOr404(req.scope, req.params.id))
}

/**
 * PATCH (staff, multipart): any of name, description, category, image; an empty image keeps the current one.
 * Changing `prescription` is for pharmacists only (403 otherwise, nothing saved) and audited (decision 0045).
 */
export async function PATCH(req: StaffRequest & MedusaRequest<ProductUpdate>, res: MedusaResponse) {
  const image = uploadedImage(req)
  if (!image && Object.values(req.validatedBody).every((value) => value === undefined)) throw new ApiError(400, NOTHING_TO_UPDATE)
  const { category, ...fields } = req.validatedBody
  await updateCatalogProductWorkflow(req.scope).run({
    input: { id: req.params.id, ...fields, category_id: category, image, actor_id: req.staff!.user_id, via: "api/products" },
  })
  res.json(await catalogProductOr404(req.scope, req.params.id))
}

/** DELETE (staff): the product leaves the shop at once; orders that have it keep their lines. */
export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  await deleteCatalogProductWorkflow(req.scope).run({ input: { id: req.params.id } })
  res.status(204).end()
}
