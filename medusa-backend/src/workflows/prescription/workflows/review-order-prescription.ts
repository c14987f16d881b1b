/**
 * A pharmacist decides on an order held for prescription review. Approving releases the
 * hold for the prescription lines the order has now (the approval records them:
 * a line added later is not approved, decision 0045); rejecting cancels the
 * order through Medusa under its payment lock (../../order/workflows/cancel-order.ts),
 * which releases its reserved stock; asking for information keeps the order held and
 * asks the patient (issue 23). Audited either way, and announced
 * (`order.prescription_reviewed`) so the patient's email goes out whatever path decided.
 * The hold is brought up to date first (a missing hold created, an approval
 * that no longer covers the order reopened), so a decision never waits for an
 * event. The decision is one conditional update: of two pharmacists deciding
 * at once, the second gets a conflict (409) and nothing else happens (no
 * cancel, no audit entry).
 */
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"

import { AppEvents, type OrderPrescriptionReviewedEvent } from "../../../lib/app-events"
import { cancelOrderUnderPaymentLockWorkflow } from "../../order/workflows/cancel-order"
import {
  assertOrderReviewableStep,
  decideOrderReviewStep,
  ensurePrescriptionHoldStep,
  type OrderReviewInput,
  recordPrescriptionAuditStep,
} from "../steps"

const AUDIT_ACTION = { approved: "approve", rejected: "reject", needs_information: "request_information" } as const

export const reviewOrderPrescriptionWorkflow = createWorkflow("review-order-prescription", (input: OrderReviewInput) => {
  assertOrderReviewableStep(transform({ input }, ({ input }) => ({ order_id: input.order_id })))
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
      action: AUDIT_ACTION[input.decision],
    }))
  )
  emitEventStep({
    eventName: AppEvents.ORDER_PRESCRIPTION_REVIEWED,
    data: transform({ input, decided }, ({ input, decided }): OrderPrescriptionReviewedEvent => ({
      id: input.order_id,
      decision: input.decision,
      decided_at: decided.decided_at,
    })),
  })
  return new WorkflowResponse(decided)
})
