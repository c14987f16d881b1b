/**
 * The order a shopper placed, as the confirmation shows it: read from the answer of the cart's
 * completion (`POST /store/carts/{id}/complete?fields=...`), never by id afterwards. The Store
 * API's order routes are closed (decision 0046): the shop has no customer accounts, so nobody
 * could prove an order is theirs. Its public number (`custom_display_id`) is given by the
 * pharmacy's rules inside Medusa's order workflow (decision 0034).
 */
import type { HttpTypes } from "@medusajs/types"
import { toCents } from "@shared/order-totals"

/** What the completion answers of the order: the confirmation's fields and the lines (to recognise a retry). */
export const PLACED_ORDER_FIELDS = "id,display_id,custom_display_id,email,total,*shipping_address,*items"

export type PlacedOrder = {
  id: string
  /** The public order number (HH-XXXX-XXXX). */
  number: string
  email: string
  /** Dollars. */
  total: number
  shipping_address: HttpTypes.StoreOrderAddress | null
  /** Variant and quantity of each line. */
  lines: { variant_id: string; quantity: number }[]
}

/** The completion's order (asked with PLACED_ORDER_FIELDS) as the pages use it. */
export function placedOrderOf(order: HttpTypes.StoreOrder): PlacedOrder {
  // custom_display_id is one of Medusa's order fields (2.10+); HttpTypes omit it.
  const number = (order as { custom_display_id?: string | null }).custom_display_id
  return {
    id: order.id,
    number: number || String(order.display_id ?? order.id),
    email: order.email ?? "",
    total: toCents(order.total) / 100,
    shipping_address: order.shipping_address ?? null,
    lines: (order.items ?? []).map((item) => ({ variant_id: item.variant_id ?? "", quantity: item.quantity })),
  }
}
