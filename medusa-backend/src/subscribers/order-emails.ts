import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { AppEvents, type OrderPrescriptionReviewedEvent, type OrderStatusLinkRequestedEvent } from "../lib/app-events"
import { queryRows } from "../lib/query-rows"
import type { OrderEmailRequest } from "../workflows/order-email/utils/email-kinds"
import { sendOrderEmailWorkflow } from "../workflows/order-email/workflows/send-order-email"

type EventData = { id: string; no_notification?: boolean }

async function orderOfPayment(container: MedusaContainer, paymentId: string) {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "payment", fields: ["id", "payment_collection.order.id"], filters: { id: paymentId } })
  return queryRows<{ payment_collection?: { order?: { id: string } | null } | null }>(data)[0]?.payment_collection?.order?.id ?? null
}

async function orderOfFulfillment(container: MedusaContainer, fulfillmentId: string) {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "fulfillment", fields: ["id", "order.id"], filters: { id: fulfillmentId } })
  return queryRows<{ order?: { id: string } | null }>(data)[0]?.order?.id ?? null
}

/** Which email each event sends, about which order; null when it sends none. */
const EMAIL_OF_EVENT: Record<string, (data: EventData, container: MedusaContainer) => Promise<OrderEmailRequest | null>> = {
  "payment.captured": async ({ id }, container) => {
    const orderId = await orderOfPayment(container, id)
    return orderId ? { kind: "payment-received", order_id: orderId } : null
  },
  [AppEvents.ORDER_PRESCRIPTION_REVIEWED]: async (data) => {
    const { id, decision, decided_at } = data as OrderPrescriptionReviewedEvent
    // A rejection cancels the order: its email is the cancellation's, which says why.
    if (decision === "rejected") return null
    return { kind: decision === "approved" ? "prescription-approved" : "prescription-needs-information", order_id: id, ref: decided_at }
  },
  "shipment.created": async ({ id }, container) => {
    const orderId = await orderOfFulfillment(container, id)
    return orderId ? { kind: "order-shipped", order_id: orderId, ref: id } : null
  },
  "delivery.created": async ({ id }, container) => {
    const orderId = await orderOfFulfillment(container, id)
    return orderId ? { kind: "order-delivered", order_id: orderId, ref: id } : null
  },
  "order.canceled": async ({ id }) => ({ kind: "order-canceled", order_id: id }),
  [AppEvents.ORDER_STATUS_LINK_REQUESTED]: async (data) => {
    const { id, request_id } = data as OrderStatusLinkRequestedEvent
    return { kind: "order-status-link", order_id: id, ref: request_id }
  },
}

/**
 * The customer's email for each step of their order (workflows/order-email/utils/email-kinds.ts),
 * sent on Medusa's own events, so it goes out whatever made the change: the staff area, Medusa
 * Admin, the Admin API, a job, a plugin. Once per event per order: a redelivered event or a
 * second server finds the email already sent. Staff who tick "do not notify the customer" in
 * Medusa Admin (`no_notification`) are obeyed.
 */
export default async function orderEmailsHandler({ event, container }: SubscriberArgs<EventData>) {
  if (event.data?.no_notification) return
  const request = await EMAIL_OF_EVENT[event.name]?.(event.data, container)
  if (request) await sendOrderEmailWorkflow(container).run({ input: request })
}

export const config: SubscriberConfig = { event: Object.keys(EMAIL_OF_EVENT) }
