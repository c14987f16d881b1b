import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"

import type { StaffOrderSummary, StaffOrderView } from "../../shared/dto/orders"
import { ApiError, notFound } from "./api-errors"
import { findOrderByNumber, findOrderSummary } from "./legacy-orders"

/**
 * Runs a staff action on the order with this number and answers its list row
 * afterwards (status, paid, totals: no items, address or phone, decision 0047). A refusal because of the order's state (already paid,
 * canceled, shipped) is 409 and changes nothing.
 */
export async function onOrder(
  container: MedusaContainer,
  orderNumber: string,
  action: (order: { id: string; view: StaffOrderView }) => Promise<unknown>
): Promise<StaffOrderSummary> {
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
  return (await findOrderSummary(container, found.view.unique_order_id))!
}
