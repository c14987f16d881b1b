/**
 * A pharmacist decides on an order held for prescription review. Approving releases the
 * hold for the prescription lines the order has now (the approval records them:
 * a line added later is not approved, decision 0045); rejecting cancels the
 * order through Medusa, which releases its reserved stock. Audited either way.
 * The hold is brought up to date first (a missing hold created, an approval
 * that no longer covers the order reopened), so a decision never waits for an
 * event. The decision is one conditional update: of two pharmacists deciding
 * at once, the second gets a conflict (409) and nothing else happens (no
 * cancel, no audit entry).
 */
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"

import { PRESCRIPTION_MODULE } from "../../../modules/prescription"
import type PrescriptionModuleService from "../../../modules/prescription/service"
import type { ApprovedItems } from "../../../modules/prescription/service"
import { ensurePrescriptionHoldStep } from "../steps/ensure-prescription-hold"
import { recordPrescriptionAuditStep } from "../steps/record-prescription-audit"

export type OrderReviewInput = {
  order_id: string
  decision: "approved" | "rejected"
  note?: string
  actor_id: string
}

type Hold = { requires_prescription: boolean; review: { id: string; status: string } | null; prescription_items: ApprovedItems }

const decideOrderReviewStep = createStep(
  "decide-order-prescription-review",
  async ({ input, hold }: { input: OrderReviewInput; hold: Hold }, { container }) => {
    if (!hold.requires_prescription || !hold.review) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This order does not need prescription review")
    }
    const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
    // Read only to undo the decision if a later step fails; the decision itself is conditional on "pending".
    const [review] = await prescriptions.listOrderPrescriptionReviews({ id: hold.review.id })
    // Pharmacists only; the note is stored encrypted; a conflict when another decision came first.
    const updated = await prescriptions.recordOrderDecision({
      review_id: review.id,
      decision: input.decision,
      note: input.note,
      actor_id: input.actor_id,
      approved_items: hold.prescription_items,
    })
    return new StepResponse(
      { id: updated.id, status: updated.status },
      {
        id: review.id,
        status: "pending" as const,
        note: review.note,
        reviewed_by: review.reviewed_by,
        reviewed_at: review.reviewed_at,
        approved_items: review.approved_items,
      }
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
