import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createCategory, listCategories } from "../../../lib/catalog-writes"
import type { CategoryInput } from "../../../shared/schemas/category"

/** GET /api/categories/: [{id, name}]. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await listCategories(req.scope))
}

/** POST (staff): name, non-blank and not already taken. */
export async function POST(req: MedusaRequest<CategoryInput>, res: MedusaResponse) {
  res.status(201).json(await createCategory(req.scope, req.validatedBody))
}
