import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import { loadProduct } from "../../../../../lib/catalog/catalog"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const product = await loadProduct(req.scope, req.params.id)
  if (!product) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Product not found")
  res.json({ product })
}
