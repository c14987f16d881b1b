/** Stores a prescription request form (encrypted by the prescription module). */
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"

import type { PrescriptionRequestInput } from "../../../shared/schemas/prescription-request"
import { storePrescriptionRequestStep } from "../steps"

export const submitPrescriptionRequestWorkflow = createWorkflow(
  "submit-prescription-request",
  (input: PrescriptionRequestInput) => new WorkflowResponse(storePrescriptionRequestStep(input))
)
