import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { CANCEL_REASON_KEY } from "../../../lib/orders/order-status-view"
import type { CancelReason } from "../../../shared/dto/order-status"

/**
 * Keeps why an order is canceled on the order (`metadata.cancel_reason`), for what its customer
 * is told (issue 23); the metadata before is restored if the cancellation fails after it.
 * Cancellations without it (staff, Medusa Admin) read as "by the pharmacy"; a rejected
 * prescription is read from the review.
 */
export const recordCancelReasonStep = createStep(
  "record-cancel-reason",
  async (input: { order_id: string; reason: CancelReason }, { container }) => {
    const orders = container.resolve(Modules.ORDER)
    const order = await orders.retrieveOrder(input.order_id, { select: ["id", "metadata"] })
    const before = order.metadata ?? null
    await orders.updateOrders(input.order_id, { metadata: { ...(before ?? {}), [CANCEL_REASON_KEY]: input.reason } })
    return new StepResponse(undefined, { order_id: input.order_id, before })
  },
  async (undo, { container }) => {
    if (!undo) return
    await container.resolve(Modules.ORDER).updateOrders(undo.order_id, { metadata: undo.before ?? {} })
  }
)
