/**
 * The order `status` legacy clients and staff see. Spec: "Order status is
 * shown as received"; orders with a prescription-only product wait for
 * prescription review first and may not ship until approved.
 */
export type LegacyOrderStatus =
  | "received"
  | "awaiting_prescription_review"
  | "prescription_rejected"
  | "shipped"
  | "delivered"
  | "canceled"

export function legacyOrderStatus(
  order: { status?: string | null; fulfillment_status?: string | null },
  prescriptionReview?: { status?: string | null } | null
): LegacyOrderStatus {
  if (order.status === "canceled") return "canceled"
  if (prescriptionReview?.status === "pending") return "awaiting_prescription_review"
  if (prescriptionReview?.status === "rejected") return "prescription_rejected"
  if (order.fulfillment_status === "delivered") return "delivered"
  if (order.fulfillment_status === "shipped" || order.fulfillment_status === "partially_shipped") return "shipped"
  return "received"
}
