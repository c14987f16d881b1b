/**
 * The pharmacy's state of an order for Medusa Admin (issue 24): derived from the same view as the
 * customer's status page (order-status-view.ts), so both always agree, and put in staff's words.
 */
import type { MedusaContainer } from "@medusajs/framework/types"

import type { OrderPharmacyView } from "../../shared/dto/order-pharmacy"
import type { OrderPrescriptionReviewState, OrderStatusView } from "../../shared/dto/order-status"
import { readStatusOrderRow, statusViewOf } from "./order-status-view"

const REVIEW_TEXT: Record<OrderPrescriptionReviewState, string> = {
  pending: "Held: awaiting a pharmacist's review. It cannot ship until approved.",
  needs_information: "Held: the pharmacist asked the patient for more information. It cannot ship until approved.",
  approved: "Approved by a pharmacist: the prescription items may ship.",
  rejected: "Rejected by a pharmacist: the order was canceled.",
}

export function toOrderPharmacyView(view: OrderStatusView): OrderPharmacyView {
  const paid = view.timeline.some((step) => step.kind === "paid" && step.done)
  return {
    order_number: view.order_number,
    status_text: view.status_text,
    payment_text: paid ? "Paid" : view.canceled ? "Not paid (canceled)" : "Awaiting payment",
    payment: paid || view.canceled ? null : view.payment,
    prescription_review: view.prescription_review
      ? { state: view.prescription_review.state, text: REVIEW_TEXT[view.prescription_review.state] }
      : null,
    canceled_text: view.canceled?.text ?? null,
  }
}

/** The order's pharmacy view; null for a draft order, an order without number or email, or none. */
export async function readOrderPharmacyView(container: MedusaContainer, orderId: string): Promise<OrderPharmacyView | null> {
  const order = await readStatusOrderRow(container, orderId)
  return order ? toOrderPharmacyView(await statusViewOf(container, order)) : null
}
