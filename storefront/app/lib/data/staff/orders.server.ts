/**
 * The staff area's orders (the backend's `/api/orders/` routes): named calls typed with what
 * those routes answer (`@shared/dto/orders`), so the routes hold no paths and a backend change
 * is a type error here. Each takes the signed-in staff member's client (`requireAdmin`), which
 * adds the token and refreshes it.
 */
import type { OrderStatus, StaffOrderSummary, StaffOrderView } from "@shared/dto/orders"
import type { OrderPrescriptionEvidence } from "@shared/dto/prescriptions"
import type { OrderPrescriptionReviewInput } from "@shared/schemas/prescription-review"

import type { Admin } from "./client.server"

/** The status of an order held until a pharmacist approves its prescription. */
const HELD: OrderStatus = "awaiting_prescription_review"

const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}/`

export const listStaffOrders = (admin: Admin, page: { limit: number; offset: number }) =>
  admin.list<StaffOrderSummary>("/api/orders/", page)

/** Orders held for prescription review, newest first. */
export const listHeldOrders = (admin: Admin, page: { limit: number; offset: number }) =>
  admin.list<StaffOrderSummary>("/api/orders/", { status: HELD, ...page })

export const countHeldOrders = async (admin: Admin) =>
  (await admin.list<StaffOrderSummary>("/api/orders/", { status: HELD, limit: 1 })).total

export const getStaffOrder = (admin: Admin, id: string) => admin.call<StaffOrderView>(orderPath(id))

/**
 * For a pharmacist: the prescription requests sent with the order's email, whole, and the review's
 * history (issue 24). Each request read is audited by the backend; other staff get 403.
 */
export const getOrderPrescriptionEvidence = (admin: Admin, id: string) =>
  admin.call<OrderPrescriptionEvidence>(`${orderPath(id)}prescription-evidence/`)

/** A manual payment (Medusa captures it). */
export const markOrderPaid = (admin: Admin, id: string) => admin.call<StaffOrderSummary>(`${orderPath(id)}mark-paid/`, { method: "POST" })

/** Medusa's cancel: the order's stock is released. */
export const cancelOrder = (admin: Admin, id: string) => admin.call<StaffOrderSummary>(`${orderPath(id)}cancel/`, { method: "POST" })

/**
 * A pharmacist's decision on an order held for review: approve releases it; reject cancels it;
 * needs_information keeps it held and emails the patient the pharmacist's message (issue 23).
 */
export const reviewOrderPrescription = (admin: Admin, id: string, review: OrderPrescriptionReviewInput) =>
  admin.call<StaffOrderView>(`${orderPath(id)}prescription-review/`, { method: "POST", body: review })

/**
 * Emails the customer a new link to the order's status page (issue 23, decision 0050); with
 * `revoke`, every link sent before stops working first (a forwarded or leaked email). Any staff
 * role; the backend audits it. Answers the order, its emails included.
 */
export const sendOrderStatusLink = (admin: Admin, id: string, { revoke }: { revoke: boolean }) =>
  admin.call<StaffOrderView>(`${orderPath(id)}status-link/`, { method: "POST", body: { revoke } })

/**
 * For a pharmacist: a prescription document the patient uploaded for the order, as the backend
 * answers it (the file, `Content-Disposition: attachment`, `no-store`; issue 24). Each download is
 * audited by the backend; other staff get 403. The body is not read here: the caller streams it.
 */
export const downloadOrderPrescriptionDocument = (admin: Admin, id: string, documentId: string) =>
  admin.raw(`${orderPath(id)}prescription-documents/${encodeURIComponent(documentId)}/`)
