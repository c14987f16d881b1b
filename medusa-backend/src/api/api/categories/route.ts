import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import type { StaffCategory } from "../../../shared/dto/catalog"
import type { CategoryInput } from "../../../shared/schemas/category"
import { createCatalogCategoryWorkflow } from "../../../workflows/catalog/workflows/categories"
import { listCategories } from "../../utils/api-catalog"

/** GET /api/categories/: [{id, name}]. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await listCategories(req.scope))
}

/** POST (staff): name, non-blank and not already taken. */
export async function POST(req: MedusaRequest<CategoryInput>, res: MedusaResponse) {
  const { result } = await createCatalogCategoryWorkflow(req.scope).run({ input: req.validatedBody })
  const body: StaffCategory = result
  res.status(201).json(body)
}
