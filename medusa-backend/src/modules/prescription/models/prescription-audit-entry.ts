import { model } from "@medusajs/framework/utils"

/**
 * Who read or decided on health information, and when. Written, never updated.
 * A single read (`read`, `approve`, `reject`) names its subject; a list read
 * (`list`) has the subject id `*` and `details` = `{ filters, ids }`: the
 * filters asked for and the ids of the records returned. A refused read
 * (`refused`, decision 0044: not a pharmacist, or without two-step sign-in)
 * names what was asked (`*` for a list) and `details` = `{ reason, method, path }`.
 * Decision 0045: `flag_change` (subject `product`) records a change of a
 * product's prescription flag, `details` = `{ flag, from, to, via }`;
 * `reopen` (subject `order`, actor `system`) records an approved review put
 * back to pending because the order gained prescription lines, `details` =
 * `{ item_ids, reason }`. Issue 23: `request_information` (subject `order`) records a
 * pharmacist asking the patient for information (the message itself is on the review, encrypted).
 * Issue 24: a pharmacist's download of a patient's document is a `read` of a `prescription_document`,
 * `details` = `{ for_order }`; the retention job's deletion is one `delete` by `system`, subject id `*`,
 * `details` = `{ reason, uploaded_before, ids }`.
 */
export const PrescriptionAuditEntry = model
  .define("prescription_audit_entry", {
    id: model.id({ prefix: "rxaud" }).primaryKey(),
    subject_type: model.enum(["prescription_request", "order", "product", "prescription_document"]),
    subject_id: model.text(),
    actor_id: model.text(),
    action: model.enum(["read", "list", "approve", "reject", "refused", "flag_change", "reopen", "request_information", "delete"]),
    details: model.json().nullable(),
  })
  .indexes([{ on: ["subject_type", "subject_id"] }, { on: ["actor_id"] }])
