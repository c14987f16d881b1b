import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { uniqueHandle } from "../../../lib/catalog/catalog-admin"

/** A handle no other product or category has: the name's slug, else with -2, -3... */
export const uniqueHandleStep = createStep(
  "unique-catalog-handle",
  async (input: { entity: "product" | "product_category"; name: string }, { container }) => {
    return new StepResponse(await uniqueHandle(container, input.entity, input.name))
  }
)
