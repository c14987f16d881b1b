import { model } from "@medusajs/framework/utils"

/**
 * A submitted prescription request form. Everything the visitor typed is
 * health information, so it is stored only encrypted (AES-256-GCM): the
 * contact part (name, email, phone, address) and the health part (medications,
 * conditions, allergies) separately, so staff lists decrypt only contacts.
 * The pharmacist's review note is encrypted too. Each ciphertext is bound to
 * its row id and column (encryption.ts), so the id is chosen before encrypting.
 * `email_index` is a blind index of the contact email (`emailBlindIndex`): the pharmacist's view
 * of a held order finds the requests sent with the order's email by it (issue 24).
 */
export const PrescriptionRequest = model
  .define("prescription_request", {
    id: model.id({ prefix: "rxreq" }).primaryKey(),
    form_type: model.enum(["insulin", "weight_loss", "prescription"]),
    status: model.enum(["received", "approved", "rejected"]).default("received"),
    contact_ciphertext: model.text(),
    health_ciphertext: model.text(),
    email_index: model.text().nullable(),
    review_note: model.text().nullable(),
    reviewed_by: model.text().nullable(),
    reviewed_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["form_type", "status"] }, { on: ["email_index"] }])
