import { model } from "@medusajs/framework/utils"

/**
 * A prescription document the patient uploaded on their order status page (issue 24, decision
 * 0053). The bytes are stored only encrypted (AES-256-GCM under the PHI key, bound to the row id,
 * `encryptBytes`); the type is the one detected from the content. Read by pharmacists only, each
 * read audited (`subject_type = prescription_document`). Linked to the order by a read-only module
 * link over `order_id` (src/links/order-prescription-document.ts). Deleted after
 * PRESCRIPTION_DOCUMENT_RETENTION_DAYS by a daily job.
 */
export const PrescriptionDocument = model
  .define("prescription_document", {
    id: model.id({ prefix: "rxdoc" }).primaryKey(),
    order_id: model.text(),
    file_name: model.text(),
    content_type: model.enum(["application/pdf", "image/jpeg", "image/png", "image/heic"]),
    size: model.number(),
    ciphertext: model.text(),
  })
  .indexes([{ on: ["order_id"] }, { on: ["created_at"] }])
