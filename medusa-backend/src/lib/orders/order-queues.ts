/**
 * The staff area's work queues (issue 24): which orders wait for what, with the counts of every
 * queue, one page of one queue, searched by order number or email. Rows are the staff list rows
 * (./staff-orders.ts: number, date, status, total, email; no items).
 *
 * Each queue is decided by the rules that already decide it elsewhere, never restated:
 *
 * - awaiting payment: `isAwaitingPayment`, the unpaid-order job's own rule (not canceled, not a
 *   draft, not paid, nothing shipped); the auto-cancel moment is `payByDate` (placed +
 *   UNPAID_ORDER_TTL_DAYS), as the customer's emails say it;
 * - ready to ship: paid (`isPaid` over Medusa's own payment status), nothing shipped, and the
 *   prescription rule lets it ship (`mayShip`, the fulfilment gate's rule, ./order-prescription.ts);
 * - awaiting prescription review: `heldOrderIds` (the held-orders list of ./staff-orders.ts);
 * - shipped: a fulfilment marked shipped, not delivered and not canceled, on an order that is
 *   not canceled (Medusa's fulfilment module);
 * - recently canceled: canceled within RECENTLY_CANCELED_DAYS, most recent first.
 *
 * How much is read (it must stay fast with hundreds of orders): payment and fulfilment live in
 * other modules than the order, and Query cannot filter orders on a linked module's fields (the
 * Index Module is not enabled), so each queue starts from the module that knows its state. The
 * review queue from the open review rows, the shipped queue from the fulfilments on their way,
 * the canceled queue from the order's own `status` and `canceled_at`. Payment is decided in JS
 * (`getLastPaymentStatus`): its candidates are the open orders with no live fulfilment (an id
 * list of the orders with one, read from the fulfilment module, is left out in the database),
 * read without their lines (CANDIDATE_FIELDS); that is the unpaid orders (at most
 * UNPAID_ORDER_TTL_DAYS old, the job cancels the rest), the paid ones waiting to ship and the
 * held ones, not the shop's history. Only the paid ones are read with their lines and review,
 * for the prescription rule. The page itself is then one Query read of at most `limit` orders by
 * id, where the search (number or email, `$ilike`), the sort and the paging run in the database.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { PRESCRIPTION_MODULE } from "../../modules/prescription"
import type PrescriptionModuleService from "../../modules/prescription/service"
import type { StaffOrderQueuePage, StaffQueueOrder } from "../../shared/dto/order-queues"
import { payByDate } from "../../shared/payment-block"
import {
  ORDER_QUEUES,
  type OrderQueue,
  type OrderQueueQuery,
  PHARMACIST_QUEUE,
  RECENTLY_CANCELED_DAYS,
} from "../../shared/schemas/order-queues"
import { isAwaitingPayment, UNPAID_ORDER_FIELDS, type UnpaidOrderRow } from "../../workflows/order/utils/unpaid-order"
import { backendConfig } from "../config"
import { queryRows } from "../query-rows"
import {
  mayShip,
  ORDER_PRESCRIPTION_FIELDS,
  type OrderPrescriptionRow,
  prescriptionFactsOf,
  prescriptionStateOf,
} from "./order-prescription"
import { isPaid, paymentAndFulfillment } from "./order-status"
import { heldOrderIds, readOrderSummaries } from "./staff-orders"

const DAY_MS = 24 * 3600 * 1000

/**
 * What the payment rule reads of an order with no live fulfilment: its payments and fulfilments,
 * not its lines. Lines only change Medusa's fulfilment status of an order with a fulfilment that
 * is not canceled (`hasUnfulfilledItems`), and these orders have none, so `isAwaitingPayment`
 * decides the same without them. Reading every open order's lines is what made this slow (about
 * 0.6 s at 500 orders against 30 ms without them); only the paid ones are read again whole.
 */
const CANDIDATE_FIELDS = UNPAID_ORDER_FIELDS.filter((field) => !field.startsWith("items."))

/** What the payment and prescription rules read of an open order (no totals, no addresses). */
const OPEN_ORDER_FIELDS = [...new Set([...UNPAID_ORDER_FIELDS, ...ORDER_PRESCRIPTION_FIELDS])]

type OpenOrderRow = UnpaidOrderRow & OrderPrescriptionRow & { id: string }

/** Every queue but the canceled one, as the ids of its orders (any order). */
type QueueIds = Record<Exclude<OrderQueue, "canceled">, string[]>

/** The orders with a fulfilment that is not canceled, and those whose fulfilment is on its way (shipped, not delivered). */
async function fulfilledOrderIds(container: MedusaContainer) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "fulfillment",
    fields: ["id", "shipped_at", "delivered_at", "order.id", "order.status"],
    filters: { canceled_at: null },
  })
  type Row = { shipped_at?: string | Date | null; delivered_at?: string | Date | null; order?: { id: string; status: string } | null }
  const rows = queryRows<Row>(data)
  const live = new Set<string>()
  const onTheirWay = new Set<string>()
  for (const row of rows) {
    if (!row.order) continue
    live.add(row.order.id)
    if (row.shipped_at && !row.delivered_at && row.order.status !== "canceled") onTheirWay.add(row.order.id)
  }
  return { live: [...live], shipped: [...onTheirWay] }
}

