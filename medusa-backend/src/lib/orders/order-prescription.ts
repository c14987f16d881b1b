/**
 * The pharmacy's rule, read from an order's own lines (decisions 0034, 0045):
 * an order that has, or ever had, a prescription-only line is held for a
 * pharmacist, and may not ship until its prescription review is approved and
 * that approval covers every prescription line it has now. Used by the hold
 * (cart completion and order events) and by the fulfilment gate
 * (src/workflows/hooks).
 *
 * A line is prescription-only when it was when it entered the order (the
 * snapshot the prescription module keeps per line) or its product is today;
 * a product that can no longer be found (even among deleted ones), or whose
 * flag cannot be read, counts as prescription-only. So a flag switched off
 * later releases nothing, and a line nobody recorded yet (its event still on
 * the way) is judged by its product. Lines without a product (custom items
 * added by ops) are not products of the catalogue and are not prescription-only
 * unless recorded so. A review row existing means the order needs an approved
 * review, whatever its lines say.
 *
 * The one "needs a prescription" rule: the hold, the fulfilment gate, the staff
 * order views (src/lib/orders/staff-orders.ts) and the placement's answer all decide with it.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"

import { PRESCRIPTION_MODULE } from "../../modules/prescription"
import type PrescriptionModuleService from "../../modules/prescription/service"
import type { ApprovedItems } from "../../modules/prescription/service"
import { readProductFlags } from "../catalog/product-flags"
import { queryRows } from "../query-rows"

export type PrescriptionReviewStatus = "pending" | "needs_information" | "approved" | "rejected"

export type OrderLine = {
  id: string
  product_id: string | null
  variant_id: string | null
  quantity: number
  created_at: string | Date | null
}

export type ReviewFacts = {
  id: string
  status: PrescriptionReviewStatus
  approved_items: ApprovedItems | null
  reviewed_at: string | Date | null
}

/** Everything the rule reads about an order. */
export type OrderPrescriptionFacts = {
  order_id: string
  lines: OrderLine[]
  review: ReviewFacts | null
  /** The snapshot: item id -> prescription-only when recorded. Kept for lines that left the order too. */
  recorded: Map<string, boolean>
  /** Today's flag of each product found (deleted ones included); a product missing here counts as prescription-only. */
  product_rx: Map<string, boolean>
}

export type OrderPrescriptionState = {
  order_id: string
  /** The order needs an approved review before it ships. */
  requires_prescription: boolean
  review: { id: string; status: PrescriptionReviewStatus } | null
  /** Its prescription lines now (units per line item id): what an approval made now covers. */
  prescription_items: ApprovedItems
  /** Prescription lines the review's approval does not cover (all of them while it is not approved). */
  uncovered_item_ids: string[]
}

/** Prescription-only today, from its product (fails closed). */
export function lineIsPrescriptionToday(line: Pick<OrderLine, "product_id">, productRx: Map<string, boolean>): boolean {
  if (!line.product_id) return false
  return productRx.get(line.product_id) ?? true
}

function covers(review: ReviewFacts | null, line: OrderLine): boolean {
  if (review?.status !== "approved") return false
  if (review.approved_items) return Number(review.approved_items[line.id] ?? 0) >= line.quantity
  // Approved before approvals recorded their lines (decision 0045): the lines the order had then.
  return !!review.reviewed_at && !!line.created_at && new Date(line.created_at).getTime() <= new Date(review.reviewed_at).getTime()
}

/** The rule itself, on facts already read (pure: unit-tested). */
export function prescriptionStateOf(facts: OrderPrescriptionFacts): OrderPrescriptionState {
  const rxLines = facts.lines.filter(
    (line) => line.quantity > 0 && (facts.recorded.get(line.id) === true || lineIsPrescriptionToday(line, facts.product_rx))
  )
  const everHadRx = [...facts.recorded.values()].some(Boolean)
  return {
    order_id: facts.order_id,
    requires_prescription: rxLines.length > 0 || everHadRx || !!facts.review,
    review: facts.review ? { id: facts.review.id, status: facts.review.status } : null,
    prescription_items: Object.fromEntries(rxLines.map((line) => [line.id, line.quantity])),
    uncovered_item_ids: rxLines.filter((line) => !covers(facts.review, line)).map((line) => line.id),
  }
}

