import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { PRESCRIPTION_MODULE } from "../../../modules/prescription"
import type PrescriptionModuleService from "../../../modules/prescription/service"
import type { PrescriptionRequestInput } from "../../../shared/schemas/prescription-request"

export const storePrescriptionRequestStep = createStep(
  "store-prescription-request",
  async (input: PrescriptionRequestInput, { container }) => {
    const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
    const [created] = await prescriptions.submitRequests([input])
    return new StepResponse(created, created.id)
  },
  async (id, { container }) => {
    if (id) await container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).deletePrescriptionRequests(id)
  }
)
