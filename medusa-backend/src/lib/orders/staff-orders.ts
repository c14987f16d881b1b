/**
 * The order read model for staff: the view of any order (whatever placed it)
 * by its customer-facing number, with its real status (./order-status.ts), as
 * list rows and as the audited detail view (decisions 0041, 0047). Its answer
 * types are in src/shared/dto/orders.ts (the staff area reads them too).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { PRESCRIPTION_MODULE } from "../../modules/prescription"
import type PrescriptionModuleService from "../../modules/prescription/service"
import { formatStructuredAddress } from "../../shared/address"
import { countryName } from "../../shared/countries"
import type { StaffOrderEmail, StaffOrderShipment, StaffOrderSummary, StaffOrderView } from "../../shared/dto/orders"
import { normalizeOrderNumber } from "../../shared/order-number"
import { displayTotals, type MedusaTotals, TOTALS_FIELDS } from "../../shared/order-totals"
import { paymentMethodOfProvider } from "../../shared/payment-methods"
import { emailDeliveries, emailLabel, listEmailTries } from "../../workflows/order-email/utils/email-deliveries"
import { queryRows } from "../query-rows"
import { paidForShipping } from "./order-payment"
import {
  ORDER_PRESCRIPTION_FIELDS,
  type OrderPrescriptionState,
  prescriptionFactsOf,
  prescriptionStateOf,
  type ReviewFacts,
} from "./order-prescription"
import { isPaid, ORDER_STATUS_FIELDS, orderStatus, paymentAndFulfillment } from "./order-status"
import { shipmentOf, type StatusOrderRow } from "./order-status-view"

/**
 * What a list row needs: the status is computed from the lines and the review (the one "needs a
 * prescription" rule, ORDER_PRESCRIPTION_FIELDS), which are read but never answered.
 */
const ORDER_SUMMARY_FIELDS = [
  ...new Set(["id", "custom_display_id", "email", "created_at", ...TOTALS_FIELDS, ...ORDER_STATUS_FIELDS, ...ORDER_PRESCRIPTION_FIELDS]),
]

const ORDER_VIEW_FIELDS = [
  ...ORDER_SUMMARY_FIELDS,
  "items.product_title",
  "items.variant_id",
  "items.variant_title",
  "items.unit_price",
  "items.created_at",
  "shipping_address.*",
  "checkout_order.shipping_address",
  "payment_collections.payment_sessions.provider_id",
  // What may ship (units not fulfilled yet) and the shipments with their tracking (issue 24).
  "items.detail.quantity",
  "items.detail.fulfilled_quantity",
  "shipping_methods.name",
  "fulfillments.id",
  "fulfillments.created_at",
  "fulfillments.metadata",
  "fulfillments.labels.tracking_number",
  "fulfillments.labels.tracking_url",
]

type OrderLineRow = {
  id: string
  product_id?: string | null
  product_title?: string | null
  variant_id?: string | null
  variant_title?: string | null
  unit_price?: unknown
  quantity?: unknown
  detail?: { quantity?: unknown; fulfilled_quantity?: unknown } | null
  created_at: string | Date
}

/** An order as `query.graph` reads it with ORDER_SUMMARY_FIELDS (and ORDER_VIEW_FIELDS: the optional parts). */
type OrderRow = MedusaTotals & {
  id: string
  custom_display_id: string
  email: string
  created_at: string | Date
  status?: string | null
  currency_code?: string | null
  payment_collections?: ({ payment_sessions?: ({ provider_id: string } | null)[] | null } | null)[] | null
  fulfillments?: StatusOrderRow["fulfillments"]
  shipping_methods?: StatusOrderRow["shipping_methods"]
  items?: (OrderLineRow | null)[] | null
  order_prescription_review?: ReviewFacts | null
  shipping_address?: (Parameters<typeof formatStructuredAddress>[0] & { phone?: string | null }) | null
  checkout_order?: { shipping_address?: string | null } | null
}

/** Each order's prescription state (the rule of the hold and the fulfilment gate), by order id. */
async function prescriptionStatesOf(container: MedusaContainer, orders: OrderRow[]): Promise<Map<string, OrderPrescriptionState>> {
  const facts = await prescriptionFactsOf(container, orders)
  return new Map(facts.map((f) => [f.order_id, prescriptionStateOf(f)]))
}

/** Whether each order needs an approved prescription review, by order id. */
async function requiresPrescriptionOf(container: MedusaContainer, orders: OrderRow[]): Promise<Map<string, boolean>> {
  const states = await prescriptionStatesOf(container, orders)
  return new Map([...states].map(([id, state]) => [id, state.requires_prescription]))
}

/**
 * What staff may do about shipping (issue 24), by the rules the ship workflow and the fulfilment
 * gate apply: ship when the order is not canceled, has units not fulfilled yet, its prescription
 * lines (if any) are approved and its payment is captured; mark delivered when a shipment is not
 * delivered yet. The shipments: every fulfilment not canceled, oldest first, with its tracking.
 */
