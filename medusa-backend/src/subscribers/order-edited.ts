import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { holdOrderForPrescriptionWorkflow } from "../workflows/prescription/workflows/hold-order-for-prescription"

/** An order edit confirmed in Medusa Admin may add a prescription-only product: hold the order if so. */
export default async function orderEditedHandler({ event, container }: SubscriberArgs<{ order_id?: string }>) {
  if (event.data.order_id) await holdOrderForPrescriptionWorkflow(container).run({ input: { order_id: event.data.order_id } })
}

export const config: SubscriberConfig = { event: "order-edit.confirmed" }
