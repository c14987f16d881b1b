/**
 * What the shopper is shown of the order they just placed (the confirmation page, through its
 * cookie: order-confirmation.server.ts): its number, total, address, payment method and shipping,
 * and its status link's token (issue 23, decision 0050). Never the cart's id (decision 0046).
 */
import { formatShippingAddress } from "@shared/address"
import { COUNTRIES, DEFAULT_COUNTRY } from "@shared/countries"
import { paymentLabel } from "@shared/payment-methods"

import { type PlacedOrder, placedOrderStatus } from "~/lib/data/orders.server"

/** What the confirmation page shows of a placed order (never the cart's id: decision 0046). */
export type Confirmation = {
  number: string
  email: string
  total: number
  shippingAddress: string
  paymentLabel: string
  /** The shipping option chosen and its expected ship date (YYYY-MM-DD), when known (decision 0059). */
  shipping: { name: string; shipDate: string } | null
  /** The order status link's token (decision 0050), when the backend gave it: the page reads the order's status with it. */
  statusToken: string | null
}

export function confirmationOf(
  order: PlacedOrder,
  providerId: string,
  fallbackAddress: string,
  shipping: Confirmation["shipping"]
): Omit<Confirmation, "statusToken"> {
  const a = order.shipping_address
  const address = a
    ? formatShippingAddress({
        address: a.address_1 ?? "",
        apartment: a.address_2 ?? undefined,
        city: a.city ?? "",
        state: a.province ?? undefined,
        zipCode: a.postal_code ?? "",
        country: COUNTRIES.find((c) => c.code.toLowerCase() === a.country_code)?.name ?? DEFAULT_COUNTRY,
      })
    : fallbackAddress
  return {
    number: order.number,
    email: order.email,
    total: order.total,
    shippingAddress: address,
    paymentLabel: paymentLabel(providerId),
    shipping,
  }
}

/**
 * The status link's token of the order `cartId` just became (issue 23), or null: the confirmation
 * then shows what it showed before, and the email has the link. Never fails the order.
 */
export async function statusTokenOf(cartId: string | null, headers: Record<string, string>): Promise<string | null> {
  if (!cartId) return null
  try {
    return (await placedOrderStatus(cartId, headers))?.token ?? null
  } catch (error) {
    console.error(`Checkout: the order's status link is unavailable: ${error instanceof Error ? error.message : String(error)}`)
    return null
  }
}
