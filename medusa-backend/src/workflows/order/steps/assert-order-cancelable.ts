import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/** The order as the cancel workflow reads it, under its payment lock. */
export type CancelableOrderRow = { id: string; status: string }

/**
 * Refuses (not allowed, 409 on the /api) an order that is canceled already. A rejected prescription
 * cancels its order in the same workflow, so this covers "prescription_rejected" too.
 */
export const assertOrderCancelableStep = createStep(
  "assert-order-cancelable",
  async ({ order }: { order: CancelableOrderRow | undefined }) => {
    if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
    if (order.status === "canceled") throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This order was canceled already.")
    return new StepResponse(undefined)
  }
)
