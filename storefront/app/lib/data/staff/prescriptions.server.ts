/** The staff area's prescription requests (`/api/prescription-requests/`): named calls typed with what the backend answers (`@shared/dto/prescriptions`). */
import type { PrescriptionRequestDecision, PrescriptionRequestSummary, PrescriptionRequestView } from "@shared/dto/prescriptions"
import type { PrescriptionReviewInput } from "@shared/schemas/prescription-review"

import type { Admin } from "./client.server"

const requestPath = (id: string) => `/api/prescription-requests/${encodeURIComponent(id)}/`

export const listPrescriptionRequests = (admin: Admin, query: { form_type?: string; status?: string; limit: number; offset: number }) =>
  admin.list<PrescriptionRequestSummary>("/api/prescription-requests/", query)

export const getPrescriptionRequest = (admin: Admin, id: string) => admin.call<PrescriptionRequestView>(requestPath(id))

export const reviewPrescriptionRequest = (admin: Admin, id: string, review: PrescriptionReviewInput) =>
  admin.call<PrescriptionRequestDecision>(`${requestPath(id)}review/`, { method: "POST", body: review })
