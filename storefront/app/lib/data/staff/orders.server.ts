/**
 * The staff area's orders (the backend's `/api/orders/` routes): named calls typed with what
 * those routes answer (`@shared/dto/orders`), so the routes hold no paths and a backend change
 * is a type error here. Each takes the signed-in staff member's client (`requireAdmin`), which
 * adds the token and refreshes it.
 */
import type { StaffOrderQueuePage } from "@shared/dto/order-queues"
import type { OrderStatus, StaffOrderSummary, StaffOrderView } from "@shared/dto/orders"
import type { OrderPrescriptionEvidence } from "@shared/dto/prescriptions"
import type { OrderQueue } from "@shared/schemas/order-queues"
import type { OrderShipInput } from "@shared/schemas/order-shipment"
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

/**
 * One page of a work queue (issue 24), searched by order number or email, with the counts of
 * every queue this staff member may see (the prescription review queue: pharmacists only, 403
 * for others).
 */
export const getOrderQueue = (admin: Admin, request: { queue: OrderQueue; q: string; page: number; limit: number }) =>
  admin.call<StaffOrderQueuePage>("/api/order-queues/", {
    query: { queue: request.queue, page: request.page, limit: request.limit, ...(request.q ? { q: request.q } : {}) },
  })

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
 * Ships the order's units not shipped yet with this carrier's tracking number (issue 24): a Medusa
 * fulfilment and shipment with the tracking label; the customer is emailed the tracking. The backend
 * refuses (409) an order not paid, waiting for a pharmacist or shipped already, and (400) a number
 * that is not the carrier's. Answers the order with its shipments.
 */
export const shipOrder = (admin: Admin, id: string, shipment: OrderShipInput) =>
  admin.call<StaffOrderView>(`${orderPath(id)}ship/`, { method: "POST", body: shipment })

/** Marks the order's shipments delivered (Medusa's delivered workflow; the customer is emailed). 409 when nothing is shipped. */
export const markOrderDelivered = (admin: Admin, id: string) => admin.call<StaffOrderView>(`${orderPath(id)}deliver/`, { method: "POST" })

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