function shippingOf(order: OrderRow, rx: OrderPrescriptionState, paymentStatus: string) {
  const open = order.status !== "canceled"
  const fulfillments = (order.fulfillments ?? []).filter((f): f is NonNullable<typeof f> => !!f && !f.canceled_at)
  const unfulfilled = (order.items ?? []).some(
    (item) => !!item && Number(item.detail?.quantity ?? item.quantity ?? 0) > Number(item.detail?.fulfilled_quantity ?? 0)
  )
  const rxCleared = !rx.requires_prescription || (rx.review?.status === "approved" && !rx.uncovered_item_ids.length)
  const shipments: StaffOrderShipment[] = fulfillments
    .sort((a, b) => new Date(a.created_at ?? 0).getTime() - new Date(b.created_at ?? 0).getTime())
    .map((f) => shipmentOf(order, f.id)!)
  return {
    may_ship: open && unfulfilled && rxCleared && paidForShipping(paymentStatus),
    may_mark_delivered: open && fulfillments.some((f) => f.shipped_at && !f.delivered_at),
    shipments,
  }
}

function toSummary(order: OrderRow, requires_prescription: boolean): StaffOrderSummary & { requires_prescription: boolean } {
  const totals = displayTotals(order)
  const { payment_status, fulfillment_status } = paymentAndFulfillment(order)
  const review_status = order.order_prescription_review?.status
  return {
    unique_order_id: order.custom_display_id,
    email: order.email,
    status: orderStatus({ status: order.status, payment_status, fulfillment_status, requires_prescription, review_status }),
    paid: isPaid(payment_status),
    total_price: totals.total,
    totals,
    created_at: new Date(order.created_at).toISOString(),
    requires_prescription,
  }
}

/** The list row of an order: exactly the summary's fields. */
function toListRow(order: OrderRow, requiresPrescription: boolean): StaffOrderSummary {
  const { unique_order_id, email, status, paid, total_price, totals, created_at } = toSummary(order, requiresPrescription)
  return { unique_order_id, email, status, paid, total_price, totals, created_at }
}

/** The customer emails of an order as staff see them: kind, when, sent or not (issue 23). */
async function staffOrderEmails(container: MedusaContainer, orderId: string): Promise<StaffOrderEmail[]> {
  return emailDeliveries(await listEmailTries(container, [orderId])).map((email) => ({
    kind: email.kind,
    label: emailLabel(email.kind),
    status: email.status,
    tries: email.tries,
    first_try_at: email.first_try_at.toISOString(),
    last_try_at: email.last_try_at.toISOString(),
  }))
}

function toView(order: OrderRow, rx: OrderPrescriptionState, emails: StaffOrderEmail[]): StaffOrderView {
  const summary = toSummary(order, rx.requires_prescription)
  const review = order.order_prescription_review ?? null
  const providerId = order.payment_collections?.flatMap((c) => c?.payment_sessions ?? []).find(Boolean)?.provider_id ?? ""
  return {
    unique_order_id: summary.unique_order_id,
    email: summary.email,
    phone: order.shipping_address?.phone ?? "",
    shipping_address:
      order.checkout_order?.shipping_address ??
      (order.shipping_address ? formatStructuredAddress(order.shipping_address, countryName) : ""),
    payment_method: paymentMethodOfProvider(providerId),
    status: summary.status,
    paid: summary.paid,
    total_price: summary.total_price,
    totals: summary.totals,
    created_at: summary.created_at,
    requires_prescription: summary.requires_prescription,
    prescription_review: review
      ? { status: review.status, note: null, reviewed_at: review.reviewed_at ? new Date(review.reviewed_at).toISOString() : null }
      : null,
    items: (order.items ?? [])
      .filter((item): item is OrderLineRow => !!item)
      .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
      .map((item) => ({
        product: { id: item.product_id ?? null, name: item.product_title ?? "" },
        variant: { id: item.variant_id ?? null, name: item.variant_title ?? "" },
        quantity: Number(item.quantity),
        price: Math.round(Number(item.unit_price) * 100) / 100,
      })),
    ...shippingOf(order, rx, paymentAndFulfillment(order).payment_status),
    emails,
  }
}

/**
 * Who reads an order's review note: a pharmacist (checked again by the module,
 * which writes a `read` audit entry unless `audited` says the read is already
 * on record). Without a reader the note stays null.
 */
export type ReviewNoteReader = { actor_id: string; audited?: boolean }

/** The order with this customer-facing number (drafts excluded), with the fields asked for; null when there is none. */
export async function queryOrderByNumber(container: MedusaContainer, orderNumber: string, fields: string[]) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields,
    filters: { custom_display_id: normalizeOrderNumber(orderNumber), is_draft_order: false },
  })
  const order: OrderRow | undefined = queryRows<OrderRow>(data)[0]
  return order ?? null
}

/** The decrypted review note goes into the view for a pharmacist (`noteReader`); the module checks the role again. */
async function addReviewNote(container: MedusaContainer, order: OrderRow, view: StaffOrderView, noteReader?: ReviewNoteReader) {
  const reviewId = order.order_prescription_review?.id
  if (!noteReader || !reviewId || !view.prescription_review) return
  view.prescription_review.note = await container
    .resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
    .readOrderReviewNoteAsStaff({ order_id: order.id, review_id: reviewId, actor_id: noteReader.actor_id, audited: noteReader.audited })
}

