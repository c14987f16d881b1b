/**
 * The order status a guest sees through the signed link of their emails (issue 23, decision
 * 0050): read through Medusa's Query, opened only by a token that `statusTokenOpens` accepts
 * for the order's email and key version. Its answer type is src/shared/dto/order-status.ts.
 *
 * Minimum necessary: what the customer ordered and how it stands, as on the confirmation page;
 * no address, no phone, no pharmacist note, no medical detail.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { PRESCRIPTION_MODULE } from "../../modules/prescription"
import type PrescriptionModuleService from "../../modules/prescription/service"
import type {
  CancelReason,
  OrderPrescriptionReviewState,
  OrderStatusDocument,
  OrderStatusShipment,
  OrderStatusStep,
  OrderStatusView,
  PlacedOrderStatus,
} from "../../shared/dto/order-status"
import { displayTotals, type MedusaTotals, toCents, TOTALS_FIELDS } from "../../shared/order-totals"
import { STORE } from "../../shared/store-constants"
import { queryRows } from "../query-rows"
import { ORDER_PAYMENT_FIELDS, orderPaymentBlock } from "./order-payment"
import { orderPrescriptionState } from "./order-prescription"
import { isPaid, ORDER_STATUS_FIELDS, paymentAndFulfillment } from "./order-status"
import { orderStatusToken, statusLinkSecret, statusLinkVersion, statusTokenOpens, statusTokenOrderId } from "./status-link"

/** Why an order was canceled, kept on the order by the workflow that canceled it (`metadata.cancel_reason`). */
export const CANCEL_REASON_KEY = "cancel_reason"

const STATUS_VIEW_FIELDS = [
  "id",
  "custom_display_id",
  "email",
  "created_at",
  "canceled_at",
  "is_draft_order",
  "metadata",
  ...TOTALS_FIELDS,
  ...ORDER_STATUS_FIELDS,
  ...ORDER_PAYMENT_FIELDS,
  "items.id",
  "items.title",
  "items.product_title",
  "items.variant_title",
  "items.unit_price",
  "items.created_at",
  "shipping_methods.name",
  "payment_collections.payments.captured_at",
  "fulfillments.id",
  "fulfillments.created_at",
  "fulfillments.metadata",
  "fulfillments.labels.tracking_number",
  "fulfillments.labels.tracking_url",
  "order_prescription_review.status",
  "order_prescription_review.reviewed_at",
]

type Stamp = string | Date | null | undefined

export type StatusOrderRow = MedusaTotals & {
  id: string
  status?: string | null
  currency_code?: string | null
  custom_display_id?: string | null
  email?: string | null
  created_at: string | Date
  canceled_at?: Stamp
  is_draft_order?: boolean | null
  metadata?: Record<string, unknown> | null
  items?: ({
    id: string
    title?: string | null
    product_title?: string | null
    variant_title?: string | null
    unit_price?: unknown
    quantity?: unknown
    created_at?: Stamp
  } | null)[]
  shipping_methods?: ({ name?: string | null } | null)[] | null
  payment_collections?: ({
    payment_sessions?: ({ provider_id?: string | null; status?: string | null; data?: Record<string, unknown> | null } | null)[] | null
    payments?: ({ captured_at?: Stamp } | null)[] | null
  } | null)[]
  fulfillments?: ({
    id: string
    created_at?: Stamp
    shipped_at?: Stamp
    delivered_at?: Stamp
    canceled_at?: Stamp
    metadata?: Record<string, unknown> | null
    labels?: ({ tracking_number?: string | null; tracking_url?: string | null } | null)[] | null
  } | null)[]
  order_prescription_review?: { status?: string | null; reviewed_at?: Stamp } | null
}

const iso = (at: Stamp) => (at ? new Date(at).toISOString() : null)
const earliest = (stamps: Stamp[]) =>
  stamps
    .filter(Boolean)
    .map((at) => new Date(at!).toISOString())
    .sort()[0] ?? null
