/**
 * A pharmacist decides on an order held for prescription review. Approving releases the
 * hold (the order may now be fulfilled); rejecting cancels the order through
 * Medusa, which releases its reserved stock. Audited either way. An order with
 * a prescription-only product that has no hold yet (its event is still on the
 * way) gets one first, so a decision never waits for the event.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import { PRESCRIPTION_MODULE } from "../../../modules/prescription"
import type PrescriptionModuleService from "../../../modules/prescription/service"
import { ensurePrescriptionHoldStep } from "../steps/ensure-prescription-hold"
import { recordPrescriptionAuditStep } from "../steps/record-prescription-audit"

export type OrderReviewInput = {
  order_id: string
  decision: "approved" | "rejected"
  note?: string
  actor_id: string
}

type Hold = { requires_prescription: boolean; review: { id: string; status: string } | null }

const decideOrderReviewStep = createStep(
  "decide-order-prescription-review",
  async ({ input, hold }: { input: OrderReviewInput; hold: Hold }, { container }) => {
    if (!hold.requires_prescription || !hold.review) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This order does not need prescription review")
    }
    const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
    const [review] = await prescriptions.listOrderPrescriptionReviews({ id: hold.review.id })
    if (review.status !== "pending") {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `This order's prescription was already ${review.status}`)
    }
    // Pharmacists only; the note is stored encrypted.
    const updated = await prescriptions.recordOrderDecision({ review_id: review.id, decision: input.decision, note: input.note, actor_id: input.actor_id })
    return new StepResponse(
      { id: updated.id, status: updated.status },
      { id: review.id, status: review.status, note: review.note, reviewed_by: review.reviewed_by, reviewed_at: review.reviewed_at }
    )
  },
  async (previous, { container }) => {
    if (previous) await container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).updateOrderPrescriptionReviews(previous)
  }
)

export const reviewOrderPrescriptionWorkflow = createWorkflow("review-order-prescription", (input: OrderReviewInput) => {
  const hold = ensurePrescriptionHoldStep(transform({ input }, ({ input }) => ({ order_id: input.order_id })))
  const decided = decideOrderReviewStep({ input, hold })
  when("cancel-rejected-order", { input }, ({ input }) => input.decision === "rejected").then(() => {
    cancelOrderWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({ order_id: input.order_id, canceled_by: input.actor_id })),
    })
  })
  recordPrescriptionAuditStep(
    transform({ input }, ({ input }) => ({
      subject_type: "order" as const,
      subject_id: input.order_id,
      actor_id: input.actor_id,
      action: input.decision === "approved" ? ("approve" as const) : ("reject" as const),
    }))
  )
  return new WorkflowResponse(decided)
})
