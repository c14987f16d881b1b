import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { sendOrderEmailWorkflow } from "../workflows/order-email/workflows/send-order-email"
import { holdOrderForPrescriptionWorkflow } from "../workflows/prescription/workflows/hold-order-for-prescription"

/**
 * Every placed order, whatever placed it (Store API cart completion, the
 * legacy /api, a draft order converted in Medusa Admin, a plugin): held for
 * prescription review when it contains a prescription-only product, then
 * confirmed by email with its payment instructions. Both steps are idempotent,
 * so a redelivered event changes nothing and sends nothing twice.
 */
export default async function orderPlacedHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  await holdOrderForPrescriptionWorkflow(container).run({ input: { order_id: event.data.id } })
  await sendOrderEmailWorkflow(container).run({ input: { kind: "order-confirmation", order_id: event.data.id } })
}

export const config: SubscriberConfig = { event: "order.placed" }
