/**
 * The staff area's orders (the backend's `/api/orders/` routes): named calls with the answer
 * types, so the routes hold no paths. Each takes the signed-in staff member's client
 * (`requireAdmin`), which adds the token and refreshes it.
 */
import type { Admin } from "./client.server"

/** A row of GET /api/orders/: no items, address or phone (minimum necessary, decision 0047). */
export type StaffOrderSummary = {
  unique_order_id: string
  email: string
  status: string
  paid: boolean
  total_price: number
  created_at: string
}

/** GET /api/orders/{id}/: the whole order, an audited read. */
export type StaffOrder = {
  unique_order_id: string
  email: string
  phone: string
  shipping_address: string
  payment_method: string | null
  status: string
  paid: boolean
  total_price: number
  totals: { subtotal: number; discount: number; shipping: number; tax: number; total: number }
  created_at: string
  requires_prescription: boolean
  /** The note is the pharmacist's, decrypted for pharmacists only (an audited read); null for other staff. */
  prescription_review: { status: string; note: string | null; reviewed_at: string | null } | null
  items: { product: { id: string | null; name: string }; variant: { id: string | null; name: string }; quantity: number; price: number }[]
}

/** The status of an order held until a pharmacist approves its prescription. */
const HELD = "awaiting_prescription_review"

const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}/`

export const listStaffOrders = (admin: Admin, page: { limit: number; offset: number }) =>
  admin.list<StaffOrderSummary>("/api/orders/", page)

/** Orders held for prescription review, newest first. */
export const listHeldOrders = (admin: Admin, page: { limit: number; offset: number }) =>
  admin.list<StaffOrderSummary>("/api/orders/", { status: HELD, ...page })

export const countHeldOrders = async (admin: Admin) =>
  (await admin.list<StaffOrderSummary>("/api/orders/", { status: HELD, limit: 1 })).total

export const getStaffOrder = (admin: Admin, id: string) => admin.call<StaffOrder>(orderPath(id))

/** A manual payment (Medusa captures it). */
export const markOrderPaid = (admin: Admin, id: string) => admin.call(`${orderPath(id)}mark-paid/`, { method: "POST" })

/** Medusa's cancel: the order's stock is released. */
export const cancelOrder = (admin: Admin, id: string) => admin.call(`${orderPath(id)}cancel/`, { method: "POST" })

/** A pharmacist's decision on an order held for review (approve releases it; reject cancels it). */
export const reviewOrderPrescription = (admin: Admin, id: string, review: { decision: string; note?: string }) =>
  admin.call(`${orderPath(id)}prescription-review/`, { method: "POST", body: review })
