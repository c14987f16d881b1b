/**
 * Emails an order's confirmation: its number, amounts and the payment
 * instructions of its manual payment method; never what was ordered, nor the
 * shipping address (minimum necessary, decision 0041). Every order gets one, whatever
 * created it (src/subscribers/order-placed.ts). Sent at most once: the
 * notification's idempotency key is the order, so a redelivered event sends
 * nothing new (a failed send is retried by the next delivery).
 */
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"

import { buildOrderConfirmationStep, sendNotificationOnceStep } from "../steps"

export const sendOrderConfirmationWorkflow = createWorkflow("send-order-confirmation", (input: { order_id: string }) => {
  const notifications = buildOrderConfirmationStep(input)
  const sent = when("order-has-confirmation", { notifications }, ({ notifications }) => notifications.length > 0).then(() =>
    sendNotificationOnceStep(notifications)
  )
  return new WorkflowResponse(transform({ sent }, ({ sent }) => ({ sent: (sent ?? []).length })))
})
