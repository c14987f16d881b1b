import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { loadCategories } from "../../../../lib/catalog/catalog"

/** Categories with the number of products on sale in each (home page cards, shop filter). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json({ categories: await loadCategories(req.scope) })
}
