/**
 * "Find my order" (issue 23): when an order number and an email match an order, its customer is
 * emailed a new status link (`order.status_link_requested`, sent by the order emails subscriber).
 * The caller answers the same whether or not they matched; the email goes out after the answer,
 * from the event, so the answer's timing does not tell either.
 */
import crypto from "node:crypto"

import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

import type { OrderLookupInput } from "../../shared/schemas/order-lookup"
import { AppEvents, type OrderStatusLinkRequestedEvent } from "../app-events"
import { queryRows } from "../query-rows"

/** True when it matched (for tests and logs only: never answered to the caller). */
export async function requestOrderStatusLink(container: MedusaContainer, input: OrderLookupInput): Promise<boolean> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id", "email"],
    filters: { custom_display_id: input.order_number, is_draft_order: false },
  })
  const order = queryRows<{ id: string; email?: string | null }>(data)[0]
  const matches = !!order?.email && order.email.trim().toLowerCase() === input.email.trim().toLowerCase()
  if (!matches) return false
  const event: OrderStatusLinkRequestedEvent = { id: order.id, request_id: crypto.randomUUID() }
  await container.resolve(Modules.EVENT_BUS).emit({ name: AppEvents.ORDER_STATUS_LINK_REQUESTED, data: event })
  return true
}
