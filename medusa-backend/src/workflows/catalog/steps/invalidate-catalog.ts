import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { invalidateCatalog } from "../../../lib/catalog/catalog"

/** The catalogue read model must not serve what this workflow just changed. */
export const invalidateCatalogStep = createStep("invalidate-catalog", async (input: { what?: "all" | "stock" } | void, { container }) => {
  await invalidateCatalog(container, input?.what ?? "all")
  return new StepResponse(undefined)
})
