import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import type { VariantInput } from "../../../../../shared/schemas/variant"
import { createCatalogVariantWorkflow } from "../../../../../workflows/catalog/workflows/variants"
import { catalogProductOr404, catalogVariantOr404 } from "../../../../utils/api-catalog"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const product = await catalogProductOr404(req.scope, req.params.id)
  res.json(product.variants.map((variant) => ({ ...variant, product: product.id })))
}

/** POST (staff): name, price, stock; the 6th variant is refused. */
export async function POST(req: MedusaRequest<VariantInput>, res: MedusaResponse) {
  const { result } = await createCatalogVariantWorkflow(req.scope).run({ input: { product_id: req.params.id, ...req.validatedBody } })
  res.status(201).json(await catalogVariantOr404(req.scope, req.params.id, result.id))
}
