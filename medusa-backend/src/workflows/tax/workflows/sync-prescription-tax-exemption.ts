import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"

import { type SyncPrescriptionTaxExemptionInput, syncPrescriptionTaxExemptionStep } from "../steps"

/**
 * Brings the prescription drugs' tax exemption up to date with the products' flags (decision 0060):
 * for the products given, or every product. Product saves do it in their own workflows' hooks
 * (`workflows/hooks/product-tax-exemption.ts`); the seed and a job run it for the whole catalogue.
 */
export const syncPrescriptionTaxExemptionWorkflow = createWorkflow(
  "sync-prescription-tax-exemption",
  (input: SyncPrescriptionTaxExemptionInput) => new WorkflowResponse(syncPrescriptionTaxExemptionStep(input))
)
