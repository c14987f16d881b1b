import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { PRESCRIPTION_MODULE } from "../../../modules/prescription"
import type PrescriptionModuleService from "../../../modules/prescription/service"
import type { PrescriptionFlagChange } from "./authorize-prescription-flag"

/** The audit entry of a change (after the product was written); removed again if the workflow is rolled back. */
export const auditPrescriptionFlagStep = createStep(
  "audit-prescription-flag-change",
  async (input: { change: PrescriptionFlagChange; via: string }, { container }) => {
    if (!input.change) return new StepResponse(undefined, null as string | null)
    const { product_id, from, to, actor_id } = input.change
    const entry = await container
      .resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
      .auditFlagChange({ product_id, actor_id, from, to, via: input.via })
    return new StepResponse(undefined, entry.id as string | null)
  },
  async (id, { container }) => {
    if (id) await container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).deletePrescriptionAuditEntries(id)
  }
)
