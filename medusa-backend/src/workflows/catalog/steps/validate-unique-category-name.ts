import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { InputError } from "../../../lib/input-error"
import { sameName } from "../utils/variant-rules"

/** Category names are unique (case-insensitive): staff pick categories by name. */
export const validateUniqueCategoryNameStep = createStep(
  "validate-unique-category-name",
  async (input: { name: string; except_id?: string }, { container }) => {
    const all = await container.resolve(Modules.PRODUCT).listProductCategories({}, { select: ["id", "name"], take: null })
    if (all.some((c) => c.id !== input.except_id && sameName(c.name, input.name))) {
      const message = `A category named "${input.name.trim()}" already exists`
      throw new InputError(message, { name: message })
    }
    return new StepResponse(undefined)
  }
)
