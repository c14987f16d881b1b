import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"

import { findOrderByNumber, findOrderSummary, readStaffOrderView } from "../../lib/orders/staff-orders"
import type { StaffOrderSummary, StaffOrderView } from "../../shared/dto/orders"
import { ApiError, notFound } from "./api-errors"

type OrderAction = (order: { id: string; view: StaffOrderView }) => Promise<unknown>

/** Runs the action on the order with this number; a refusal because of the order's state is 409 and changes nothing. */
async function runOnOrder(container: MedusaContainer, orderNumber: string, action: OrderAction) {
  const found = await findOrderByNumber(container, orderNumber)
  if (!found) throw notFound("Order")
  try {
    await action(found)
  } catch (error) {
    if (MedusaError.isMedusaError(error) && (error as MedusaError).type === MedusaError.Types.NOT_ALLOWED) {
      const message = (error as Error).message
      throw new ApiError(409, /[.!?]$/.test(message) ? message : `${message}.`)
    }
    throw error
  }
  return found
}

/**
 * Runs a staff action on the order with this number and answers its list row
 * afterwards (status, paid, totals: no items, address or phone, decision 0047). A refusal because of the order's state (already paid,
 * canceled, shipped) is 409 and changes nothing.
 */
export async function onOrder(container: MedusaContainer, orderNumber: string, action: OrderAction): Promise<StaffOrderSummary> {
  const found = await runOnOrder(container, orderNumber, action)
  return (await findOrderSummary(container, found.view.unique_order_id))!
}

/**
 * The same, answering the order's detail view afterwards (ship, mark delivered: the page shows the
 * shipments): a staff read like `GET /api/orders/{number}/`, audited, with the review note for a pharmacist.
 */
export async function onOrderView(
  container: MedusaContainer,
  orderNumber: string,
  reader: { actor_id: string; pharmacist: boolean },
  action: OrderAction
): Promise<StaffOrderView> {
  const found = await runOnOrder(container, orderNumber, action)
  return (await readStaffOrderView(container, found.view.unique_order_id, reader))!
}