const latest = (stamps: Stamp[]) =>
  stamps
    .filter(Boolean)
    .map((at) => new Date(at!).toISOString())
    .sort()
    .at(-1) ?? null

/** Carriers named by their tracking site; anything else is the shipping method the order chose. */
const CARRIER_HOSTS: [RegExp, string][] = [
  [/(^|\.)usps\.com$/i, "USPS"],
  [/(^|\.)ups\.com$/i, "UPS"],
  [/(^|\.)fedex\.com$/i, "FedEx"],
  [/(^|\.)dhl\.com$/i, "DHL"],
]

function carrierOf(trackingUrl: string | null, metadataCarrier: unknown, shippingMethod: string): string {
  if (typeof metadataCarrier === "string" && metadataCarrier.trim()) return metadataCarrier.trim()
  if (trackingUrl) {
    try {
      const host = new URL(trackingUrl).hostname
      const known = CARRIER_HOSTS.find(([pattern]) => pattern.test(host))
      if (known) return known[1]
    } catch {
      // not a URL: the shipping method names the carrier
    }
  }
  return shippingMethod
}

/** Only http(s) tracking links are answered: a link staff typed is rendered as a link on the page. */
const safeUrl = (value: string | null | undefined) => (value && /^https?:\/\//i.test(value.trim()) ? value.trim() : null)

const REVIEW_TEXT: Record<OrderPrescriptionReviewState, string> = {
  pending: "A pharmacist is reviewing the prescription items of your order. We contact you if we need anything.",
  needs_information:
    "A pharmacist needs more information from you before the prescription items of your order can be approved. " +
    "Please reply to our email or write to us with what the pharmacist asks for.",
  approved: "A pharmacist has approved the prescription items of your order.",
  rejected:
    "A pharmacist could not approve the prescription items of your order, so the order was canceled. Please contact us for details.",
}

function cancelText(reason: CancelReason, paid: boolean): string {
  const payment = paid ? " Your payment is refunded." : " No payment was taken."
  if (reason === "unpaid") return `The order was canceled because its payment did not arrive in time.${payment}`
  if (reason === "prescription_rejected") return `The order was canceled because its prescription could not be approved.${payment}`
  return `The order was canceled by the pharmacy.${payment} Please contact us with any question.`
}

type FulfillmentRow = NonNullable<NonNullable<StatusOrderRow["fulfillments"]>[number]>

/** One fulfilment of the order as its customer sees it (carrier, tracking), or null when the order has no such fulfilment. */
export function shipmentOf(
  order: Pick<StatusOrderRow, "fulfillments" | "shipping_methods">,
  fulfillmentId: string
): OrderStatusShipment | null {
  const f: FulfillmentRow | undefined = (order.fulfillments ?? []).find((row): row is FulfillmentRow => row?.id === fulfillmentId)
  if (!f) return null
  const label = (f.labels ?? []).find((l) => l?.tracking_number || l?.tracking_url) ?? null
  const trackingUrl = safeUrl(label?.tracking_url)
  const shippingMethod = order.shipping_methods?.find(Boolean)?.name ?? STORE.shipping.optionName
  return {
    carrier: carrierOf(trackingUrl, f.metadata?.carrier, shippingMethod),
    tracking_number: label?.tracking_number?.trim() || null,
    tracking_url: trackingUrl,
    shipped_at: iso(f.shipped_at),
    delivered_at: iso(f.delivered_at),
  }
}

/** The view of an order that was read and whose link was verified; `has_prescription_items` from the pharmacy's rule. */
export function toOrderStatusView(
  order: StatusOrderRow,
  rx: {
    requires_prescription: boolean
    review_status: string | null
    patient_message?: string | null
    documents?: OrderStatusDocument[]
  }
): OrderStatusView {
  const totals = displayTotals(order)
  const { payment_status, fulfillment_status } = paymentAndFulfillment(order)
  const paid = isPaid(payment_status)
  const canceled = order.status === "canceled"
  const fulfillments = (order.fulfillments ?? []).filter((f): f is NonNullable<typeof f> => !!f && !f.canceled_at)
  const shipped = ["shipped", "partially_shipped", "delivered", "partially_delivered"].includes(fulfillment_status)
  const delivered = fulfillment_status === "delivered"
  const reviewStatus = (rx.review_status ?? "pending") as OrderPrescriptionReviewState

  const reason: CancelReason | null = !canceled
    ? null
    : rx.review_status === "rejected"
      ? "prescription_rejected"
      : order.metadata?.[CANCEL_REASON_KEY] === "unpaid"
        ? "unpaid"
        : "by_staff"

  const steps: OrderStatusStep[] = [
    { kind: "placed", label: "Order placed", done: true, done_at: iso(order.created_at) },
    {
      kind: "paid",
      label: "Payment received",
      done: paid,
      done_at: paid ? latest((order.payment_collections ?? []).flatMap((c) => (c?.payments ?? []).map((p) => p?.captured_at))) : null,
    },
    ...(rx.requires_prescription
      ? [
          {
            kind: "prescription_reviewed" as const,
            label: "Prescription reviewed",
            done: reviewStatus === "approved",
            done_at: reviewStatus === "approved" ? iso(order.order_prescription_review?.reviewed_at) : null,
          },
        ]
      : []),
    { kind: "shipped", label: "Shipped", done: shipped, done_at: shipped ? earliest(fulfillments.map((f) => f.shipped_at)) : null },
    { kind: "delivered", label: "Delivered", done: delivered, done_at: delivered ? latest(fulfillments.map((f) => f.delivered_at)) : null },
  ]
  // A canceled order's story ends there: the steps it reached, then the cancellation.
  const timeline = canceled
    ? [...steps.filter((step) => step.done), { kind: "canceled" as const, label: "Canceled", done: true, done_at: iso(order.canceled_at) }]
    : steps

  const statusText = canceled
    ? "Canceled"
    : delivered
      ? "Delivered"
      : shipped
        ? "Shipped"
        : !paid
          ? "Awaiting payment"
          : rx.requires_prescription && reviewStatus !== "approved"
            ? "Awaiting prescription review"
            : "Paid, preparing to ship"

  const shipments: OrderStatusShipment[] = fulfillments
    .filter((f) => f.shipped_at || f.delivered_at)
    .sort((a, b) => String(iso(a.created_at)).localeCompare(String(iso(b.created_at))))
    .map((f) => shipmentOf(order, f.id)!)

  return {
    order_number: order.custom_display_id ?? "",
    placed_at: new Date(order.created_at).toISOString(),
    status_text: statusText,
    timeline,
    canceled: reason ? { reason, text: cancelText(reason, paid), at: iso(order.canceled_at) } : null,
    items: (order.items ?? [])
      .filter((item): item is NonNullable<typeof item> => !!item)
      .sort((a, b) => String(iso(a.created_at)).localeCompare(String(iso(b.created_at))))
      .map((item) => {
        const unit = toCents(item.unit_price)
        const quantity = Number(item.quantity)
        return {
          name: item.product_title ?? item.title ?? "",
          variant: item.variant_title ?? "",
          quantity,
          unit_price: unit / 100,
          line_total: (unit * quantity) / 100,
        }
      }),
    totals,
    payment:
      canceled || paid
        ? null
        : orderPaymentBlock({
            ...order,
            order_number: order.custom_display_id ?? "",
            total: totals.total,
            placed_at: order.created_at,
            has_prescription_items: rx.requires_prescription,
          }),
    prescription_review: rx.requires_prescription
      ? {
          state: reviewStatus,
          text: REVIEW_TEXT[reviewStatus],
          message: reviewStatus === "needs_information" ? (rx.patient_message ?? null) : null,
          accepts_documents: !canceled && awaitsPrescription(reviewStatus),
          documents: rx.documents ?? [],
        }
      : null,
    shipments,
  }
}

/** The order as the status view reads it (plus `extraFields`); null for a draft, an order without number or email, or none. */
export async function readStatusOrderRow<Extra extends object = object>(
  container: MedusaContainer,
  orderId: string,
  extraFields: string[] = []
): Promise<(StatusOrderRow & Extra & { email: string; custom_display_id: string }) | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: [...STATUS_VIEW_FIELDS, ...extraFields], filters: { id: orderId } })
  const order = queryRows<StatusOrderRow & Extra>(data)[0]
  if (!order?.email || !order.custom_display_id || order.is_draft_order) return null
  return order as StatusOrderRow & Extra & { email: string; custom_display_id: string }
}

