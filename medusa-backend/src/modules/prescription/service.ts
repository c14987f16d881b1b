/**
 * Prescription module: request forms (stored encrypted), the prescription hold
 * of orders and what each order line was when it entered the order, the
 * pharmacist role, and the audit log of staff reads and decisions (decisions
 * 0033, 0041, 0045). Decisions are conditional updates: one wins, the other is a conflict.
 *
 * Health information is decrypted for staff only here, and only for a
 * pharmacist: `listRequestSummaries` (names and emails), `readRequestAsStaff`
 * (the whole form) and `readOrderReviewNoteAsStaff` check the role and write an
 * audit entry in the same call. Review notes are encrypted on write
 * (`recordRequestDecision`, `recordOrderDecision`). Nothing here logs form values.
 */
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext, MedusaError, MedusaService } from "@medusajs/framework/utils"

import { currentStaffRequest, phiSubjectOfPath } from "../../lib/staff-request-context"
import type { DocumentType } from "../../shared/prescription-documents"
import type { PrescriptionRequestInput } from "../../shared/schemas/prescription-request"
import { MFA_REQUIRED_FOR_PHI } from "../../shared/staff-security"
import {
  type CipherBinding,
  ciphertextVersion,
  decryptBytes,
  decryptJson,
  decryptNote,
  emailBlindIndex,
  encryptBytes,
  type EncryptionKeyOptions,
  encryptJson,
  encryptNote,
  resolveEncryptionKey,
} from "./encryption"
import { OrderPrescriptionLine } from "./models/order-prescription-line"
import { OrderPrescriptionReview } from "./models/order-prescription-review"
import { Pharmacist } from "./models/pharmacist"
import { PrescriptionAuditEntry } from "./models/prescription-audit-entry"
import { PrescriptionDocument } from "./models/prescription-document"
import { PrescriptionRequest } from "./models/prescription-request"

export type PrescriptionModuleOptions = EncryptionKeyOptions

/** The identifying part of a request; the rest of the form is the health part. */
const CONTACT_FIELDS = ["name", "email", "phone", "age", "gender", "dateOfBirth", "address", "state", "zipCode"] as const
type Contact = Partial<Record<(typeof CONTACT_FIELDS)[number], string | number>> & { name?: string; email: string }

export type RequestStatus = "received" | "approved" | "rejected"
export type FormType = PrescriptionRequestInput["formType"]

/** The answer to anyone else (403 on the /api). */
export const PHARMACISTS_ONLY =
  "Only pharmacists may see or review prescription information. Ask an administrator to grant your account the pharmacist role."

export type AuditSubject = "prescription_request" | "order" | "product" | "prescription_document"
export type ReviewDecision = "approved" | "rejected"
/** An order's review can also ask the patient for information (issue 23): the order stays held. */
export type OrderReviewDecision = ReviewDecision | "needs_information"
/** Reviews a pharmacist may still decide on. */
const OPEN_REVIEW = "status IN ('pending', 'needs_information')"

/** The answer to staff without the role who try to change a product's prescription flag (403; decision 0045). */
export const PHARMACISTS_ONLY_FLAG =
  "Only pharmacists may change whether a product needs a prescription. Ask a pharmacist to make this change; nothing was saved."

/** Units per order line item id: the prescription lines an approval covered. */
export type ApprovedItems = Record<string, number>

const REQUEST_TABLE = "prescription_request"
const ORDER_REVIEW_TABLE = "order_prescription_review"
const bind = (table: string, field: string, id: string): CipherBinding => ({ table, field, id })
const contactBinding = (id: string) => bind(REQUEST_TABLE, "contact_ciphertext", id)
const healthBinding = (id: string) => bind(REQUEST_TABLE, "health_ciphertext", id)
const requestNoteBinding = (id: string) => bind(REQUEST_TABLE, "review_note", id)
const orderNoteBinding = (id: string) => bind(ORDER_REVIEW_TABLE, "note", id)
const patientMessageBinding = (id: string) => bind(ORDER_REVIEW_TABLE, "patient_message", id)
const documentBinding = (id: string) => bind("prescription_document", "ciphertext", id)

