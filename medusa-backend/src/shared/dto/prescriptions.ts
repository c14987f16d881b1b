/**
 * What the staff `/api/prescription-requests` routes answer (decisions 0033,
 * 0041). Types only: the storefront's staff area imports them through
 * `@shared/dto/prescriptions`. Dates are ISO 8601 strings, as they travel.
 */
import type { PrescriptionFormType, PrescriptionRequestInput } from "../schemas/prescription-request"
import type { RequestStatus } from "../schemas/prescription-review"

/** A request in a staff list (`GET /api/prescription-requests/`): names and emails only, no health fields. */
export type PrescriptionRequestSummary = {
  id: string
  form_type: PrescriptionFormType
  status: RequestStatus
  name: string
  email: string
  created_at: string
  reviewed_at: string | null
}

/** One entry of a request's audit trail: who did what, when. */
export type PrescriptionAuditRow = {
  action: string
  actor_id: string
  /** Null when the staff member was removed since. */
  actor_email: string | null
  created_at: string
}

/** The whole request for a pharmacist (`GET /api/prescription-requests/{id}/`): health fields, note and audit trail. */
export type PrescriptionRequestView = PrescriptionRequestSummary & {
  review_note: string | null
  reviewed_by: string | null
  reviewed_by_email: string | null
  /** The form as submitted, health fields included. */
  form: PrescriptionRequestInput
  /** Newest first. */
  audit: PrescriptionAuditRow[]
}

/** The answer to a decision (`POST /api/prescription-requests/{id}/review/`): the decision only, never the form. */
export type PrescriptionRequestDecision = {
  id: string
  form_type: PrescriptionFormType
  status: RequestStatus
  review_note: string | null
  reviewed_by: string | null
  reviewed_at: string | null
}

/** A prescription document the patient uploaded for the order: metadata only (the bytes are a separate, audited download). */
export type OrderPrescriptionDocument = {
  id: string
  file_name: string
  content_type: "application/pdf" | "image/jpeg" | "image/png" | "image/heic"
  /** Bytes. */
  size: number
  /** ISO 8601. */
  uploaded_at: string
}

/**
 * What a pharmacist reviewing a held order sees (`GET /api/orders/{number}/prescription-evidence/`,
 * issue 24): the requests sent with the order's email, whole (each read audited), and the review's
 * history. Newest request first; history oldest first.
 */
export type OrderPrescriptionEvidence = {
  order_number: string
  requests: (PrescriptionRequestSummary & { review_note: string | null; form: PrescriptionRequestInput })[]
  /** Oldest first; each is downloaded from GET /api/orders/{number}/prescription-documents/{id}/. */
  documents: OrderPrescriptionDocument[]
  history: PrescriptionAuditRow[]
}
