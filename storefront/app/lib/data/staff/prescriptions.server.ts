/** The staff area's prescription requests (`/api/prescription-requests/`): named calls with their answer types. */
import type { Admin } from "./client.server"

/** A row of the list: names and emails only, no health information. */
export type RequestSummary = {
  id: string
  form_type: string
  status: string
  name: string
  email: string
  created_at: string
  reviewed_at: string | null
}

/** One request, the whole form with its audit trail (reading it is audited). */
export type RequestView = RequestSummary & {
  review_note: string | null
  reviewed_by_email: string | null
  form: Record<string, unknown>
  audit: { action: string; actor_email: string | null; created_at: string }[]
}

const requestPath = (id: string) => `/api/prescription-requests/${encodeURIComponent(id)}/`

export const listPrescriptionRequests = (admin: Admin, query: { form_type?: string; status?: string; limit: number; offset: number }) =>
  admin.list<RequestSummary>("/api/prescription-requests/", query)

export const getPrescriptionRequest = (admin: Admin, id: string) => admin.call<RequestView>(requestPath(id))

export const reviewPrescriptionRequest = (admin: Admin, id: string, review: { decision: string; note?: string }) =>
  admin.call(`${requestPath(id)}review/`, { method: "POST", body: review })