/** A review that waits for the patient's prescription: the only time they may upload one (issue 24). */
export const awaitsPrescription = (reviewStatus: string | null | undefined) =>
  reviewStatus === "pending" || reviewStatus === "needs_information"

/** The status view of an order read by `readStatusOrderRow`, with the pharmacy's prescription rule and the patient's message. */
export async function statusViewOf(container: MedusaContainer, order: StatusOrderRow): Promise<OrderStatusView> {
  const state = await orderPrescriptionState(container, order.id)
  const reviewStatus = state.review?.status ?? null
  const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
  const patientMessage =
    state.review && reviewStatus === "needs_information" ? await prescriptions.readPatientMessage(state.review.id) : null
  const documents = state.requires_prescription ? await prescriptions.listOrderDocuments(order.id) : []
  return toOrderStatusView(order, {
    requires_prescription: state.requires_prescription,
    review_status: reviewStatus,
    patient_message: patientMessage,
    documents: documents.map((document) => ({ file_name: document.file_name, uploaded_at: new Date(document.created_at).toISOString() })),
  })
}

/**
 * The order the token opens, as `readStatusOrderRow` reads it; null for any token that opens
 * nothing (malformed, tampered, expired, revoked, another order's, an order whose email changed,
 * a draft), all alike.
 */
