/**
 * Prescription module: request forms (stored encrypted), the prescription hold
 * of orders, and the audit log of staff reads and decisions. Health fields are
 * decrypted only by `readRequestAsStaff`, which always writes an audit entry.
 * Nothing here logs form values.
 */
import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { PrescriptionRequestInput } from "../../shared/schemas/prescription-request"
import { decryptJson, encryptJson, resolveEncryptionKey, type EncryptionKeyOptions } from "./encryption"
import { OrderPrescriptionReview } from "./models/order-prescription-review"
import { PrescriptionAuditEntry } from "./models/prescription-audit-entry"
import { PrescriptionRequest } from "./models/prescription-request"

export type PrescriptionModuleOptions = EncryptionKeyOptions

/** The identifying part of a request; the rest of the form is the health part. */
const CONTACT_FIELDS = ["name", "email", "phone", "age", "gender", "dateOfBirth", "address", "state", "zipCode"] as const
type Contact = Partial<Record<(typeof CONTACT_FIELDS)[number], string | number>> & { name?: string; email: string }

export type RequestStatus = "received" | "approved" | "rejected"
export type FormType = PrescriptionRequestInput["formType"]

export type RequestSummary = {
  id: string
  form_type: FormType
  status: RequestStatus
  name: string
  email: string
  created_at: Date
  reviewed_at: Date | null
}

export type StaffRequestView = RequestSummary & {
  review_note: string | null
  reviewed_by: string | null
  /** The form as submitted, health fields included. */
  form: PrescriptionRequestInput
}

export default class PrescriptionModuleService extends MedusaService({
  PrescriptionRequest,
  OrderPrescriptionReview,
  PrescriptionAuditEntry,
}) {
  protected readonly key_: Buffer

  constructor(container: Record<string, unknown>, options?: PrescriptionModuleOptions) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.key_ = resolveEncryptionKey(options ?? {})
  }

  /** Stores submitted forms encrypted. Returns only what is safe to echo back. */
  async submitRequests(inputs: PrescriptionRequestInput[]) {
    const rows = inputs.map((input) => {
      const contact: Record<string, unknown> = {}
      const health: Record<string, unknown> = {}
      for (const [field, value] of Object.entries(input)) {
        if (field === "formType") continue
        ;((CONTACT_FIELDS as readonly string[]).includes(field) ? contact : health)[field] = value
      }
      return {
        form_type: input.formType,
        status: "received" as const,
        contact_ciphertext: encryptJson(this.key_, contact),
        health_ciphertext: encryptJson(this.key_, health),
      }
    })
    const created = await this.createPrescriptionRequests(rows)
    return created.map((row) => ({ id: row.id, form_type: row.form_type, status: row.status, created_at: row.created_at }))
  }

  /** Newest first; decrypts names and emails only (no health fields, no audit entry). */
  async listRequestSummaries(
    filters: { form_type?: FormType; status?: RequestStatus } = {},
    page: { skip?: number; take?: number } = {}
  ): Promise<{ requests: RequestSummary[]; count: number }> {
    const [rows, count] = await this.listAndCountPrescriptionRequests(
      Object.fromEntries(Object.entries(filters).filter(([, v]) => v)),
      { order: { created_at: "DESC" }, skip: page.skip ?? 0, take: page.take ?? 50 }
    )
    return {
      requests: rows.map((row) => {
        const contact = decryptJson<Contact>(this.key_, row.contact_ciphertext)
        return {
          id: row.id,
          form_type: row.form_type,
          status: row.status,
          name: String(contact.name ?? ""),
          email: String(contact.email ?? ""),
          created_at: row.created_at,
          reviewed_at: row.reviewed_at ?? null,
        }
      }),
      count,
    }
  }

  /** The whole request, health fields included, for a staff member. Always audited. */
  async readRequestAsStaff(id: string, actorId: string): Promise<StaffRequestView> {
    const [row] = await this.listPrescriptionRequests({ id })
    if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Prescription request ${id} was not found`)
    await this.createPrescriptionAuditEntries({
      subject_type: "prescription_request",
      subject_id: id,
      actor_id: actorId,
      action: "read",
    })
    const contact = decryptJson<Contact>(this.key_, row.contact_ciphertext)
    const health = decryptJson<Record<string, unknown>>(this.key_, row.health_ciphertext)
    return {
      id: row.id,
      form_type: row.form_type,
      status: row.status,
      name: String(contact.name ?? ""),
      email: String(contact.email ?? ""),
      created_at: row.created_at,
      reviewed_at: row.reviewed_at ?? null,
      review_note: row.review_note ?? null,
      reviewed_by: row.reviewed_by ?? null,
      form: { formType: row.form_type, ...contact, ...health } as PrescriptionRequestInput,
    }
  }
}
