/**
 * Orders in the legacy shapes (spec §3, §7): placing one from the legacy
 * payload (src/workflows/order/workflows/place-order.ts). The staff views of
 * orders are the order read model, src/lib/orders/staff-orders.ts.
 */
import type { MedusaContainer } from "@medusajs/framework/types"

import { InputError } from "../../lib/input-error"
import { isUnitedStates, parseShippingAddress } from "../../shared/address"
import type { LegacyOrderInput } from "../../shared/schemas/order"
import { placeOrder, type PlaceOrderInput } from "../../workflows/order/workflows/place-order"

const ADDRESS_FORMAT = "Enter the shipping address as: street, optional apartment, city, state ZIP, country"

/** The placement's input from the legacy payload; the address must be a US address in the spec's one-line format. */
export function legacyOrderInput(input: LegacyOrderInput, idempotencyKey?: string): PlaceOrderInput {
  const address = parseShippingAddress(input.shipping_address)
  if (!address || !address.zipCode) throw new InputError(ADDRESS_FORMAT, { shipping_address: ADDRESS_FORMAT })
  if (!isUnitedStates(address.country)) {
    const message = "We ship to the United States only"
    throw new InputError(message, { shipping_address: message })
  }
  return {
    email: input.email,
    phone: input.phone,
    first_name: input.first_name || undefined,
    last_name: input.last_name || undefined,
    company: input.company || undefined,
    address: {
      address_1: address.address,
      address_2: address.apartment,
      city: address.city,
      province: address.state,
      postal_code: address.zipCode,
      country_code: "us",
    },
    shipping_address_text: input.shipping_address,
    items: input.items.map((item) => ({
      product_id: item.product,
      variant_id: item.variant,
      quantity: item.quantity,
      ...(item.price !== undefined ? { expected_unit_price: item.price } : {}),
    })),
    payment_method: input.payment_method,
    discount_code: input.discount_code,
    expected_total: input.total_price,
    idempotency_key: idempotencyKey,
  }
}

/** Places the order; the server's totals are the only ones charged (a client figure off by more than a cent is refused). */
export async function placeLegacyOrder(container: MedusaContainer, input: LegacyOrderInput, idempotencyKey?: string) {
  const placed = await placeOrder(container, legacyOrderInput(input, idempotencyKey))
  return {
    unique_order_id: placed.unique_order_id,
    status: placed.status,
    email: input.email,
    shipping_address: input.shipping_address,
    payment_method: placed.payment_method,
    total_price: placed.totals.total,
    totals: placed.totals,
  }
}