export async function readStatusOrderByToken(container: MedusaContainer, token: string) {
  const orderId = statusTokenOrderId(token)
  if (!orderId) return null
  const order = await readStatusOrderRow(container, orderId)
  if (!order) return null
  const opens = statusTokenOpens(
    token,
    { id: order.id, email: order.email, version: statusLinkVersion(order.metadata) },
    statusLinkSecret()
  )
  return opens ? order : null
}

/** The status view the token opens; null for any token that opens nothing (`readStatusOrderByToken`). */
export async function readOrderStatusByToken(container: MedusaContainer, token: string): Promise<OrderStatusView | null> {
  const order = await readStatusOrderByToken(container, token)
  return order ? await statusViewOf(container, order) : null
}

/**
 * The order a cart became, with a new status link token for it: for the storefront's
 * confirmation page right after checkout. Null when the cart has no order, or was completed
 * longer ago than `graceMs` (the cart id then opens nothing, as for its completion: decision 0046).
 */
export async function readPlacedOrderStatus(
  container: MedusaContainer,
  cartId: string,
  graceMs: number,
  now: Date = new Date()
): Promise<PlacedOrderStatus | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: ["id", "completed_at", "order.id"], filters: { id: cartId } })
  const cart = queryRows<{ completed_at?: Stamp; order?: { id: string } | null }>(data)[0]
  if (!cart?.completed_at || !cart.order?.id || now.getTime() - new Date(cart.completed_at).getTime() > graceMs) return null
  const order = await readStatusOrderRow(container, cart.order.id)
  if (!order) return null
  const token = orderStatusToken({ id: order.id, email: order.email, version: statusLinkVersion(order.metadata) })
  return { token, order: await statusViewOf(container, order) }
}
