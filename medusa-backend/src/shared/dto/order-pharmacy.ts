/**
 * What `GET /admin/orders/{id}/pharmacy` answers (issue 24): the pharmacy's state of an order as
 * Medusa Admin's order page shows it in a widget (src/admin/widgets/order-pharmacy.tsx), in the
 * shop's words. Minimum necessary: no pharmacist note, no patient message, no medical detail.
 */
import type { PaymentBlock } from "../payment-block"
import type { OrderPrescriptionReviewState } from "./order-status"

export type OrderPharmacyView = {
  /** The customer-facing order number, e.g. HH-7K3M-9Q2X (Medusa Admin shows its own "#32"). */
  order_number: string
  /** Where the order stands, in the shop's words: "Awaiting payment", "Shipped", ... */
  status_text: string
  /** "Awaiting payment", "Paid", or "Not paid (canceled)": Medusa Admin calls an unpaid manual payment "Authorized". */
  payment_text: string
  /** How the customer was asked to pay (method, pay-to handle, amount, memo, pay-by), while the payment is awaited. */
  payment: PaymentBlock | null
  /** Only for orders with prescription items: the review's state and what it means for staff. */
  prescription_review: { state: OrderPrescriptionReviewState; text: string } | null
  /** Why the order was canceled, in words; null when it was not. */
  canceled_text: string | null
}
