/**
 * The prescription evidence of an order, as its page shows it to a pharmacist (issue 24): the
 * requests sent with the order's email (each read audited by the backend), the documents the patient
 * uploaded (each download audited) and the review's history.
 * Other staff are told it is for pharmacists; nothing else is fetched for them.
 */
import type { StaffOrderView } from "@shared/dto/orders"

import type { Admin } from "~/lib/data/staff/client.server"
import { attempt } from "~/lib/data/staff/client.server"
import { getOrderPrescriptionEvidence } from "~/lib/data/staff/orders.server"
import { formatStaffDateTime } from "~/modules/staff/dates.server"
import { CONTACT_FIELDS, formTypeLabel, HEALTH_FIELDS, presentFields, requestStatusLabel } from "~/modules/staff/format"
import { pharmacistRefusal, refusedToNonPharmacist } from "~/modules/staff/pharmacist.server"

const HISTORY_ACTION: Record<string, string> = {
  approve: "Approved",
  reject: "Rejected",
  request_information: "Asked the patient for information",
  reopen: "Reopened (the order gained prescription items)",
}

export type EvidenceSection =
  | {
      state: "shown"
      requests: EvidenceRequest[]
      documents: EvidenceDocument[]
      history: { key: string; action: string; by: string; at: string }[]
    }
  | { state: "refused"; message: string }
  | { state: "failed" }

export type EvidenceRequest = {
  id: string
  title: string
  submitted: string
  status: string
  fields: { key: string; label: string; value: string }[]
}

/** A document the patient uploaded: its name, type, size and date, and where the pharmacist downloads it. */
export type EvidenceDocument = { id: string; fileName: string; kind: string; size: string; uploaded: string; href: string }

const KIND: Record<string, string> = { "application/pdf": "PDF", "image/jpeg": "JPEG", "image/png": "PNG", "image/heic": "HEIC" }
const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`

const when = (iso: string) => formatStaffDateTime(iso) ?? iso

/** Null for an order without prescription items: there is nothing to review. */
export async function loadPrescriptionEvidence(admin: Admin, order: StaffOrderView): Promise<EvidenceSection | null> {
  if (!order.requires_prescription) return null
  const found = await attempt("reading an order's prescription evidence", () => getOrderPrescriptionEvidence(admin, order.unique_order_id))
  if (!found.ok)
    return refusedToNonPharmacist(found.failure) ? { state: "refused", message: pharmacistRefusal(found.failure) } : { state: "failed" }
  return {
    state: "shown",
    requests: found.value.requests.map((request) => {
      const form: Record<string, unknown> = request.form
      return {
        id: request.id,
        title: `${formTypeLabel(request.form_type)} from ${request.name}`,
        submitted: when(request.created_at),
        status: requestStatusLabel(request.status),
        fields: [...presentFields(form, CONTACT_FIELDS), ...presentFields(form, HEALTH_FIELDS)],
      }
    }),
    documents: found.value.documents.map((document) => ({
      id: document.id,
      fileName: document.file_name,
      kind: KIND[document.content_type] ?? document.content_type,
      size: sizeText(document.size),
      uploaded: when(document.uploaded_at),
      href: `/admin/order-documents/${encodeURIComponent(order.unique_order_id)}/${encodeURIComponent(document.id)}`,
    })),
    history: found.value.history.map((entry, index) => ({
      key: String(index),
      action: HISTORY_ACTION[entry.action] ?? entry.action,
      by: entry.actor_email ?? (entry.actor_id === "system" ? "The store" : "A removed staff account"),
      at: when(entry.created_at),
    })),
  }
}
