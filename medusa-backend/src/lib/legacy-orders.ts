/**
 * Orders in the legacy shapes (spec §3, §7): placing one from the legacy
 * payload through the commerce-core order workflow, and the staff view of an
 * order by its customer-facing number.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isUnitedStates, parseShippingAddress } from "../shared/address"
import type { LegacyOrderInput } from "../shared/schemas/order"
import type { PaymentMethod } from "../shared/store-constants"
import { placeOrder } from "../workflows/order/workflows/place-order"
import { InputError } from "./input-error"
import { legacyOrderStatus } from "./order-status"
import { legacyTotals, TOTALS_FIELDS, type LegacyTotals } from "./order-totals"

const ADDRESS_FORMAT = "Enter the shipping address as: street, optional apartment, city, state ZIP, country"

/** Places the order; the server's totals are the only ones charged (a client figure off by more than a cent is refused). */
export async function placeLegacyOrder(container: MedusaContainer, input: LegacyOrderInput, idempotencyKey?: string) {
  const address = parseShippingAddress(input.shipping_address)
  if (!address || !address.zipCode) throw new InputError(ADDRESS_FORMAT, { shipping_address: ADDRESS_FORMAT })
  if (!isUnitedStates(address.country)) {
    const message = "We ship to the United States only"
    throw new InputError(message, { shipping_address: message })
  }
  const placed = await placeOrder(container, {
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
  })
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

export type StaffOrderView = {
  unique_order_id: string
  email: string
  phone: string
  shipping_address: string
  payment_method: PaymentMethod
  status: string
  total_price: number
  totals: LegacyTotals
  created_at: string
  items: { product: { id: string | null; name: string }; variant: { id: string | null; name: string }; quantity: number; price: number }[]
}

const ORDER_VIEW_FIELDS = [
  "id",
  "public_id",
  "payment_method",
  "phone",
  "shipping_address",
  "created_at",
  "order.id",
  "order.email",
  "order.created_at",
  "order.status",
  "order.fulfillment_status",
  ...TOTALS_FIELDS.map((f) => `order.${f}`),
  "order.items.id",
  "order.items.product_id",
  "order.items.product_title",
  "order.items.variant_id",
  "order.items.variant_title",
  "order.items.quantity",
  "order.items.unit_price",
  "order.items.created_at",
  "order.order_prescription_review.status",
]

function toView(row: any): StaffOrderView | null {
  const order = row?.order
  if (!order) return null
  const totals = legacyTotals(order)
  return {
    unique_order_id: row.public_id,
    email: order.email,
    phone: row.phone,
    shipping_address: row.shipping_address,
    payment_method: row.payment_method,
    status: legacyOrderStatus(order, order.order_prescription_review),
    total_price: totals.total,
    totals,
    created_at: new Date(order.created_at ?? row.created_at).toISOString(),
    items: [...(order.items ?? [])]
      .filter(Boolean)
      .sort((a: any, b: any) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
      .map((item: any) => ({
        product: { id: item.product_id ?? null, name: item.product_title ?? "" },
        variant: { id: item.variant_id ?? null, name: item.variant_title ?? "" },
        quantity: Number(item.quantity),
        price: Math.round(Number(item.unit_price) * 100) / 100,
      })),
  }
}

export async function loadStaffOrderView(container: MedusaContainer, uniqueOrderId: string): Promise<StaffOrderView | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "checkout_order",
    fields: ORDER_VIEW_FIELDS,
    filters: { public_id: uniqueOrderId.trim().toUpperCase() },
  })
  return toView(data[0])
}

/**
 * Newest first. `status: "awaiting_prescription_review"` lists only the orders
 * held for prescription review (a pending hold on an order that is not canceled).
 */
export async function listStaffOrders(
  container: MedusaContainer,
  page: { limit?: number; offset?: number; status?: "awaiting_prescription_review" }
) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  let filters: { id: string[] } | undefined
  if (page.status === "awaiting_prescription_review") {
    const { data: holds } = await query.graph({
      entity: "order_prescription_review",
      fields: ["id", "order.id", "order.status", "order.checkout_order.id"],
      filters: { status: "pending" },
    })
    const ids = holds
      .map((hold: any) => hold?.order)
      .filter((order: any) => order && order.status !== "canceled")
      .map((order: any) => order.checkout_order?.id as string | undefined)
      .filter((id): id is string => !!id)
    if (!ids.length) return { orders: [] as StaffOrderView[], count: 0 }
    filters = { id: ids }
  }
  const { data, metadata } = await query.graph({
    entity: "checkout_order",
    fields: ORDER_VIEW_FIELDS,
    ...(filters ? { filters } : {}),
    pagination: { skip: page.offset ?? 0, take: page.limit ?? 50, order: { created_at: "DESC" } },
  })
  return { orders: data.map(toView).filter((v): v is StaffOrderView => !!v), count: metadata?.count ?? data.length }
}
