/**
 * A pharmacist approves or rejects a prescription request, with a note (stored encrypted); audited.
 * The decision is one conditional update (decision 0045): of two pharmacists deciding at once, the
 * second gets a conflict (409) and no audit entry is written for it.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"

import { PRESCRIPTION_MODULE } from "../../../modules/prescription"
import type PrescriptionModuleService from "../../../modules/prescription/service"
import { recordPrescriptionAuditStep } from "../steps/record-prescription-audit"

export type ReviewDecisionInput = {
  id: string
  decision: "approved" | "rejected"
  note?: string
  actor_id: string
}

const decideRequestStep = createStep(
  "decide-prescription-request",
  async (input: ReviewDecisionInput, { container }) => {
    const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
    const [current] = await prescriptions.listPrescriptionRequests({ id: input.id })
    if (!current) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Prescription request ${input.id} was not found`)
    // Pharmacists only; the note is stored encrypted; a conflict when the request was decided already (or just now).
    const updated = await prescriptions.recordRequestDecision(input)
    return new StepResponse(
      { id: updated.id, status: updated.status, reviewed_at: updated.reviewed_at },
      {
        id: current.id,
        status: "received" as const,
        review_note: current.review_note,
        reviewed_by: current.reviewed_by,
        reviewed_at: current.reviewed_at,
      }
    )
  },
  async (previous, { container }) => {
    if (previous) await container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).updatePrescriptionRequests(previous)
  }
)

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
