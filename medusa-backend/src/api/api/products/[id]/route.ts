import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { deleteProduct, updateProduct } from "../../../../lib/catalog-writes"
import { NOTHING_TO_UPDATE, type ProductUpdate } from "../../../../shared/schemas/product"
import { ApiError } from "../../../utils/api-errors"
import { legacyProductOr404 } from "../../../utils/api-catalog"
import { uploadedImage } from "../../../utils/api-request"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await legacyProductOr404(req.scope, req.params.id))
}

/** PATCH (staff, multipart): any of name, description, category, image; an empty image keeps the current one. */
export async function PATCH(req: MedusaRequest<ProductUpdate>, res: MedusaResponse) {
  const image = uploadedImage(req)
  if (!image && Object.values(req.validatedBody).every((value) => value === undefined)) throw new ApiError(400, NOTHING_TO_UPDATE)
  await updateProduct(req.scope, req.params.id, req.validatedBody, { image })
  res.json(await legacyProductOr404(req.scope, req.params.id))
}

export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  await deleteProduct(req.scope, req.params.id)
  res.status(204).end()
}
