import { model } from "@medusajs/framework/utils"

/**
 * The prescription hold of an order that contains a prescription-only product
 * (linked to Medusa's order, see src/links). Until `approved`, the order may not
 * be fulfilled; a pharmacist approves or rejects it with a note (encrypted,
 * bound to this row: see encryption.ts), or asks the patient for information
 * (`needs_information`, the message to the patient in `patient_message`,
 * encrypted too; cleared by the final decision). An approval covers the prescription
 * lines it saw (`approved_items`, decision 0045): a line added or enlarged
 * later is not approved, and reopens the review.
 */
export const OrderPrescriptionReview = model.define("order_prescription_review", {
  id: model.id({ prefix: "rxord" }).primaryKey(),
  status: model.enum(["pending", "needs_information", "approved", "rejected"]).default("pending"),
  note: model.text().nullable(),
  patient_message: model.text().nullable(),
  reviewed_by: model.text().nullable(),
  reviewed_at: model.dateTime().nullable(),
  /** `{ [order line item id]: units }` of the prescription lines the approval covered; null before 0045 and while never approved. */
  approved_items: model.json().nullable(),
})
