/**
 * Emails the customer one step of their order's story (utils/email-kinds.ts lists them and the
 * events that send them): built from the order as it stands, sent at most once per
 * idempotency key whatever redelivers the event or runs the workflow again. A failed send is
 * recorded by Medusa's notification module and tried again by the retry job.
 */
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"

import { buildOrderEmailStep, sendNotificationOnceStep } from "../steps"
import type { OrderEmailRequest } from "../utils/email-kinds"

export const sendOrderEmailWorkflow = createWorkflow("send-order-email", (input: OrderEmailRequest) => {
  const notifications = buildOrderEmailStep(input)
  const sent = when("order-email-has-content", { notifications }, ({ notifications }) => notifications.length > 0).then(() =>
    sendNotificationOnceStep(notifications)
  )
  return new WorkflowResponse(transform({ sent }, ({ sent }) => ({ sent: (sent ?? []).length })))
})
