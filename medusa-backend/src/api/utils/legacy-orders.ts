/**
 * Orders in the legacy shapes (spec §3, §7) and the staff views: placing one
 * from the legacy payload (src/workflows/order/workflows/place-order.ts), and
 * the staff view of any order (whatever placed it) by its customer-facing
 * number, with its real status.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

import { InputError } from "../../lib/input-error"
import { isPaid, ORDER_STATUS_FIELDS, orderStatus, paymentAndFulfillment } from "../../lib/order-status"
import { displayTotals, TOTALS_FIELDS } from "../../lib/order-totals"
import { paymentMethodOfProvider } from "../../lib/payment-providers"
import { readProductFlags } from "../../lib/product-flags"
import { PRESCRIPTION_MODULE } from "../../modules/prescription"
import type PrescriptionModuleService from "../../modules/prescription/service"
import { formatStructuredAddress, isUnitedStates, parseShippingAddress } from "../../shared/address"
import { countryName } from "../../shared/countries"
import type { StaffOrderSummary, StaffOrderView } from "../../shared/dto/orders"
import { normalizeOrderNumber } from "../../shared/order-number"
import type { LegacyOrderInput } from "../../shared/schemas/order"
import { placeOrder, type PlaceOrderInput } from "../../workflows/order/workflows/place-order"

const ADDRESS_FORMAT = "Enter the shipping address as: street, optional apartment, city, state ZIP, country"

/** The placement's input from the legacy payload; the address must be a US address in the spec's one-line format. */
export function legacyOrderInput(input: LegacyOrderInput, idempotencyKey?: string): PlaceOrderInput {
  const address = parseShippingAddress(input.shipping_address)
  if (!address || !address.zipCode) throw new InputError(ADDRESS_FORMAT, { shipping_address: ADDRESS_FORMAT })
  if (!isUnitedStates(address.country)) {
    const message = "We ship to the United States only"
    throw new InputError(message, { shipping_address: message })
  }
  return {
    email: input.email,
    phone: input.phone,
    first_name: input.first_name || undefined,
    last_name: input.last_name || undefined,
    company: input.company || undefined,
    address: {
      address_1: address.address,
      address_2: address.apartment,
      city: address.city,
      province: address.state,
      postal_code: address.zipCode,
      country_code: "us",
    },
    shipping_address_text: input.shipping_address,
    items: input.items.map((item) => ({
      product_id: item.product,
      variant_id: item.variant,
      quantity: item.quantity,
      ...(item.price !== undefined ? { expected_unit_price: item.price } : {}),
    })),
    payment_method: input.payment_method,
    discount_code: input.discount_code,
    expected_total: input.total_price,
    idempotency_key: idempotencyKey,
  }
}

/** Places the order; the server's totals are the only ones charged (a client figure off by more than a cent is refused). */
export async function placeLegacyOrder(container: MedusaContainer, input: LegacyOrderInput, idempotencyKey?: string) {
  const placed = await placeOrder(container, legacyOrderInput(input, idempotencyKey))
  return {
    unique_order_id: placed.unique_order_id,
    status: placed.status,
    email: input.email,
    shipping_address: input.shipping_address,
    payment_method: placed.payment_method,
    total_price: placed.totals.total,
    totals: placed.totals,
  }
}

/** What a list row needs: the status is computed from the lines' products, which are read but never answered. */
const ORDER_SUMMARY_FIELDS = [
  "id",
  "custom_display_id",
  "email",
  "created_at",
  ...TOTALS_FIELDS,
  ...ORDER_STATUS_FIELDS,
  "items.id",
  "items.product_id",
  "order_prescription_review.id",
  "order_prescription_review.status",
  "order_prescription_review.reviewed_at",
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
]

/** Ids of the products that are prescription-only, or can no longer be found (fail closed). */
async function prescriptionOnly(container: MedusaContainer, productIds: string[]): Promise<Set<string>> {
  const ids = [...new Set(productIds)]
  if (!ids.length) return new Set()
  const products = await container
    .resolve(Modules.PRODUCT)
    .listProducts({ id: ids }, { select: ["id", "metadata"], withDeleted: true, take: null })
  const found = new Map(products.map((p) => [p.id, readProductFlags(p.metadata).prescription]))
  return new Set(ids.filter((id) => found.get(id) !== false))
}

const productIdsOf = (order: any): string[] => (order.items ?? []).map((item: any) => item?.product_id).filter(Boolean)