/** What lists show of a patient's document: never its bytes. */
export type DocumentSummary = { id: string; file_name: string; content_type: DocumentType; size: number; created_at: Date }

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
  OrderPrescriptionLine,
  PrescriptionAuditEntry,
  PrescriptionDocument,
  Pharmacist,
}) {
  protected readonly key_: Buffer

  constructor(container: Record<string, unknown>, options?: PrescriptionModuleOptions) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.key_ = resolveEncryptionKey(options ?? {})
  }

  // --- The pharmacist role ---------------------------------------------------

  async isPharmacist(userId: string | null | undefined): Promise<boolean> {
    if (!userId) return false
    const [row] = await this.listPharmacists({ user_id: userId }, { select: ["id"], take: 1 })
    return !!row
  }

  /**
   * Refuses (forbidden, 403 on the /api) anyone who is not a pharmacist, and, within a staff
   * request of the /api, a pharmacist whose session did not pass two-step sign-in (decision
   * 0044). Calls outside a staff request (scripts, jobs) are checked for the role only. Every
   * refusal is audited.
   */
  async assertPharmacist(userId: string | null | undefined): Promise<void> {
    const request = currentStaffRequest()
    const refusal = !(await this.isPharmacist(userId))
      ? { reason: "not_pharmacist", message: PHARMACISTS_ONLY }
      : request && !request.mfa_verified
        ? { reason: "mfa_required", message: MFA_REQUIRED_FOR_PHI }
        : null
    if (!refusal) return
    await this.auditRefusal(userId || "unknown", {
      ...phiSubjectOfPath(request?.path),
      reason: refusal.reason,
      method: request?.method ?? null,
      path: request?.path ?? null,
    })
    throw new MedusaError(MedusaError.Types.FORBIDDEN, refusal.message)
  }

  /** One audit entry for a refused read or decision: who, when, what was asked, and why it was refused. */
  async auditRefusal(
    actorId: string,
    asked: { subject_type: AuditSubject; subject_id: string; reason: string; method: string | null; path: string | null }
  ) {
    const { subject_type, subject_id, ...details } = asked
    await this.createPrescriptionAuditEntries({ subject_type, subject_id, actor_id: actorId, action: "refused", details })
  }

  /** Grants the role; `granted: false` when the user already has it. */
  async grantPharmacist(userId: string, grantedBy: string): Promise<{ granted: boolean }> {
    if (await this.isPharmacist(userId)) return { granted: false }
    await this.createPharmacists({ user_id: userId, granted_by: grantedBy })
    return { granted: true }
  }

  /** Revokes the role (the row is kept, soft-deleted, with who revoked it); `revoked: false` when the user did not have it. */
  async revokePharmacist(userId: string, revokedBy: string): Promise<{ revoked: boolean }> {
    const rows = await this.listPharmacists({ user_id: userId }, { select: ["id"] })
    if (!rows.length) return { revoked: false }
    await this.updatePharmacists(rows.map((row) => ({ id: row.id, revoked_by: revokedBy })))
    await this.softDeletePharmacists(rows.map((row) => row.id))
    return { revoked: true }
  }

  /** True once anyone was ever granted the role (revoked grants count): the seed then grants nothing. */
  async hasEverHadPharmacist(): Promise<boolean> {
    const [row] = await this.listPharmacists({}, { select: ["id"], take: 1, withDeleted: true })
    return !!row
  }

  // --- Requests ---------------------------------------------------------------

  /** Stores submitted forms encrypted, each ciphertext bound to its row. Returns only what is safe to echo back. */
  async submitRequests(inputs: PrescriptionRequestInput[]) {
    const rows = inputs.map((input) => {
      const contact: Record<string, unknown> = {}
      const health: Record<string, unknown> = {}
      for (const [field, value] of Object.entries(input)) {
        if (field === "formType") continue
        ;((CONTACT_FIELDS as readonly string[]).includes(field) ? contact : health)[field] = value
      }
      // The id is part of the ciphertexts' additional data, so it is chosen here.
      const id = generateEntityId(undefined, "rxreq")
      return {
        id,
        form_type: input.formType,
        status: "received" as const,
        contact_ciphertext: encryptJson(this.key_, contact, contactBinding(id)),
        health_ciphertext: encryptJson(this.key_, health, healthBinding(id)),
        email_index: typeof contact.email === "string" && contact.email ? emailBlindIndex(this.key_, contact.email) : null,
      }
    })
    const created = await this.createPrescriptionRequests(rows)
    return created.map((row) => ({ id: row.id, form_type: row.form_type, status: row.status, created_at: row.created_at }))
  }

  /**
   * For a pharmacist: newest first; decrypts names and emails only (no health
   * fields). Audited: one `list` entry with the filters and the ids returned.
   */
  async listRequestSummaries(
    actorId: string,
    filters: { form_type?: FormType; status?: RequestStatus } = {},
    page: { skip?: number; take?: number } = {}
  ): Promise<{ requests: RequestSummary[]; count: number }> {
    await this.assertPharmacist(actorId)
    const given = Object.fromEntries(Object.entries(filters).filter(([, v]) => v))
    const skip = page.skip ?? 0
    const take = page.take ?? 50
    const [rows, count] = await this.listAndCountPrescriptionRequests(given, { order: { created_at: "DESC" }, skip, take })
    const requests = rows.map((row) => this.summaryOf(row, decryptJson<Contact>(this.key_, row.contact_ciphertext, contactBinding(row.id))))
    await this.auditListRead(
      actorId,
      "prescription_request",
      { ...given, skip, take },
      requests.map((r) => r.id)
    )
    return { requests, count }
  }

  /** What staff lists show of a request: its state and the decrypted name and email. */
  protected summaryOf(
    row: { id: string; form_type: FormType; status: RequestStatus; created_at: Date; reviewed_at?: Date | null },
    contact: Contact
  ): RequestSummary {
    return {
      id: row.id,
      form_type: row.form_type,
      status: row.status,
      name: String(contact.name ?? ""),
      email: String(contact.email ?? ""),
      created_at: row.created_at,
      reviewed_at: row.reviewed_at ?? null,
    }
  }

  /** The whole request, health fields and review note included, for a pharmacist. Always audited. */
  async readRequestAsStaff(id: string, actorId: string): Promise<StaffRequestView> {
    await this.assertPharmacist(actorId)
    const [row] = await this.listPrescriptionRequests({ id })
    if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Prescription request ${id} was not found`)
    await this.createPrescriptionAuditEntries({
      subject_type: "prescription_request",
      subject_id: id,
      actor_id: actorId,
      action: "read",
    })
    return this.viewOf(row)
  }

  /** A stored request decrypted whole; callers check the role and audit. */
  protected viewOf(row: {
    id: string
    form_type: FormType
    status: RequestStatus
    created_at: Date
    reviewed_at?: Date | null
    reviewed_by?: string | null
    review_note?: string | null
    contact_ciphertext: string
    health_ciphertext: string
  }): StaffRequestView {
    const contact = decryptJson<Contact>(this.key_, row.contact_ciphertext, contactBinding(row.id))
    const health = decryptJson<Record<string, unknown>>(this.key_, row.health_ciphertext, healthBinding(row.id))
    return {
      ...this.summaryOf(row, contact),
      review_note: decryptNote(this.key_, row.review_note, requestNoteBinding(row.id)),
      reviewed_by: row.reviewed_by ?? null,
      form: { formType: row.form_type, ...contact, ...health } as PrescriptionRequestInput,
    }
  }

  /**
   * The prescription requests sent with an order's email, for the pharmacist reviewing the held
   * order (issue 24): newest first (at most `take`), whole and decrypted, found by the email's
   * blind index. Each request returned is audited as a `read` naming the order it was read for.
   */
  async readRequestsForOrder(input: { order_id: string; email: string; actor_id: string }, take = 20): Promise<StaffRequestView[]> {
    await this.assertPharmacist(input.actor_id)
    const wanted = input.email.trim().toLowerCase()
    const rows = await this.listPrescriptionRequests(
      { email_index: emailBlindIndex(this.key_, wanted) },
      { order: { created_at: "DESC" }, take }
    )
    const views = rows
      .map((row) => this.viewOf(row))
      // The index is a hash: the decrypted address is what decides.
      .filter((view) => view.email.trim().toLowerCase() === wanted)
    if (views.length) {
      await this.createPrescriptionAuditEntries(
        views.map((view) => ({
          subject_type: "prescription_request" as const,
          subject_id: view.id,
          actor_id: input.actor_id,
          action: "read" as const,
          details: { for_order: input.order_id },
        }))
      )
    }
    return views
  }

  /** Gives the requests stored before the email index theirs (the migration script's job); answers how many. */
  async indexRequestEmails(batchSize = 200): Promise<number> {
    let indexed = 0
    for (;;) {
      const rows = await this.listPrescriptionRequests(
        { email_index: null },
        { select: ["id", "contact_ciphertext"], order: { id: "ASC" }, take: batchSize }
      )
      const updates = rows.map((row) => {
        const { email } = decryptJson<Contact>(this.key_, row.contact_ciphertext, contactBinding(row.id))
        // A request without an email gets an index that matches no address, so it is not read again.
        return { id: row.id, email_index: typeof email === "string" && email ? emailBlindIndex(this.key_, email) : "-" }
      })
      if (updates.length) await this.updatePrescriptionRequests(updates)
      indexed += updates.length
      if (rows.length < batchSize) return indexed
    }
  }

  /**
   * A pharmacist's decision on a request, the note encrypted; the caller audits. One conditional
   * UPDATE (`WHERE status = 'received'`): of two pharmacists deciding at once exactly one wins, the
   * other gets a conflict (409) and changes nothing.
   */
  @InjectManager()
  async recordRequestDecision(
    input: { id: string; decision: ReviewDecision; note?: string | null; actor_id: string },
    @MedusaContext() context: Context = {}
  ): Promise<{ id: string; status: ReviewDecision; reviewed_at: Date }> {
    await this.assertPharmacist(input.actor_id)
    const manager = context.manager as SqlEntityManager
    const [row] = await manager.execute<{ id: string; status: ReviewDecision; reviewed_at: Date }[]>(
      `UPDATE prescription_request SET status = ?, review_note = ?, reviewed_by = ?, reviewed_at = now(), updated_at = now()
        WHERE id = ? AND status = 'received' AND deleted_at IS NULL
        RETURNING id, status, reviewed_at`,
      [input.decision, encryptNote(this.key_, input.note, requestNoteBinding(input.id)), input.actor_id, input.id]
    )
    if (row) return row
    const [current] = await this.listPrescriptionRequests({ id: input.id }, { select: ["id", "status"] })
    if (!current) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Prescription request ${input.id} was not found`)
    throw new MedusaError(MedusaError.Types.CONFLICT, `This request was already ${current.status}.`)
  }

  // --- Orders held for review -------------------------------------------------

  /**
   * A pharmacist's decision on an order's hold, the note (and a message to the patient) encrypted;
   * the caller audits. An approval records the prescription lines it covers (`approved_items`).
   * Asking for information keeps the order held and may be followed by any decision; approving or
   * rejecting is final and clears the message. One conditional UPDATE on an open review: the
   * second of two concurrent final decisions gets a conflict (409).
   */
  @InjectManager()
  async recordOrderDecision(
    input: {
      review_id: string
      decision: OrderReviewDecision
      note?: string | null
      patient_message?: string | null
      actor_id: string
      approved_items?: ApprovedItems | null
    },
    @MedusaContext() context: Context = {}
  ): Promise<{ id: string; status: OrderReviewDecision; reviewed_at: Date }> {
    await this.assertPharmacist(input.actor_id)
    const manager = context.manager as SqlEntityManager
    const approved = input.decision === "approved" ? JSON.stringify(input.approved_items ?? {}) : null
    const message = input.decision === "needs_information" ? input.patient_message : null
    const [row] = await manager.execute<{ id: string; status: OrderReviewDecision; reviewed_at: Date }[]>(
      `UPDATE order_prescription_review
          SET status = ?, note = ?, patient_message = ?, reviewed_by = ?, reviewed_at = now(), approved_items = ?::jsonb, updated_at = now()
        WHERE id = ? AND ${OPEN_REVIEW} AND deleted_at IS NULL
        RETURNING id, status, reviewed_at`,
      [
        input.decision,
        encryptNote(this.key_, input.note, orderNoteBinding(input.review_id)),
        encryptNote(this.key_, message, patientMessageBinding(input.review_id)),
        input.actor_id,
        approved,
        input.review_id,
      ]
    )
    if (row) return row
    const [current] = await this.listOrderPrescriptionReviews({ id: input.review_id }, { select: ["id", "status"] })
    if (!current) throw new MedusaError(MedusaError.Types.NOT_FOUND, "This order's prescription review was not found")
    throw new MedusaError(MedusaError.Types.CONFLICT, `This order's prescription was already ${current.status}.`)
  }

  /**
   * Puts an approved review back to pending because the order gained prescription lines the
   * approval did not cover (decision 0045), audited as a `reopen` by `system`. Conditional
   * (`WHERE status = 'approved'`): `false` when the review was not approved (nothing to reopen).
   */
  @InjectManager()
  async reopenOrderReview(
    input: { review_id: string; order_id: string; item_ids: string[]; reason: string },
    @MedusaContext() context: Context = {}
  ): Promise<boolean> {
    const manager = context.manager as SqlEntityManager
    const rows = await manager.execute<{ id: string }[]>(
      `UPDATE order_prescription_review SET status = 'pending', reviewed_by = NULL, reviewed_at = NULL, updated_at = now()
        WHERE id = ? AND status = 'approved' AND deleted_at IS NULL
        RETURNING id`,
      [input.review_id]
    )
    if (!rows.length) return false
    await this.createPrescriptionAuditEntries({
      subject_type: "order",
      subject_id: input.order_id,
      actor_id: "system",
      action: "reopen",
      details: { item_ids: input.item_ids, reason: input.reason },
    })
    return true
  }

  /**
   * The pharmacist's message to the patient while the review waits for them (`needs_information`),
   * for the patient's own order status page and email; null otherwise. No role check: the caller
   * already proved it acts for the patient (the order's status link, or the order's own event).
   */
  async readPatientMessage(reviewId: string): Promise<string | null> {
    const [review] = await this.listOrderPrescriptionReviews({ id: reviewId }, { select: ["id", "status", "patient_message"] })
    if (review?.status !== "needs_information" || !review.patient_message) return null
    return decryptNote(this.key_, review.patient_message, patientMessageBinding(review.id))
  }

  // --- Documents from the patient (issue 24, decision 0053) -------------------

  /**
   * Stores a patient's prescription document, encrypted and bound to its row. No role check: the
   * caller proved it acts for the patient (the order's status link) and checked the type (from
   * the content), the size and that the order's review awaits it. Answers the metadata only.
   */
  async storeOrderDocument(input: {
    order_id: string
    file_name: string
    content_type: DocumentType
    bytes: Uint8Array
  }): Promise<DocumentSummary> {
    // The id is part of the ciphertext's additional data, so it is chosen here.
    const id = generateEntityId(undefined, "rxdoc")
    const row = await this.createPrescriptionDocuments({
      id,
      order_id: input.order_id,
      file_name: input.file_name,
      content_type: input.content_type,
      size: input.bytes.length,
      ciphertext: encryptBytes(this.key_, input.bytes, documentBinding(id)),
    })
    return this.documentSummaryOf(row)
  }

  /** An order's documents, oldest first, metadata only (no bytes decrypted): for the patient's page and the pharmacist's evidence. */
  async listOrderDocuments(orderId: string): Promise<DocumentSummary[]> {
    const rows = await this.listPrescriptionDocuments(
      { order_id: orderId },
      { select: ["id", "file_name", "content_type", "size", "created_at"], order: { created_at: "ASC" } }
    )
    return rows.map((row) => this.documentSummaryOf(row))
  }

  /**
   * A document's bytes, decrypted, for a pharmacist (403 for anyone else, audited as a refusal).
   * Each read is a `read` of the `prescription_document` naming the order. Not found unless the
   * document belongs to `order_id`.
   */
  async readOrderDocumentAsStaff(input: {
    order_id: string
    document_id: string
    actor_id: string
  }): Promise<DocumentSummary & { bytes: Buffer }> {
    await this.assertPharmacist(input.actor_id)
    const [row] = await this.listPrescriptionDocuments({ id: input.document_id, order_id: input.order_id })
    if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, "This prescription document was not found")
    const bytes = decryptBytes(this.key_, row.ciphertext, documentBinding(row.id))
    await this.createPrescriptionAuditEntries({
      subject_type: "prescription_document",
      subject_id: row.id,
      actor_id: input.actor_id,
      action: "read",
      details: { for_order: input.order_id },
    })
    return { ...this.documentSummaryOf(row), bytes }
  }

  /**
   * Deletes (for good, not soft) the documents uploaded before `before` (the retention job,
   * PRESCRIPTION_DOCUMENT_RETENTION_DAYS), audited as one `delete` by `system` naming them.
   * Answers how many were deleted.
   */
  @InjectManager()
  async deleteDocumentsUploadedBefore(before: Date, @MedusaContext() context: Context = {}): Promise<number> {
    const manager = context.manager as SqlEntityManager
    const rows = await manager.execute<{ id: string; order_id: string }[]>(
      `DELETE FROM prescription_document WHERE created_at < ? RETURNING id, order_id`,
      [before]
    )
    if (!rows.length) return 0
    await this.createPrescriptionAuditEntries({
      subject_type: "prescription_document",
      subject_id: "*",
      actor_id: "system",
      action: "delete",
      details: { reason: "retention", uploaded_before: before.toISOString(), ids: rows.map((row) => row.id) },
    })
    return rows.length
  }

  protected documentSummaryOf(row: {
    id: string
    file_name: string
    content_type: DocumentType
    size: number
    created_at: Date
  }): DocumentSummary {
    return { id: row.id, file_name: row.file_name, content_type: row.content_type, size: row.size, created_at: row.created_at }
  }

  // --- Product flags ----------------------------------------------------------

  /** Refuses (forbidden) a change of a product's prescription flag by anyone but a pharmacist. */
  async assertMayChangePrescriptionFlag(userId: string | null | undefined): Promise<void> {
    if (!(await this.isPharmacist(userId))) throw new MedusaError(MedusaError.Types.FORBIDDEN, PHARMACISTS_ONLY_FLAG)
  }

  /** One `flag_change` audit entry: who changed which product's prescription flag, from what to what, through which path. */
  async auditFlagChange(input: { product_id: string; actor_id: string; from: boolean; to: boolean; via: string }) {
    return await this.createPrescriptionAuditEntries({
      subject_type: "product",
      subject_id: input.product_id,
      actor_id: input.actor_id,
      action: "flag_change",
      details: { flag: "prescription", from: input.from, to: input.to, via: input.via },
    })
  }

  /**
   * The decrypted note of an order's prescription review, for a pharmacist.
   * Audited as a `read` of the order, unless `audited` says the caller's own
   * audited decision is what is being answered (the note just written).
   */
  async readOrderReviewNoteAsStaff(input: {
    order_id: string
    review_id: string
    actor_id: string
    audited?: boolean
  }): Promise<string | null> {
    await this.assertPharmacist(input.actor_id)
    const [review] = await this.listOrderPrescriptionReviews({ id: input.review_id }, { select: ["id", "note"] })
    if (!review?.note) return null
    if (!input.audited) {
      await this.createPrescriptionAuditEntries({
        subject_type: "order",
        subject_id: input.order_id,
        actor_id: input.actor_id,
        action: "read",
      })
    }
    return decryptNote(this.key_, review.note, orderNoteBinding(review.id))
  }

  // --- Audit ------------------------------------------------------------------

  /** One audit entry for a list read: who, when, the filters asked for and the ids returned. */
  async auditListRead(actorId: string, subjectType: AuditSubject, filters: Record<string, unknown>, ids: string[]) {
    await this.createPrescriptionAuditEntries({
      subject_type: subjectType,
      subject_id: "*",
      actor_id: actorId,
      action: "list",
      details: { filters, ids },
    })
  }

  // --- Stored data from before v2 ----------------------------------------------

  /**
   * Re-encrypts what was stored before format v2: v1 ciphertexts (constant
   * additional data) and review notes kept in plain text. Idempotent (v2
   * values are left alone); run by the module's migration script. Answers how
   * many rows changed.
   */
  async upgradeStoredEncryption(batchSize = 200): Promise<{ requests: number; order_reviews: number }> {
    const toV2 = (stored: string, binding: CipherBinding) => encryptJson(this.key_, decryptJson(this.key_, stored, binding), binding)
    const noteToV2 = (stored: string | null, binding: CipherBinding) =>
      encryptNote(this.key_, decryptNote(this.key_, stored, binding), binding)
    const isOld = (value: string | null) => value !== null && value !== "" && ciphertextVersion(value) !== "v2"

    let requests = 0
    for (let skip = 0; ; skip += batchSize) {
      const rows = await this.listPrescriptionRequests(
        {},
        { select: ["id", "contact_ciphertext", "health_ciphertext", "review_note"], order: { id: "ASC" }, skip, take: batchSize }
      )
      const updates = rows
        .filter((row) => isOld(row.contact_ciphertext) || isOld(row.health_ciphertext) || isOld(row.review_note ?? null))
        .map((row) => ({
          id: row.id,
          contact_ciphertext: isOld(row.contact_ciphertext) ? toV2(row.contact_ciphertext, contactBinding(row.id)) : row.contact_ciphertext,
          health_ciphertext: isOld(row.health_ciphertext) ? toV2(row.health_ciphertext, healthBinding(row.id)) : row.health_ciphertext,
          review_note: isOld(row.review_note ?? null)
            ? noteToV2(row.review_note ?? null, requestNoteBinding(row.id))
            : (row.review_note ?? null),
        }))
      if (updates.length) await this.updatePrescriptionRequests(updates)
      requests += updates.length
      if (rows.length < batchSize) break
    }

    let order_reviews = 0
    for (let skip = 0; ; skip += batchSize) {
      const rows = await this.listOrderPrescriptionReviews({}, { select: ["id", "note"], order: { id: "ASC" }, skip, take: batchSize })
      const updates = rows
        .filter((row) => isOld(row.note ?? null))
        .map((row) => ({ id: row.id, note: noteToV2(row.note ?? null, orderNoteBinding(row.id)) }))
      if (updates.length) await this.updateOrderPrescriptionReviews(updates)
      order_reviews += updates.length
      if (rows.length < batchSize) break
    }
    return { requests, order_reviews }
  }
}
