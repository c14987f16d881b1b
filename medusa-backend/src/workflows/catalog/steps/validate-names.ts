import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { InputError } from "../../../lib/input-error"

export type NameRule = { field: string; label: string; value: string | undefined }

/** Each given name must have a non-blank value. Undefined means "not changing". */
export const validateNamesStep = createStep("validate-catalog-names", async (input: { names: NameRule[] }) => {
  const errors: Record<string, string> = {}
  for (const { field, label, value } of input.names) {
    if (value !== undefined && !String(value).trim()) errors[field] = `${label} is required`
  }
  const messages = Object.values(errors)
  if (messages.length) throw new InputError(messages.join("; "), errors)
  return new StepResponse(undefined)
})