function toSummary(order: any, rx: Set<string>): StaffOrderSummary & { requires_prescription: boolean } {
  const totals = displayTotals(order)
  const { payment_status, fulfillment_status } = paymentAndFulfillment(order)
  const review_status = order.order_prescription_review?.status
  // A review row means the order needs an approved review, whatever its products' flags say now (decision 0045).
  const requires_prescription = !!review_status || productIdsOf(order).some((id) => rx.has(id))
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
function toListRow(order: any, rx: Set<string>): StaffOrderSummary {
  const { unique_order_id, email, status, paid, total_price, totals, created_at } = toSummary(order, rx)
  return { unique_order_id, email, status, paid, total_price, totals, created_at }
}

function toView(order: any, rx: Set<string>): StaffOrderView {
  const summary = toSummary(order, rx)
  const review = order.order_prescription_review ?? null
  const providerId = order.payment_collections?.flatMap((c: any) => c?.payment_sessions ?? []).find(Boolean)?.provider_id ?? ""
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
    items: [...(order.items ?? [])]
      .filter(Boolean)
      .sort((a: any, b: any) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
      .map((item: any) => ({
        product: { id: item.product_id ?? null, name: item.product_title ?? "" },
        variant: { id: item.variant_id ?? null, name: item.variant_title ?? "" },
        quantity: Number(item.quantity),
        price: Math.round(Number(item.unit_price) * 100) / 100,
      })),
  }
}

/**
 * Who reads an order's review note: a pharmacist (checked again by the module,
 * which writes a `read` audit entry unless `audited` says the read is already
 * on record). Without a reader the note stays null.
 */
export type ReviewNoteReader = { actor_id: string; audited?: boolean }

async function queryOrderByNumber(container: MedusaContainer, orderNumber: string, fields: string[]) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields,
    filters: { custom_display_id: normalizeOrderNumber(orderNumber), is_draft_order: false },
  })
  return (data[0] as any) ?? null
}

/** The decrypted review note goes into the view for a pharmacist (`noteReader`); the module checks the role again. */
async function addReviewNote(container: MedusaContainer, order: any, view: StaffOrderView, noteReader?: ReviewNoteReader) {
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
  const view = toView(order, await prescriptionOnly(container, productIdsOf(order)))
  await addReviewNote(container, order, view, noteReader)
  return { id: order.id as string, view }
}

/** The list row of the order with this number (e.g. the answer to a staff action); null when there is none. */
export async function findOrderSummary(container: MedusaContainer, orderNumber: string): Promise<StaffOrderSummary | null> {
  const order = await queryOrderByNumber(container, orderNumber, ORDER_SUMMARY_FIELDS)
  return order ? toListRow(order, await prescriptionOnly(container, productIdsOf(order))) : null
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
  const view = toView(order, await prescriptionOnly(container, productIdsOf(order)))
  await addReviewNote(container, order, view, reader.pharmacist ? { actor_id: reader.actor_id, audited: true } : undefined)
  return view
}

/**
 * Newest first, as list rows (no items, address or phone). `status:
 * "awaiting_prescription_review"` lists only the orders held for prescription
 * review (a pending hold on an order that is not canceled): for a pharmacist
 * only. Every list read is audited: one `list` entry with the filter and the
 * ids returned (a row's status can tell that a prescription is involved).
 */
export async function listStaffOrders(
  container: MedusaContainer,
  page: { limit?: number; offset?: number; status?: "awaiting_prescription_review" },
  actorId: string
) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
  const held = page.status === "awaiting_prescription_review"
  let ids: string[] | undefined
  if (held) {
    await prescriptions.assertPharmacist(actorId)
    const { data: holds } = await query.graph({
      entity: "order_prescription_review",
      fields: ["id", "order.id", "order.status"],
      filters: { status: "pending" },
    })
    ids = holds
      .map((hold: any) => hold?.order)
      .filter((order: any) => order && order.status !== "canceled")
      .map((order: any) => order.id)
  }
  const result =
    ids && !ids.length ? { orders: [] as StaffOrderSummary[], ids: [] as string[], count: 0 } : await readOrders(container, page, ids)
  const filters = { ...(held ? { status: page.status } : {}), limit: page.limit ?? 50, offset: page.offset ?? 0 }
  await prescriptions.auditListRead(actorId, "order", filters, result.ids)
  return { orders: result.orders, count: result.count }
}

async function readOrders(container: MedusaContainer, page: { limit?: number; offset?: number }, ids: string[] | undefined) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data, metadata } = await query.graph({
    entity: "order",
    fields: ORDER_SUMMARY_FIELDS,
    filters: { is_draft_order: false, ...(ids ? { id: ids } : {}) },
    pagination: { skip: page.offset ?? 0, take: page.limit ?? 50, order: { created_at: "DESC" } },
  })
  const rx = await prescriptionOnly(container, data.flatMap(productIdsOf))
  return {
    orders: data.map((order) => toListRow(order, rx)),
    ids: data.map((order) => order.id as string),
    count: metadata?.count ?? data.length,
  }
}
