import { model } from "@medusajs/framework/utils"

/**
 * The prescription hold of an order that contains a prescription-only product
 * (linked to Medusa's order, see src/links). While `pending`, the order may not
 * be fulfilled; a pharmacist approves or rejects it with a note (encrypted,
 * bound to this row: see encryption.ts). An approval covers the prescription
 * lines it saw (`approved_items`, decision 0045): a line added or enlarged
 * later is not approved, and reopens the review.
 */
export const OrderPrescriptionReview = model.define("order_prescription_review", {
  id: model.id({ prefix: "rxord" }).primaryKey(),
  status: model.enum(["pending", "approved", "rejected"]).default("pending"),
  note: model.text().nullable(),
  reviewed_by: model.text().nullable(),
  reviewed_at: model.dateTime().nullable(),
  /** `{ [order line item id]: units }` of the prescription lines the approval covered; null before 0045 and while never approved. */
  approved_items: model.json().nullable(),
})
