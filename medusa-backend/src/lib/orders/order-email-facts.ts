/**
 * An order as its customer emails tell it (issue 23): the status view of the order status page
 * (one read model for the page and every email: timeline, items, totals, payment block, review in
 * plain words, shipments, why it was canceled), plus what only the email has: the greeting's
 * name, where it ships, the order's status link.
 */
import type { MedusaContainer } from "@medusajs/framework/types"

import { formatStructuredAddress } from "../../shared/address"
import { countryName } from "../../shared/countries"
import type { OrderStatusShipment, OrderStatusView } from "../../shared/dto/order-status"
import type { PaymentMethod } from "../../shared/store-constants"
import { orderPaymentAccount } from "./order-payment"
import { readStatusOrderRow, shipmentOf, statusViewOf } from "./order-status-view"
import { orderStatusLink, statusLinkVersion } from "./status-link"

type AddressRow = Parameters<typeof formatStructuredAddress>[0] & { first_name?: string | null; last_name?: string | null }

export type OrderEmailFacts = {
  order_id: string
  email: string
  order_number: string
  first_name: string
  /** The shipping address, one line per element; empty when the order has none. */
  ship_to: string[]
  status_link: string
  /** The order's manual payment method; null when paid or arranged otherwise. */
  payment_method: PaymentMethod | null
  view: OrderStatusView
  /** A fulfilment of the order as the customer sees it, by fulfilment id; null when the order has none such. */
  shipment: (fulfillmentId: string) => OrderStatusShipment | null
}

/** Null for a draft, an order without number or email, or none. */
export async function readOrderEmailFacts(container: MedusaContainer, orderId: string): Promise<OrderEmailFacts | null> {
  const order = await readStatusOrderRow<{
    shipping_address?: AddressRow | null
    checkout_order?: { shipping_address?: string | null } | null
  }>(container, orderId, ["shipping_address.*", "checkout_order.shipping_address"])
  if (!order) return null
  const address = order.shipping_address
  const name = [address?.first_name, address?.last_name].filter((part) => part?.trim()).join(" ")
  const where = order.checkout_order?.shipping_address ?? (address ? formatStructuredAddress(address, countryName) : "")
  return {
    order_id: order.id,
    email: order.email,
    order_number: order.custom_display_id,
    first_name: address?.first_name?.trim() ?? "",
    ship_to: [name, where].filter((line) => line.trim()),
    status_link: orderStatusLink({ id: order.id, email: order.email, version: statusLinkVersion(order.metadata) }),
    payment_method: orderPaymentAccount(order)?.method ?? null,
    view: await statusViewOf(container, order),
    shipment: (fulfillmentId) => shipmentOf(order, fulfillmentId),
  }
}
