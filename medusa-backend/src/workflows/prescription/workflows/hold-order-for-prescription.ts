import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { ensurePrescriptionHoldStep } from "../steps/ensure-prescription-hold"

/**
 * Holds an order with a prescription-only product for review, if it is not
 * held yet. Cart completion does it inline (src/workflows/hooks/complete-cart.ts);
 * this workflow does it for every other way an order is placed or changed
 * (draft orders converted in Medusa Admin, order edits), from their events.
 */
export const holdOrderForPrescriptionWorkflow = createWorkflow(
  "hold-order-for-prescription",
  (input: { order_id: string }) => new WorkflowResponse(ensurePrescriptionHoldStep(input))
)
