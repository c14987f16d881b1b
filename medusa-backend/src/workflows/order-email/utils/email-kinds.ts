/**
 * The emails a customer gets about an order (issue 23), one per step of its story, and the event
 * that sends each (subscribers in src/subscribers):
 *
 * | kind                             | sent on                                                        |
 * | -------------------------------- | -------------------------------------------------------------- |
 * | order-confirmation               | `order.placed`                                                 |
 * | payment-received                 | `payment.captured` (staff "mark paid", Medusa Admin, Admin API) |
 * | prescription-approved            | `order.prescription_reviewed`, approved                        |
 * | prescription-needs-information   | `order.prescription_reviewed`, needs information               |
 * | order-shipped                    | `shipment.created`, once per shipment                          |
 * | order-delivered                  | `delivery.created`, once per shipment                          |
 * | payment-reminder                 | the `remind-unpaid-orders` job, 24 h before the unpaid order is canceled |
 * | order-canceled                   | `order.canceled` (unpaid, by staff, prescription rejected)     |
 * | order-status-link                | "Find my order" (`order.status_link_requested`) and staff "email a new link" |
 *
 * Each email is one notification of Medusa's notification module, for the order (`resource_id`),
 * with the kind as its template. Its idempotency key (`emailKey`) names the event it tells of,
 * so a redelivered event, a second server or a retry sends nothing twice.
 */
export const ORDER_EMAIL_KINDS = [
  "order-confirmation",
  "payment-received",
  "prescription-approved",
  "prescription-needs-information",
  "order-shipped",
  "order-delivered",
  "payment-reminder",
  "order-canceled",
  "order-status-link",
] as const

export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number]

export const isOrderEmailKind = (value: unknown): value is OrderEmailKind => ORDER_EMAIL_KINDS.includes(value as OrderEmailKind)

/** How staff see each kind. */
export const ORDER_EMAIL_LABELS: Record<OrderEmailKind, string> = {
  "order-confirmation": "Order confirmation",
  "payment-received": "Payment received",
  "prescription-approved": "Prescription approved",
  "prescription-needs-information": "Prescription: information needed",
  "order-shipped": "Shipped",
  "order-delivered": "Delivered",
  "payment-reminder": "Payment reminder",
  "order-canceled": "Order canceled",
  "order-status-link": "Order status link",
}

/**
 * What one email tells of: its kind, the order, and for kinds that can happen more than once per
 * order, what tells the happenings apart (`ref`: the fulfilment, the decision's time, the request).
 */
export type OrderEmailRequest = { kind: OrderEmailKind; order_id: string; ref?: string | null }

const RETRY_SUFFIX = /:retry-\d+$/

/** The idempotency key of the email's first try; tries after a failure add `:retry-<n>`. */
export const emailKey = ({ kind, order_id, ref }: OrderEmailRequest) => [kind, order_id, ref].filter(Boolean).join(":")

/** The first try's key of any try's key. */
export const firstTryKey = (key: string) => key.replace(RETRY_SUFFIX, "")
