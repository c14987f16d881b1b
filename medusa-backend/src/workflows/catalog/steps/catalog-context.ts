import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { invalidateCatalog } from "../../../lib/catalog"
import { resolveCatalogWriteContext, uniqueHandle } from "../../../lib/catalog-admin"

/** Where new products and stock go: the storefront's sales channel, the default shipping profile, the warehouse. */
export const resolveCatalogContextStep = createStep("resolve-catalog-context", async (_: void, { container }) => {
  return new StepResponse(await resolveCatalogWriteContext(container))
})

/** A handle no other product or category has: the name's slug, else with -2, -3... */
export const uniqueHandleStep = createStep(
  "unique-catalog-handle",
  async (input: { entity: "product" | "product_category"; name: string }, { container }) => {
    return new StepResponse(await uniqueHandle(container, input.entity, input.name))
  }
)

/** The catalogue read model must not serve what this workflow just changed. */
export const invalidateCatalogStep = createStep("invalidate-catalog", async (input: { what?: "all" | "stock" } | void, { container }) => {
  await invalidateCatalog(container, input?.what ?? "all")
  return new StepResponse(undefined)
})
