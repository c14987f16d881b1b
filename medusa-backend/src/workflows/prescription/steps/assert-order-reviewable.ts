import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/**
 * Refuses (not allowed, 409 on the /api) a decision on an order that does not exist or was
 * canceled: there is nothing left to review. Whether the order needs a review at all is decided
 * by the hold (`decideOrderReviewStep`).
 */
export const assertOrderReviewableStep = createStep("assert-order-reviewable", async (input: { order_id: string }, { container }) => {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "order", fields: ["id", "status"], filters: { id: input.order_id } })
  const order = data[0] as { status?: string } | undefined
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  if (order.status === "canceled")
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This order was canceled: there is nothing to review")
  return new StepResponse(undefined)
})
