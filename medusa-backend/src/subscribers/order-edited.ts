import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { holdOrderForPrescriptionWorkflow } from "../workflows/prescription/workflows/hold-order-for-prescription"

/**
 * An order edit confirmed in Medusa Admin, an exchange or a claim may add prescription-only
 * items to an order (decision 0045): their lines are recorded, the order is held if it was not,
 * and an approved review that does not cover them is reopened (pending again, audited as a
 * system action). The fulfilment gate refuses such an order even before this runs.
 */
export default async function orderChangedHandler({ event, container }: SubscriberArgs<{ order_id?: string }>) {
  if (event.data.order_id) await holdOrderForPrescriptionWorkflow(container).run({ input: { order_id: event.data.order_id } })
}

export const config: SubscriberConfig = { event: ["order-edit.confirmed", "order.exchange_created", "order.claim_created"] }
