/**
 * What the staff `/api/orders` routes answer (spec §3; decisions 0041, 0047).
 * Types only: the storefront's staff area imports them through `@shared/dto/orders`.
 */
import type { DisplayTotals } from "../order-totals"
import type { PaymentMethod } from "../store-constants"
import type { OrderStatusShipment } from "./order-status"

export const ORDER_STATUSES = [
  "awaiting_payment",
  "paid",
  "awaiting_prescription_review",
  "prescription_rejected",
  "canceled",
  "fulfilled",
] as const

/** An order's real status, as staff and legacy clients see it (src/lib/orders/order-status.ts computes it). */
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * One row of a staff order list (`GET /api/orders/`), also the answer to a
 * staff action on an order (mark paid, cancel): what finding an order needs,
 * nothing about what was ordered or where it goes (HIPAA "minimum necessary",
 * decision 0047). Items, address and phone are only in the detail view, whose
 * every read is audited.
 */
export type StaffOrderSummary = {
  unique_order_id: string
  email: string
  status: OrderStatus
  paid: boolean
  total_price: number
  totals: DisplayTotals
  /** ISO 8601. */
  created_at: string
}

/** One line of an order, as staff see it. Ids are null when the product or variant is gone. */
export type StaffOrderItem = {
  product: { id: string | null; name: string }
  variant: { id: string | null; name: string }
  quantity: number
  /** Unit price, dollars. */
  price: number
}

/** The prescription review of an order held for one. */
export type StaffOrderReview = {
  status: string
  /** The pharmacist's (decrypted) note, shown to pharmacists only; null for everyone else (decision 0041). */
  note: string | null
  /** ISO 8601. */
  reviewed_at: string | null
}

/**
 * An order's detail view for staff (`GET /api/orders/{number}/`, and the answer
 * to a prescription review): the summary plus contact, address, payment
 * method, review and items.
 */
export type StaffOrderView = StaffOrderSummary & {
  phone: string
  shipping_address: string
  /** The manual payment method; null for orders paid or arranged otherwise (e.g. draft orders). */
  payment_method: PaymentMethod | null
  requires_prescription: boolean
  prescription_review: StaffOrderReview | null
  items: StaffOrderItem[]
  /**
   * Staff may ship it now (issue 24): not canceled, units not fulfilled yet, its prescription
   * approved where needed and its payment captured. `POST .../ship/` decides again.
   */
  may_ship: boolean
  /** A shipment is not marked delivered yet (`POST .../deliver/`). */
  may_mark_delivered: boolean
  /** The order's fulfilments (not canceled), oldest first: carrier, tracking, shipped and delivered dates. */
  shipments: StaffOrderShipment[]
  /** Every email the customer was sent about this order, oldest first (issue 23). */
  emails: StaffOrderEmail[]
}

/**
 * One shipment of an order as staff see it: the carrier (the tracking page's, else the order's
 * shipping method), the tracking number and link, and when it shipped and was delivered (ISO
 * 8601; `shipped_at` null for a fulfilment created in Medusa Admin and not marked shipped yet).
 */
export type StaffOrderShipment = OrderStatusShipment

/**
 * One customer email of an order, as staff see it: what kind, when, and whether it reached the
 * mail server. A failed send is retried by a job for 24 hours (`retrying`), then given up (`failed`).
 */
export type StaffOrderEmail = {
  /** The email's kind: "order-confirmation", "payment-received", "order-shipped", ... */
  kind: string
  /** The kind in words: "Order confirmation". */
  label: string
  status: "sent" | "sending" | "retrying" | "failed"
  /** How many times it was tried. */
  tries: number
  /** ISO 8601: the first try. */
  first_try_at: string
  /** ISO 8601: the last try (the one that was sent, for a sent email). */
  last_try_at: string
}
