/**
 * The events this application emits itself, beside Medusa's own (`order.placed`, `payment.captured`,
 * `shipment.created`, ...). Subscribers in src/subscribers react to both alike.
 */
export const AppEvents = {
  /** A pharmacist decided on an order's prescription review. Data: `{ id: order id, decision, decided_at }` (ISO 8601). */
  ORDER_PRESCRIPTION_REVIEWED: "order.prescription_reviewed",
  /** A customer asked for their order's status link ("Find my order") and it matched. Data: `{ id: order id, request_id }`. */
  ORDER_STATUS_LINK_REQUESTED: "order.status_link_requested",
} as const

export type OrderPrescriptionReviewedEvent = { id: string; decision: "approved" | "needs_information" | "rejected"; decided_at: string }
export type OrderStatusLinkRequestedEvent = { id: string; request_id: string }
