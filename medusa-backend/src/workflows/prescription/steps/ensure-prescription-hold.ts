import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import {
  lineIsPrescriptionToday,
  orderPrescriptionFacts,
  type OrderPrescriptionState,
  prescriptionStateOf,
} from "../../../lib/orders/order-prescription"
import { PRESCRIPTION_MODULE } from "../../../modules/prescription"
import type PrescriptionModuleService from "../../../modules/prescription/service"

export type HoldResult = OrderPrescriptionState & {
  /** A pending review was created by this call. */
  created: boolean
  /** An approved review was put back to pending by this call (the order gained prescription lines). */
  reopened: boolean
  /** Snapshot rows written by this call. */
  recorded_line_ids: string[]
}

/** What a rollback undoes: the snapshot rows and the hold this call created. */
export type HoldUndo = { order_id: string; review_id: string | null; line_row_ids: string[] } | null

/**
 * Brings an order's prescription hold up to date with its lines (decision 0045),
 * under a lock per order, idempotently (cart completion, the order events and
 * a pharmacist's decision may all call it):
 *
 * 1. every line not recorded yet gets its snapshot: prescription-only or not, now;
 * 2. an order that needs a review and has none gets a pending one, linked to it;
 * 3. an approved review that does not cover the order's prescription lines any
 *    more (an edit, exchange or claim added or enlarged one) is put back to
 *    pending, audited as a system action.
 *
 * `record_only` does step 1 alone (a draft order: it is held when it is placed).
 */
export async function ensurePrescriptionHold(
  container: MedusaContainer,
  orderId: string,
  options: { record_only?: boolean } = {}
): Promise<HoldResult & { undo: HoldUndo }> {
  const locking = container.resolve(Modules.LOCKING)
  return await locking.execute(
    `prescription-hold:${orderId}`,
    async () => {
      const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
      const facts = await orderPrescriptionFacts(container, orderId)

      const unrecorded = facts.lines.filter((line) => !facts.recorded.has(line.id))
      const rows = unrecorded.length
        ? await prescriptions.createOrderPrescriptionLines(
            unrecorded.map((line) => ({
              order_id: orderId,
              item_id: line.id,
              product_id: line.product_id,
              variant_id: line.variant_id,
              prescription: lineIsPrescriptionToday(line, facts.product_rx),
            }))
          )
        : []
      for (const row of rows) facts.recorded.set(row.item_id, row.prescription)

      const state = prescriptionStateOf(facts)
      const result = { ...state, created: false, reopened: false, recorded_line_ids: rows.map((row) => row.item_id) }
      const undo = { order_id: orderId, review_id: null as string | null, line_row_ids: rows.map((row) => row.id) }

      if (options.record_only) return { ...result, undo }
      if (state.requires_prescription && !state.review) {
        const review = await prescriptions.createOrderPrescriptionReviews({ status: "pending" })
        await container.resolve(ContainerRegistrationKeys.LINK).create({
          [Modules.ORDER]: { order_id: orderId },
          [PRESCRIPTION_MODULE]: { order_prescription_review_id: review.id },
        })
        undo.review_id = review.id
        return { ...result, review: { id: review.id, status: "pending" as const }, created: true, undo }
      }
      if (state.review?.status === "approved" && state.uncovered_item_ids.length) {
        const reopened = await prescriptions.reopenOrderReview({
          review_id: state.review.id,
          order_id: orderId,
          item_ids: state.uncovered_item_ids,
          reason: "The order gained prescription-only items after its prescription was approved.",
        })
        if (reopened) return { ...result, review: { ...state.review, status: "pending" as const }, reopened: true, undo }
      }
      return { ...result, undo }
    },
    { timeout: 30 }
  )
}

/** Undoes what a run created (the order it belonged to is being rolled back). A reopened review stays reopened (fail closed). */
export async function undoPrescriptionHold(container: MedusaContainer, undo: HoldUndo | undefined) {
  if (!undo) return
  const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
  if (undo.review_id) {
    await container.resolve(ContainerRegistrationKeys.LINK).dismiss({
      [Modules.ORDER]: { order_id: undo.order_id },
      [PRESCRIPTION_MODULE]: { order_prescription_review_id: undo.review_id },
    })
    await prescriptions.deleteOrderPrescriptionReviews(undo.review_id)
  }
  if (undo.line_row_ids.length) await prescriptions.deleteOrderPrescriptionLines(undo.line_row_ids)
}

const undoable = (undo: HoldUndo): HoldUndo => (undo && (undo.review_id || undo.line_row_ids.length) ? undo : null)

export const ensurePrescriptionHoldStep = createStep(
  "ensure-prescription-hold",
  async (input: { order_id: string }, { container }) => {
    const { undo, ...hold } = await ensurePrescriptionHold(container, input.order_id)
    return new StepResponse(hold as HoldResult, undoable(undo))
  },
  async (undo, { container }) => undoPrescriptionHold(container, undo)
)

/** For hooks (one handler per hook): the same, returning what to undo. */
export async function ensurePrescriptionHoldForHook(container: MedusaContainer, orderId: string, options: { record_only?: boolean } = {}) {
  const { undo, ...hold } = await ensurePrescriptionHold(container, orderId, options)
  return { hold: hold as HoldResult, undo: undoable(undo) }
}
