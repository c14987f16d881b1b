import type { MedusaContainer } from "@medusajs/framework/types"

import { syncPrescriptionTaxExemptionWorkflow } from "../workflows/tax/workflows/sync-prescription-tax-exemption"

/**
 * Every 15 minutes: the prescription drugs' tax exemption for the whole catalogue (decision 0060).
 * Product saves keep it current themselves; this pass gives a state tax region that ops added in
 * Medusa Admin its copy of the exemption, and catches a flag changed outside Medusa's workflows.
 */
export default async function syncPrescriptionTaxExemptionJob(container: MedusaContainer) {
  await syncPrescriptionTaxExemptionWorkflow(container).run({ input: {} })
}

export const config = { name: "sync-prescription-tax-exemption", schedule: "*/15 * * * *" }
