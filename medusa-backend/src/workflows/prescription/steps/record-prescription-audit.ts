import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { PRESCRIPTION_MODULE } from "../../../modules/prescription"
import type PrescriptionModuleService from "../../../modules/prescription/service"

export type AuditInput = {
  subject_type: "prescription_request" | "order"
  subject_id: string
  actor_id: string
  action: "read" | "approve" | "reject" | "request_information"
}

export const recordPrescriptionAuditStep = createStep(
  "record-prescription-audit",
  async (input: AuditInput, { container }) => {
    const entry = await container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).createPrescriptionAuditEntries(input)
    return new StepResponse(entry, entry.id)
  },
  async (id, { container }) => {
    if (id) await container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).deletePrescriptionAuditEntries(id)
  }
)
