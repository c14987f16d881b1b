import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { PRESCRIPTION_MODULE } from "../../../modules/prescription"
import type PrescriptionModuleService from "../../../modules/prescription/service"

export type ReviewDecisionInput = {
  id: string
  decision: "approved" | "rejected"
  note?: string
  actor_id: string
}

export const decideRequestStep = createStep(
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
