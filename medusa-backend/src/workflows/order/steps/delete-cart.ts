import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/** Removes a throw-away cart (quotes build a real Medusa cart only to read its totals). */
export const deleteCartStep = createStep("delete-quote-cart", async (input: { id: string }, { container }) => {
  await container.resolve(Modules.CART).deleteCarts(input.id)
  return new StepResponse(undefined)
})
