/**
 * Staff "Mark delivered" (issue 24): every shipment of the order not delivered yet is marked
 * delivered by Medusa's own markOrderFulfillmentAsDeliveredWorkflow, one run per fulfilment (a
 * workflow cannot loop over a list it reads), as Medusa Admin's "Mark as delivered" does; each
 * emits `delivery.created`, which sends the delivered email (src/subscribers/order-emails.ts).
 * An order with nothing shipped, or everything delivered, is refused (not allowed) and nothing changes.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { markOrderFulfillmentAsDeliveredWorkflow } from "@medusajs/medusa/core-flows"

import { queryRows } from "../../../lib/query-rows"

type Stamp = string | Date | null | undefined

export type DeliverableOrderRow = {
  id: string
  status: string
  fulfillments?: ({ id: string; created_at?: Stamp; shipped_at?: Stamp; delivered_at?: Stamp; canceled_at?: Stamp } | null)[] | null
}

/** The shipped, undelivered fulfilments of the order, oldest first; refuses when there are none. */
export function deliverableFulfillmentIds(order: DeliverableOrderRow): string[] {
  if (order.status === "canceled") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This order was canceled; it cannot be marked delivered.")
  }
  const shipped = (order.fulfillments ?? []).filter((f): f is NonNullable<typeof f> => !!f && !f.canceled_at && !!f.shipped_at)
  if (!shipped.length) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Nothing has shipped on this order yet; ship it before marking it delivered.")
  }
  const open = shipped.filter((f) => !f.delivered_at)
  if (!open.length) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This order was marked delivered already.")
  return open.sort((a, b) => new Date(a.created_at ?? 0).getTime() - new Date(b.created_at ?? 0).getTime()).map((f) => f.id)
}

/** Marks every shipped, undelivered fulfilment of the order delivered; answers their ids. */
export async function markOrderDelivered(container: MedusaContainer, orderId: string): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "status",
      "fulfillments.id",
      "fulfillments.created_at",
      "fulfillments.shipped_at",
      "fulfillments.delivered_at",
      "fulfillments.canceled_at",
    ],
    filters: { id: orderId },
  })
  const order = queryRows<DeliverableOrderRow>(data)[0]
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  const ids = deliverableFulfillmentIds(order)
  for (const fulfillmentId of ids) {
    await markOrderFulfillmentAsDeliveredWorkflow(container).run({ input: { orderId, fulfillmentId } })
  }
  return ids
}
