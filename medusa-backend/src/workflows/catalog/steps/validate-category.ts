import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { InputError } from "../../../lib/input-error"

/** The category a product goes into must be an active, public category. */
export const validateCategoryStep = createStep("validate-product-category", async (input: { category_id?: string }, { container }) => {
  if (input.category_id === undefined) return new StepResponse(undefined)
  const [category] = await container
    .resolve(Modules.PRODUCT)
    .listProductCategories({ id: input.category_id, is_active: true, is_internal: false }, { select: ["id"] })
  if (!category) {
    const message = "Choose an existing category"
    throw new InputError(message, { category: message })
  }
  return new StepResponse(undefined)
})
