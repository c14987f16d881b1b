import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { loadCatalogVariantRow } from "../../../../lib/catalog/catalog-admin"
import type { VariantUpdate } from "../../../../shared/schemas/variant"
import { deleteCatalogVariantWorkflow, updateCatalogVariantWorkflow } from "../../../../workflows/catalog/workflows/variants"
import { catalogVariantOr404 } from "../../../utils/api-catalog"
import { notFound } from "../../../utils/api-errors"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const row = await loadCatalogVariantRow(req.scope, req.params.id)
  if (!row) throw notFound("Variant")
  res.json(await catalogVariantOr404(req.scope, row.product_id, row.id))
}

/** PATCH (staff): any of name, price, stock (what can still be sold). */
export async function PATCH(req: MedusaRequest<VariantUpdate>, res: MedusaResponse) {
  const { result } = await updateCatalogVariantWorkflow(req.scope).run({ input: { id: req.params.id, ...req.validatedBody } })
  res.json(await catalogVariantOr404(req.scope, result.product_id, req.params.id))
}

/** DELETE (staff): refused for a product's only variant; orders that have it keep their lines. */
export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  await deleteCatalogVariantWorkflow(req.scope).run({ input: { id: req.params.id } })
  res.status(204).end()
}
