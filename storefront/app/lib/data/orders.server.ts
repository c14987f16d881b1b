/**
 * Orders as the shopper's pages read them, through Medusa's Store API: the order a completed
 * cart became, with its public number (`custom_display_id`, given by the pharmacy's rules
 * inside Medusa's order workflow; decision 0034).
 */
import type { HttpTypes } from "@medusajs/types"
import { toCents } from "@shared/order-totals"
import { sdk } from "../medusa.server"

const ORDER_FIELDS = "id,display_id,custom_display_id,email,total,*shipping_address"

export type PlacedOrder = {
  id: string
  /** The public order number (HH-XXXX-XXXX). */
  number: string
  email: string
  /** Dollars. */
  total: number
  shipping_address: HttpTypes.StoreOrderAddress | null
}

export async function retrievePlacedOrder(orderId: string): Promise<PlacedOrder> {
  const { order } = await sdk.store.order.retrieve(orderId, { fields: ORDER_FIELDS }, {})
  // custom_display_id is one of Medusa's order fields (2.10+); HttpTypes omit it.
  const number = (order as { custom_display_id?: string | null }).custom_display_id
  return {
    id: order.id,
    number: number || String(order.display_id ?? order.id),
    email: order.email ?? "",
    total: toCents(order.total) / 100,
    shipping_address: order.shipping_address ?? null,
  }
}
