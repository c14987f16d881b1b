import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import type { StaffCategory } from "../../../../shared/dto/catalog"
import type { CategoryInput } from "../../../../shared/schemas/category"
import { deleteCatalogCategoryWorkflow, renameCatalogCategoryWorkflow } from "../../../../workflows/catalog/workflows/categories"
import { getCategory } from "../../../utils/api-catalog"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await getCategory(req.scope, req.params.id))
}

/** PUT (staff): the new name. */
export async function PUT(req: MedusaRequest<CategoryInput>, res: MedusaResponse) {
  const { result } = await renameCatalogCategoryWorkflow(req.scope).run({ input: { id: req.params.id, ...req.validatedBody } })
  const body: StaffCategory = result
  res.json(body)
}

/** DELETE (staff): refused with 409 while products are in the category. */
export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  await deleteCatalogCategoryWorkflow(req.scope).run({ input: { id: req.params.id } })
  res.status(204).end()
}