/**
 * The order with this customer-facing number, with its Medusa id and detail
 * view; null when there is none. For the server's own checks: it writes no
 * audit entry of its own, so its view is not an answer for staff as is (use
 * `readStaffOrderView`, or `findOrderSummary` for an answer without health data).
 */
export async function findOrderByNumber(container: MedusaContainer, orderNumber: string, noteReader?: ReviewNoteReader) {
  const order = await queryOrderByNumber(container, orderNumber, ORDER_VIEW_FIELDS)
  if (!order) return null
  const view = toView(order, (await prescriptionStatesOf(container, [order])).get(order.id)!, await staffOrderEmails(container, order.id))
  await addReviewNote(container, order, view, noteReader)
  return { id: order.id as string, view }
}

/** The list row of the order with this number (e.g. the answer to a staff action); null when there is none. */
export async function findOrderSummary(container: MedusaContainer, orderNumber: string): Promise<StaffOrderSummary | null> {
  const order = await queryOrderByNumber(container, orderNumber, ORDER_SUMMARY_FIELDS)
  return order ? toListRow(order, (await requiresPrescriptionOf(container, [order])).get(order.id)!) : null
}

/**
 * An order's detail view for a staff member, and the audit entry of that read
 * (`read`, subject `order`: who, when, which order), written before anything is
 * answered. A pharmacist also gets the review note, covered by the same entry.
 * Null, and nothing recorded, when there is no such order.
 */
export async function readStaffOrderView(
  container: MedusaContainer,
  orderNumber: string,
  reader: { actor_id: string; pharmacist: boolean }
): Promise<StaffOrderView | null> {
  const order = await queryOrderByNumber(container, orderNumber, ORDER_VIEW_FIELDS)
  if (!order) return null
  await container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).createPrescriptionAuditEntries({
    subject_type: "order",
    subject_id: order.id,
    actor_id: reader.actor_id,
    action: "read",
  })
  const view = toView(order, (await prescriptionStatesOf(container, [order])).get(order.id)!, await staffOrderEmails(container, order.id))
  await addReviewNote(container, order, view, reader.pharmacist ? { actor_id: reader.actor_id, audited: true } : undefined)
  return view
}

/**
 * The ids of the orders held for prescription review: a pending hold (or one waiting for the
 * patient's information) on an order that is not canceled. Read from the review rows, so the
 * order table is not scanned.
 */
export async function heldOrderIds(container: MedusaContainer): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: holds } = await query.graph({
    entity: "order_prescription_review",
    fields: ["id", "order.id", "order.status"],
    filters: { status: ["pending", "needs_information"] },
  })
  const rows: ({ order?: { id: string; status: string } | null } | null)[] = holds
  return rows.flatMap((hold) => (hold?.order && hold.order.status !== "canceled" ? [hold.order.id] : []))
}

/**
 * Newest first, as list rows (no items, address or phone). `status:
 * "awaiting_prescription_review"` lists only the orders held for prescription
 * review (`heldOrderIds`): for a pharmacist only. Every list read is audited:
 * one `list` entry with the filter and the ids returned (a row's status can
 * tell that a prescription is involved).
 */
export async function listStaffOrders(
  container: MedusaContainer,
  page: { limit?: number; offset?: number; status?: "awaiting_prescription_review" },
  actorId: string
) {
  const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
  const held = page.status === "awaiting_prescription_review"
  let ids: string[] | undefined
  if (held) {
    await prescriptions.assertPharmacist(actorId)
    ids = await heldOrderIds(container)
  }
  const result =
    ids && !ids.length
      ? { rows: [] as OrderRow[], orders: [] as StaffOrderSummary[], count: 0 }
      : await readOrderSummaries(container, {
          filters: ids ? { id: ids } : {},
          skip: page.offset ?? 0,
          take: page.limit ?? 50,
          order: { created_at: "DESC" },
        })
  const filters = { ...(held ? { status: page.status } : {}), limit: page.limit ?? 50, offset: page.offset ?? 0 }
  await prescriptions.auditListRead(
    actorId,
    "order",
    filters,
    result.rows.map((order) => order.id)
  )
  return { orders: result.orders, count: result.count }
}

/**
 * A page of placed orders (never drafts) matching `filters` (order module fields, as Query takes
 * them), as list rows, with the Medusa rows they came from and the count of all matches.
 */
export async function readOrderSummaries(
  container: MedusaContainer,
  page: { filters: Record<string, unknown>; skip: number; take: number; order: Record<string, "ASC" | "DESC"> }
) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data, metadata } = await query.graph({
    entity: "order",
    fields: ORDER_SUMMARY_FIELDS,
    filters: { ...page.filters, is_draft_order: false },
    pagination: { skip: page.skip, take: page.take, order: page.order },
  })
  const rows = queryRows<OrderRow>(data)
  const rx = await requiresPrescriptionOf(container, rows)
  return {
    rows,
    orders: rows.map((order) => toListRow(order, rx.get(order.id)!)),
    count: metadata?.count ?? rows.length,
  }
}
