/**
 * An order as its customer emails tell it (issue 23): the status view of the order status page
 * (one read model for the page and every email: timeline, items, totals, payment block, review in
 * plain words, shipments, why it was canceled), plus what only the email has: the greeting's
 * name, where it ships, the order's status link.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { formatStructuredAddress } from "../../shared/address"
import { countryName } from "../../shared/countries"
import type { OrderStatusShipment, OrderStatusView } from "../../shared/dto/order-status"
import { expectedShipDate } from "../../shared/ship-date"
import { SHIPPING_CHOICES, shippingChoice } from "../../shared/shipping-options"
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
  /** The shipping option chosen and the date (YYYY-MM-DD) it was expected to ship when the order was placed (decision 0059). */
  shipping: { name: string; ship_date: string } | null
  /** A fulfilment of the order as the customer sees it, by fulfilment id; null when the order has none such. */
  shipment: (fulfillmentId: string) => OrderStatusShipment | null
}

/** Null for a draft, an order without number or email, or none. */
export async function readOrderEmailFacts(container: MedusaContainer, orderId: string): Promise<OrderEmailFacts | null> {
  const order = await readStatusOrderRow<{
    shipping_address?: AddressRow | null
    checkout_order?: { shipping_address?: string | null } | null
    shipping_methods?: ({ name?: string | null; shipping_option_id?: string | null } | null)[] | null
  }>(container, orderId, ["shipping_address.*", "checkout_order.shipping_address", "shipping_methods.shipping_option_id"])
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
    shipping: await shippingOf(container, order.shipping_methods?.find(Boolean) ?? null, order.created_at),
    shipment: (fulfillmentId) => shipmentOf(order, fulfillmentId),
  }
}

/** The order's shipping option and its expected ship date from the moment it was placed (an option ops added: Standard's timing). */
async function shippingOf(
  container: MedusaContainer,
  method: { name?: string | null; shipping_option_id?: string | null } | null,
  placedAt: string | Date
): Promise<OrderEmailFacts["shipping"]> {
  if (!method?.name) return null
  let code: string | null = null
  if (method.shipping_option_id) {
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "shipping_option",
      fields: ["id", "type.code"],
      filters: { id: method.shipping_option_id },
    })
    code = (data[0] as { type?: { code?: string | null } | null } | undefined)?.type?.code ?? null
  }
  return { name: method.name, ship_date: expectedShipDate(new Date(placedAt), shippingChoice(code) ?? SHIPPING_CHOICES[0]) }
}
