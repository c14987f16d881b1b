import { model } from "@medusajs/framework/utils"

/**
 * Who read or decided on health information, and when. Written, never updated.
 * A single read (`read`, `approve`, `reject`) names its subject; a list read
 * (`list`) has the subject id `*` and `details` = `{ filters, ids }`: the
 * filters asked for and the ids of the records returned. A refused read
 * (`refused`, decision 0044: not a pharmacist, or without two-step sign-in)
 * names what was asked (`*` for a list) and `details` = `{ reason, method, path }`.
 */
export const PrescriptionAuditEntry = model
  .define("prescription_audit_entry", {
    id: model.id({ prefix: "rxaud" }).primaryKey(),
    subject_type: model.enum(["prescription_request", "order"]),
    subject_id: model.text(),
    actor_id: model.text(),
    action: model.enum(["read", "list", "approve", "reject", "refused"]),
    details: model.json().nullable(),
  })
  .indexes([{ on: ["subject_type", "subject_id"] }, { on: ["actor_id"] }])
