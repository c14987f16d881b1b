/**
 * A pharmacist approves or rejects a prescription request, with a note (stored encrypted); audited.
 * The decision is one conditional update (decision 0045): of two pharmacists deciding at once, the
 * second gets a conflict (409) and no audit entry is written for it.
 */
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"

import { decideRequestStep, recordPrescriptionAuditStep, type ReviewDecisionInput } from "../steps"

export const reviewPrescriptionRequestWorkflow = createWorkflow("review-prescription-request", (input: ReviewDecisionInput) => {
  const decided = decideRequestStep(input)
  recordPrescriptionAuditStep(
    transform({ input }, ({ input }) => ({
      subject_type: "prescription_request" as const,
      subject_id: input.id,
      actor_id: input.actor_id,
      action: input.decision === "approved" ? ("approve" as const) : ("reject" as const),
    }))
  )
  return new WorkflowResponse(decided)
})
