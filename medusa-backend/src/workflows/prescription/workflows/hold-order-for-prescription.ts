import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"

import { ensurePrescriptionHoldStep } from "../steps"

/**
 * Brings an order's prescription hold up to date with its lines: records the
 * new lines, holds an order with a prescription-only product that is not held
 * yet, reopens an approval the order outgrew (decision 0045). Cart completion
 * does it inline (src/workflows/hooks/complete-cart.ts); this workflow does it
 * for every other way an order is placed or changed (draft orders converted in
 * Medusa Admin, order edits, exchanges, claims), from their events.
 */
export const holdOrderForPrescriptionWorkflow = createWorkflow(
  "hold-order-for-prescription",
  (input: { order_id: string }) => new WorkflowResponse(ensurePrescriptionHoldStep(input))
)
