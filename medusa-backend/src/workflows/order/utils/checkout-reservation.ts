/**
 * The legacy /api's idempotency reservations (decision 0047): the order a
 * reservation became, linking it when that was interrupted, and releasing a
 * reservation whose attempt made no order. Used by `placeOrder` (a retry with
 * the same key) and by the recovery job (src/jobs/recover-interrupted-orders.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

import { CHECKOUT_MODULE } from "../../../modules/checkout"
import type CheckoutModuleService from "../../../modules/checkout/service"

/**
 * A pending reservation without an order this old belongs to an attempt that
 * ended (a crash) before Medusa created the order; a placement takes seconds,
 * and no HTTP request lives this long. Younger, it may still be running.
 */
export const ABANDONED_AFTER_MS = 10 * 60 * 1000

type Reservation = { id: string; cart_id?: string | null }

/** The Medusa order a reservation became: the linked one, else the order of its cart; null when there is none. */
export async function orderOfReservation(container: MedusaContainer, reservation: Reservation): Promise<string | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "checkout_order", fields: ["id", "order.id"], filters: { id: reservation.id } })
  const linked = (data[0] as { order?: { id: string } | null } | undefined)?.order?.id
  if (linked || !reservation.cart_id) return linked ?? null
  const { data: carts } = await query.graph({ entity: "cart", fields: ["id", "order.id"], filters: { id: reservation.cart_id } })
  return (carts[0] as { order?: { id: string } | null } | undefined)?.order?.id ?? null
}

/** Links the reservation to its order and marks it placed. Idempotent, one caller at a time per reservation. */
export async function finishCheckoutOrder(container: MedusaContainer, checkoutOrderId: string, orderId: string): Promise<void> {
  await container.resolve(Modules.LOCKING).execute(
    `checkout-order:${checkoutOrderId}`,
    async () => {
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({ entity: "checkout_order", fields: ["id", "order.id"], filters: { id: checkoutOrderId } })
      if (!(data[0] as { order?: { id: string } | null } | undefined)?.order?.id) {
        await container.resolve(ContainerRegistrationKeys.LINK).create({
          [Modules.ORDER]: { order_id: orderId },
          [CHECKOUT_MODULE]: { checkout_order_id: checkoutOrderId },
        })
      }
      await container.resolve<CheckoutModuleService>(CHECKOUT_MODULE).markPlaced(checkoutOrderId)
    },
    { timeout: 30 }
  )
}

/**
 * Deletes a reservation whose attempt made no order (hard delete: its key may be
 * used again). Answers false, and keeps it, when an order exists after all.
 */
export async function releaseReservation(container: MedusaContainer, checkoutOrderId: string): Promise<boolean> {
  const checkout = container.resolve<CheckoutModuleService>(CHECKOUT_MODULE)
  // Read again: the cart may have been recorded since the caller read the row.
  const [current] = await checkout.listCheckoutOrders({ id: checkoutOrderId }, { select: ["id", "cart_id"] })
  if (!current) return true
  if (await orderOfReservation(container, current)) return false
  await checkout.deleteCheckoutOrders(checkoutOrderId)
  return true
}
