import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { sendOrderConfirmation } from "../lib/order-confirmation"

/** Emails the customer the order summary and how to pay. */
export default async function orderConfirmationHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  await sendOrderConfirmation(container, event.data.id)
}

export const config: SubscriberConfig = { event: "order.placed" }
