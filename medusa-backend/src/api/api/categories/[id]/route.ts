import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { deleteCategory, getCategory, renameCategory } from "../../../../lib/catalog-writes"
import type { CategoryInput } from "../../../../shared/schemas/category"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await getCategory(req.scope, req.params.id))
}

/** PUT (staff): the new name. */
export async function PUT(req: MedusaRequest<CategoryInput>, res: MedusaResponse) {
  res.json(await renameCategory(req.scope, req.params.id, req.validatedBody))
}

/** DELETE (staff): refused with 409 while products are in the category. */
export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  await deleteCategory(req.scope, req.params.id)
  res.status(204).end()
}