/** What the rule reads of an order, for query.graph (relative to the order). */
export const ORDER_PRESCRIPTION_FIELDS = [
  "id",
  "items.id",
  "items.product_id",
  "items.variant_id",
  // An order line's quantity comes from its detail row (order_item): without it, it is missing.
  "items.quantity",
  "items.raw_quantity",
  "items.detail.quantity",
  "items.detail.raw_quantity",
  "items.created_at",
  "order_prescription_review.id",
  "order_prescription_review.status",
  "order_prescription_review.approved_items",
  "order_prescription_review.reviewed_at",
]

/** An order as ORDER_PRESCRIPTION_FIELDS read it. */
export type OrderPrescriptionRow = {
  id: string
  items?:
    | ({
        id: string
        product_id?: string | null
        variant_id?: string | null
        quantity?: unknown
        created_at?: string | Date | null
      } | null)[]
    | null
  order_prescription_review?: ReviewFacts | null
}

export async function orderPrescriptionFacts(container: MedusaContainer, orderId: string): Promise<OrderPrescriptionFacts> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ORDER_PRESCRIPTION_FIELDS, filters: { id: orderId } })
  const order: OrderPrescriptionRow | undefined = queryRows<OrderPrescriptionRow>(data)[0]
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  const [facts] = await prescriptionFactsOf(container, [order])
  return facts
}

/**
 * The facts of orders already read with ORDER_PRESCRIPTION_FIELDS (e.g. a page of a staff list), in
 * their order: two reads (the recorded lines, the products' flags) whatever their number.
 */
export async function prescriptionFactsOf(container: MedusaContainer, orders: OrderPrescriptionRow[]): Promise<OrderPrescriptionFacts[]> {
  if (!orders.length) return []
  const linesOf = (order: OrderPrescriptionRow): OrderLine[] =>
    (order.items ?? [])
      .filter((item): item is NonNullable<typeof item> => !!item)
      .map((item) => ({
        id: item.id,
        product_id: item.product_id ?? null,
        variant_id: item.variant_id ?? null,
        quantity: Number(item.quantity ?? 0),
        created_at: item.created_at ?? null,
      }))
  const lines = new Map(orders.map((order) => [order.id, linesOf(order)]))
  const recordedRows = await container
    .resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
    .listOrderPrescriptionLines(
      { order_id: orders.map((order) => order.id) },
      { select: ["order_id", "item_id", "prescription"], take: null }
    )
  const productRx = await productPrescriptionFlags(
    container,
    [...lines.values()].flat().map((line) => line.product_id)
  )
  return orders.map((order) => ({
    order_id: order.id,
    lines: lines.get(order.id)!,
    review: order.order_prescription_review ?? null,
    recorded: new Map(recordedRows.filter((row) => row.order_id === order.id).map((row) => [row.item_id, row.prescription])),
    product_rx: productRx,
  }))
}

/** Today's prescription flag of each product found, deleted products included. */
export async function productPrescriptionFlags(
  container: MedusaContainer,
  ids: (string | null | undefined)[]
): Promise<Map<string, boolean>> {
  const productIds = [...new Set(ids.filter((id): id is string => !!id))]
  if (!productIds.length) return new Map()
  const products = await container
    .resolve(Modules.PRODUCT)
    .listProducts({ id: productIds }, { select: ["id", "metadata"], withDeleted: true, take: null })
  return new Map(products.map((product) => [product.id, readProductFlags(product.metadata).prescription]))
}

export async function orderPrescriptionState(container: MedusaContainer, orderId: string): Promise<OrderPrescriptionState> {
  return prescriptionStateOf(await orderPrescriptionFacts(container, orderId))
}

/** Whether the prescription rule lets the order ship: no prescription needed, or an approval covering every prescription line. */
export function mayShip(state: OrderPrescriptionState): boolean {
  return !state.requires_prescription || (state.review?.status === "approved" && !state.uncovered_item_ids.length)
}

/** Refuses (not_allowed) to ship an order whose prescription lines are not all covered by an approved review. */
export function assertMayShip(state: OrderPrescriptionState) {
  if (mayShip(state)) return
  let message = "This order contains a prescription-only product and cannot be fulfilled until a pharmacist approves its prescription."
  if (state.review?.status === "rejected") message = "This order's prescription was rejected; it cannot be fulfilled."
  else if (state.review?.status === "approved") {
    message =
      "This order gained prescription-only items after its prescription was approved; " +
      "it cannot be fulfilled until a pharmacist approves it again."
  }
  throw new MedusaError(MedusaError.Types.NOT_ALLOWED, message)
}
