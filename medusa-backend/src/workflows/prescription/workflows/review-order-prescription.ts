/**
 * A pharmacist decides on an order held for prescription review. Approving releases the
 * hold for the prescription lines the order has now (the approval records them:
 * a line added later is not approved, decision 0045); rejecting cancels the
 * order through Medusa under its payment lock (../../order/workflows/cancel-order.ts),
 * which releases its reserved stock. Audited either way.
 * The hold is brought up to date first (a missing hold created, an approval
 * that no longer covers the order reopened), so a decision never waits for an
 * event. The decision is one conditional update: of two pharmacists deciding
 * at once, the second gets a conflict (409) and nothing else happens (no
 * cancel, no audit entry).
 */
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"

import { cancelOrderUnderPaymentLockWorkflow } from "../../order/workflows/cancel-order"
import { decideOrderReviewStep, ensurePrescriptionHoldStep, type OrderReviewInput, recordPrescriptionAuditStep } from "../steps"

export const reviewOrderPrescriptionWorkflow = createWorkflow("review-order-prescription", (input: OrderReviewInput) => {
  const hold = ensurePrescriptionHoldStep(transform({ input }, ({ input }) => ({ order_id: input.order_id })))
  const decided = decideOrderReviewStep({ input, hold })
  when("cancel-rejected-order", { input }, ({ input }) => input.decision === "rejected").then(() => {
    cancelOrderUnderPaymentLockWorkflow.runAsStep({
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
