import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { assertPaidForShipping } from "../../../lib/orders/order-payment"
import { assertMayShip, orderPrescriptionState } from "../../../lib/orders/order-prescription"
import { ORDER_PAYMENT_STATUS_FIELDS } from "../../../lib/orders/order-status"

type Stamp = string | Date | null | undefined

/** The order as the ship workflow reads it, under its payment lock (SHIP_ORDER_FIELDS). */
export type ShippableOrderRow = {
  id: string
  status: string
  currency_code?: string | null
  payment_collections?: unknown[] | null
  items?: ({ id: string; quantity?: unknown; detail?: { quantity?: unknown; fulfilled_quantity?: unknown } | null } | null)[] | null
  fulfillments?: ({ id: string; shipped_at?: Stamp; canceled_at?: Stamp } | null)[] | null
}

export const SHIP_ORDER_FIELDS = [
  "id",
  "status",
  ...ORDER_PAYMENT_STATUS_FIELDS,
  "items.id",
  "items.quantity",
  "items.detail.quantity",
  "items.detail.fulfilled_quantity",
  "fulfillments.id",
  "fulfillments.shipped_at",
  "fulfillments.canceled_at",
]

/**
 * What staff "Ship" fulfils: every unit of the order not in a fulfilment yet. Refuses (not allowed,
 * 409 on the /api), before anything is created, an order that is canceled, has nothing left to
 * ship, waits for a pharmacist or is not paid: the same rules the fulfilment gate
 * (src/workflows/hooks/create-order-fulfillment.ts) applies inside Medusa's workflow afterwards.
 */
export const planOrderShipmentStep = createStep(
  "plan-order-shipment",
  async ({ order }: { order: ShippableOrderRow | undefined }, { container }) => {
    if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
    if (order.status === "canceled") throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This order was canceled; it cannot be shipped.")
    const items = (order.items ?? [])
      .filter((item): item is NonNullable<typeof item> => !!item)
      .map((item) => ({
        id: item.id,
        quantity: Number(item.detail?.quantity ?? item.quantity ?? 0) - Number(item.detail?.fulfilled_quantity ?? 0),
      }))
      .filter((item) => item.quantity > 0)
    if (!items.length) {
      const open = (order.fulfillments ?? []).filter((f) => f && !f.canceled_at && !f.shipped_at)
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        open.length
          ? "Every item of this order is in a fulfilment already; mark that fulfilment as shipped in Medusa Admin."
          : "This order has shipped already."
      )
    }
    assertMayShip(await orderPrescriptionState(container, order.id))
    assertPaidForShipping(order)
    return new StepResponse({ items })
  }
)
