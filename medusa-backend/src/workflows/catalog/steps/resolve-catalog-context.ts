import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { resolveCatalogWriteContext } from "../../../lib/catalog/catalog-admin"

/** Where new products and stock go: the storefront's sales channel, the default shipping profile, the warehouse. */
export const resolveCatalogContextStep = createStep("resolve-catalog-context", async (_: void, { container }) => {
  return new StepResponse(await resolveCatalogWriteContext(container))
})
