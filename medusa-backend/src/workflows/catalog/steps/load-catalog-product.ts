import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { loadCatalogProductRow } from "../../../lib/catalog/catalog-admin"

/** A product of the storefront's catalogue, read fresh (under the product's lock when the workflow holds it). */
export const loadCatalogProductStep = createStep("load-catalog-product", async (input: { product_id: string }, { container }) => {
  const product = await loadCatalogProductRow(container, input.product_id)
  if (!product) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Product not found.")
  return new StepResponse(product)
})
