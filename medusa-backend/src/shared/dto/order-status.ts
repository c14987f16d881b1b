/**
 * What `GET /store/order-status/{token}` answers (issue 23, decision 0050): the order status a
 * guest sees through the signed link of their emails. Types only: the storefront's status page
 * imports them through `@shared/dto/order-status`. Plain words, no medical details, no
 * pharmacist notes, no internal ids.
 */
import type { DisplayTotals } from "../order-totals"
import type { PaymentBlock } from "../payment-block"

export type OrderStatusStepKind = "placed" | "paid" | "prescription_reviewed" | "shipped" | "delivered" | "canceled"

export type CancelReason = "unpaid" | "by_staff" | "prescription_rejected"

/** One step of the timeline, in order; `done_at` is null while it has not happened (ISO 8601 otherwise). */
export type OrderStatusStep = {
  kind: OrderStatusStepKind
  label: string
  done: boolean
  done_at: string | null
}

export type OrderStatusItem = {
  name: string
  variant: string
  quantity: number
  /** Dollars. */
  unit_price: number
  /** Dollars: unit price times quantity, to the cent. */
  line_total: number
}

export type OrderStatusShipment = {
  carrier: string
  tracking_number: string | null
  tracking_url: string | null
  /** ISO 8601. */
  shipped_at: string | null
  delivered_at: string | null
}

/** `needs_information`: the pharmacist asked the patient for something (their message is `message`); the order stays held. */
export type OrderPrescriptionReviewState = "pending" | "needs_information" | "approved" | "rejected"

/** A prescription document the patient uploaded, as their status page lists it. */
export type OrderStatusDocument = {
  file_name: string
  /** ISO 8601. */
  uploaded_at: string
}

export type OrderStatusView = {
  order_number: string
  /** ISO 8601. */
  placed_at: string
  /** Where the order stands now, in a few words ("Awaiting payment", "Shipped", ...). */
  status_text: string
  /** placed → paid → prescription reviewed (Rx orders only) → shipped → delivered; or ending in canceled. */
  timeline: OrderStatusStep[]
  canceled: { reason: CancelReason; text: string; at: string | null } | null
  items: OrderStatusItem[]
  totals: DisplayTotals
  /** How to pay, while the payment is awaited; null otherwise. */
  payment: PaymentBlock | null
  /** Only for orders with prescription items: the review's state in plain words. */
  prescription_review: {
    state: OrderPrescriptionReviewState
    text: string
    /** The pharmacist's message to the patient while the review needs information from them; null otherwise. */
    message: string | null
    /** True while the review awaits the patient's prescription (pending, needs information) and the order is not canceled. */
    accepts_documents: boolean
    /** The prescription documents the patient uploaded, oldest first: name and date only (issue 24). */
    documents: OrderStatusDocument[]
  } | null
  shipments: OrderStatusShipment[]
}

/** The one answer for a link that opens nothing (tampered, expired, revoked, another order's): no order named. */
export const ORDER_STATUS_NOT_FOUND_MESSAGE =
  'This order status link is not valid or has expired. Use "Find my order" to have a new link emailed to you.'

/** What `GET /store/order-status/carts/{cart_id}` answers right after checkout: the status link's token and its view. */
export type PlacedOrderStatus = { token: string; order: OrderStatusView }
