/**
 * Links option values to a product (creating values given by name) and
 * unlinks them, with Medusa's own step (compensated). Two small workflows, so
 * one parent workflow can do both without renaming steps.
 */
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { updateProductOptionValuesOnProductStep } from "@medusajs/medusa/core-flows"

type OptionValuesUpdate = { product_id: string; product_option_id: string; add?: { value: string }[]; remove?: string[] }[]

export const linkOptionValuesWorkflow = createWorkflow("catalog-link-option-values", (input: { updates: OptionValuesUpdate }) => {
  updateProductOptionValuesOnProductStep(input.updates)
  return new WorkflowResponse(undefined)
})

export const unlinkOptionValuesWorkflow = createWorkflow("catalog-unlink-option-values", (input: { updates: OptionValuesUpdate }) => {
  updateProductOptionValuesOnProductStep(input.updates)
  return new WorkflowResponse(undefined)
})
