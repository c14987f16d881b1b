import { model } from "@medusajs/framework/utils"

/** Who read or decided on health information, and when. Written, never updated. */
export const PrescriptionAuditEntry = model
  .define("prescription_audit_entry", {
    id: model.id({ prefix: "rxaud" }).primaryKey(),
    subject_type: model.enum(["prescription_request", "order"]),
    subject_id: model.text(),
    actor_id: model.text(),
    action: model.enum(["read", "approve", "reject"]),
  })
  .indexes([{ on: ["subject_type", "subject_id"] }])
