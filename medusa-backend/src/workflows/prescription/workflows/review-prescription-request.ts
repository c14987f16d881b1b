/** A pharmacist approves or rejects a prescription request, with a note (stored encrypted); audited. */
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
    if (current.status !== "received") {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `This request was already ${current.status}`)
    }
    // Pharmacists only; the note is stored encrypted.
    const updated = await prescriptions.recordRequestDecision(input)
    return new StepResponse(
      { id: updated.id, status: updated.status, reviewed_at: updated.reviewed_at },
      { id: current.id, status: current.status, review_note: current.review_note, reviewed_by: current.reviewed_by, reviewed_at: current.reviewed_at }
    )
  },
  async (previous, { container }) => {
    if (previous) await container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).updatePrescriptionRequests(previous)
  }
)

export const reviewPrescriptionRequestWorkflow = createWorkflow(
  "review-prescription-request",
  (input: ReviewDecisionInput) => {
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
  }
)