/** Paid, and nothing of it fulfilled (a canceled fulfilment does not count). */
function paidUnfulfilled(order: UnpaidOrderRow) {
  const { payment_status, fulfillment_status } = paymentAndFulfillment(order)
  return isPaid(payment_status) && (fulfillment_status === "not_fulfilled" || fulfillment_status === "canceled")
}

/**
 * The open orders with no live fulfilment, oldest first, sorted into awaiting payment and ready
 * to ship: all of them read without their lines (CANDIDATE_FIELDS), the paid ones again with
 * every field the payment, fulfilment and prescription rules read.
 */
async function unfulfilledQueues(container: MedusaContainer, fulfilled: string[]) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const open = { status: "pending" as const, is_draft_order: false }
  const { data } = await query.graph({
    entity: "order",
    fields: CANDIDATE_FIELDS,
    filters: { ...open, ...(fulfilled.length ? { id: { $nin: fulfilled } } : {}) },
    pagination: { order: { created_at: "ASC" } },
  })
  const candidates = queryRows<UnpaidOrderRow & { id: string }>(data)
  const paidIds = candidates.filter(paidUnfulfilled).map((order) => order.id)
  let paid: OpenOrderRow[] = []
  if (paidIds.length) {
    const { data: whole } = await query.graph({
      entity: "order",
      fields: OPEN_ORDER_FIELDS,
      filters: { ...open, id: paidIds },
      pagination: { order: { created_at: "ASC" } },
    })
    paid = queryRows<OpenOrderRow>(whole).filter(paidUnfulfilled)
  }
  const facts = await prescriptionFactsOf(container, paid)
  const shippable = new Set(facts.filter((f) => mayShip(prescriptionStateOf(f))).map((f) => f.order_id))
  return {
    awaiting_payment: candidates.filter(isAwaitingPayment).map((order) => order.id),
    ready_to_ship: paid.filter((order) => shippable.has(order.id)).map((order) => order.id),
  }
}

async function queueIds(container: MedusaContainer, pharmacist: boolean): Promise<QueueIds> {
  const fulfilled = await fulfilledOrderIds(container)
  const [open, held] = await Promise.all([unfulfilledQueues(container, fulfilled.live), pharmacist ? heldOrderIds(container) : []])
  return { ...open, awaiting_prescription_review: held, shipped: fulfilled.shipped }
}

const canceledSince = () => new Date(Date.now() - RECENTLY_CANCELED_DAYS * DAY_MS)

/** Escapes LIKE's wildcards, so a search for "a_b" finds "a_b" only. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The search: part of the order number or of the email address, any case. */
function searchFilter(q: string): Record<string, unknown> {
  if (!q) return {}
  const pattern = likeText(q)
  return { $or: [{ custom_display_id: { $ilike: pattern } }, { email: { $ilike: pattern } }] }
}

async function countCanceled(container: MedusaContainer) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { metadata } = await query.graph({
    entity: "order",
    fields: ["id"],
    filters: { status: "canceled", is_draft_order: false, canceled_at: { $gte: canceledSince() } },
    pagination: { skip: 0, take: 1 },
  })
  return metadata?.count ?? 0
}

/**
 * One page of a queue and the counts of every queue, for a staff member. The prescription review
 * queue is a pharmacist's (`reader.pharmacist`, and the module checks the role again, auditing a
 * refusal); other staff get it neither listed nor counted. The read is audited like every staff
 * list: one `list` entry with the queue, search and page, and the ids answered.
 */
export async function readOrderQueue(
  container: MedusaContainer,
  request: OrderQueueQuery,
  reader: { actor_id: string; pharmacist: boolean }
): Promise<StaffOrderQueuePage> {
  const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
  if (request.queue === PHARMACIST_QUEUE) await prescriptions.assertPharmacist(reader.actor_id)
  const [ids, canceled] = await Promise.all([queueIds(container, reader.pharmacist), countCanceled(container)])

  const skip = (request.page - 1) * request.limit
  const search = searchFilter(request.q)
  const page =
    request.queue === "canceled"
      ? await readOrderSummaries(container, {
          filters: { status: "canceled", canceled_at: { $gte: canceledSince() }, ...search },
          skip,
          take: request.limit,
          order: { canceled_at: "DESC" },
        })
      : ids[request.queue].length
        ? await readOrderSummaries(container, {
            filters: { id: ids[request.queue], ...search },
            skip,
            take: request.limit,
            order: { created_at: "ASC" },
          })
        : { rows: [], orders: [], count: 0 }

  const ttlDays = backendConfig().unpaidOrderTtlDays
  const orders: StaffQueueOrder[] = page.orders.map((order) => ({
    ...order,
    cancels_at: request.queue === "awaiting_payment" ? payByDate(order.created_at, ttlDays).toISOString() : null,
  }))
  const counts: StaffOrderQueuePage["counts"] = {}
  for (const queue of ORDER_QUEUES) {
    if (queue === PHARMACIST_QUEUE && !reader.pharmacist) continue
    counts[queue] = queue === "canceled" ? canceled : ids[queue].length
  }
  await prescriptions.auditListRead(
    reader.actor_id,
    "order",
    { queue: request.queue, q: request.q, page: request.page, limit: request.limit },
    page.rows.map((order) => order.id)
  )
  return { queue: request.queue, q: request.q, page: request.page, limit: request.limit, count: page.count, orders, counts }
}
