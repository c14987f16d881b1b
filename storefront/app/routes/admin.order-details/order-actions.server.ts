/**
 * What staff do on an order's page, on the server: record a manual payment, cancel, ship with a
 * carrier's tracking number and mark delivered (issue 24; the tracking number checked with the
 * backend's own `orderShipSchema`), email the customer a new status link (or revoke the old ones
 * first; issue 23), and a pharmacist's
 * prescription review (approve, ask the patient for information, reject), validated with the
 * backend's own `orderPrescriptionReviewSchema`. Each calls a named function of
 * app/lib/data/staff/orders.server.ts; the route checks the session and CSRF first.
 */
import { fieldErrors } from "@shared/schemas/fields"
import { orderShipSchema } from "@shared/schemas/order-shipment"
import { orderPrescriptionReviewSchema } from "@shared/schemas/prescription-review"
import { CARRIER_LABELS } from "@shared/shipping-carriers"

import { failureDetail } from "~/lib/backend-errors.server"
import { type Admin, attempt } from "~/lib/data/staff/client.server"
import {
  cancelOrder,
  markOrderDelivered,
  markOrderPaid,
  reviewOrderPrescription,
  sendOrderStatusLink,
  shipOrder,
} from "~/lib/data/staff/orders.server"

import { ORDER_ID_MAX, orderHref } from "./links"

type FormError = { message: string; detail: string | null }

/** What the page shows after an action that did not go through. */
export type ActionResult =
  | { intent: "mark-paid" | "cancel" | "deliver" | "status-link"; formError: FormError }
  | {
      intent: "ship"
      /** What was submitted, kept in the form. */
      carrier: string
      trackingNumber: string
      errors: { carrier?: string; tracking_number?: string }
      formError: FormError | null
    }
  | {
      intent: "review"
      note: string
      message: string
      /** The note's error, the message's error. */
      error: string | null
      messageError: string | null
      formError: FormError | null
    }

/** Done: back to the order's page, with a notice. */
export type ActionDone = { redirect: string; notice: string }

const REVIEW_NOTICES = {
  approved: "Prescription approved: the order is released for fulfillment.",
  needs_information: "Information requested: the patient was emailed your message; the order stays held.",
  rejected: "Prescription rejected: the order was canceled and its stock released.",
} as const

export async function runOrderAction(admin: Admin, form: FormData): Promise<ActionResult | ActionDone> {
  const id = String(form.get("id") ?? "")
    .trim()
    .slice(0, ORDER_ID_MAX)
  const intent = String(form.get("intent") ?? "")

  if (intent === "mark-paid" || intent === "cancel") {
    const done = await attempt(intent === "mark-paid" ? "marking an order paid" : "canceling an order", () =>
      intent === "mark-paid" ? markOrderPaid(admin, id) : cancelOrder(admin, id)
    )
    if (!done.ok) {
      const message = intent === "mark-paid" ? "The payment was not recorded" : "The order was not canceled"
      return { intent, formError: { message, detail: failureDetail(done.failure) } }
    }
    const notice = intent === "mark-paid" ? "Payment recorded: the order is paid." : "Order canceled: its stock was released."
    return { redirect: orderHref(id), notice }
  }

  if (intent === "ship") return ship(admin, id, form)

  if (intent === "deliver") {
    const done = await attempt("marking an order delivered", () => markOrderDelivered(admin, id))
    if (!done.ok) return { intent, formError: { message: "The order was not marked delivered", detail: failureDetail(done.failure) } }
    return { redirect: orderHref(id), notice: "Marked delivered: the customer was emailed." }
  }

  if (intent === "status-link" || intent === "status-link-revoke") {
    const revoke = intent === "status-link-revoke"
    const sent = await attempt(revoke ? "revoking an order's status links" : "emailing an order's status link", () =>
      sendOrderStatusLink(admin, id, { revoke })
    )
    if (!sent.ok) {
      return { intent: "status-link", formError: { message: "The status link was not sent", detail: failureDetail(sent.failure) } }
    }
    const to = sent.value.email
    const notice = revoke ? `Old status links revoked: a new one was emailed to ${to}.` : `A new status link was emailed to ${to}.`
    return { redirect: orderHref(id), notice }
  }

  const note = String(form.get("note") ?? "")
  const message = String(form.get("message") ?? "")
  const review = { intent: "review" as const, note, message, error: null, messageError: null, formError: null }
  const parsed = orderPrescriptionReviewSchema.safeParse({ decision: form.get("decision") ?? undefined, note, message })
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    return {
      ...review,
      error: errors.note ?? null,
      messageError: errors.message ?? null,
      formError: errors.decision ? { message: errors.decision, detail: null } : null,
    }
  }
  const decided = await attempt("deciding on an order's prescription", () => reviewOrderPrescription(admin, id, parsed.data))
  if (!decided.ok) {
    return { ...review, formError: { message: "The decision was not saved", detail: failureDetail(decided.failure) } }
  }
  return { redirect: orderHref(id), notice: REVIEW_NOTICES[parsed.data.decision] }
}

/**
 * Ship: the carrier and tracking number checked as the backend checks them (field errors without a
 * call); the backend's 400 (a number it refuses) is the tracking number's error, any other refusal
 * (not paid, waiting for a pharmacist, shipped already: 409) the form's.
 */
async function ship(admin: Admin, id: string, form: FormData): Promise<ActionResult | ActionDone> {
  const carrier = String(form.get("carrier") ?? "").slice(0, 20)
  const trackingNumber = String(form.get("tracking_number") ?? "").slice(0, 100)
  const failed = { intent: "ship" as const, carrier, trackingNumber, errors: {}, formError: null }
  const parsed = orderShipSchema.safeParse({ carrier: carrier || undefined, tracking_number: trackingNumber })
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    return { ...failed, errors: { carrier: errors.carrier, tracking_number: errors.tracking_number } }
  }
  const shipped = await attempt("shipping an order", () => shipOrder(admin, id, parsed.data))
  if (!shipped.ok) {
    const detail = failureDetail(shipped.failure)
    if (shipped.failure.kind === "response" && shipped.failure.status === 400 && detail) {
      return { ...failed, errors: { tracking_number: detail } }
    }
    return { ...failed, formError: { message: "The order was not shipped", detail } }
  }
  const { carrier: shippedWith, tracking_number } = parsed.data
  const by = shippedWith === "other" ? "" : `${CARRIER_LABELS[shippedWith]}, `
  return {
    redirect: orderHref(id),
    notice: `Order shipped (${by}tracking number ${tracking_number}): the customer was emailed the tracking.`,
  }
}
