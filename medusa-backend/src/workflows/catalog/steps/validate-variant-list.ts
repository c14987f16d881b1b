import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { InputError } from "../../../lib/input-error"
import {
  clashingNameIndexes,
  duplicateVariantNameMessage,
  KEEP_ONE_VARIANT_MESSAGE,
  NO_VARIANTS_MESSAGE,
} from "../../../shared/schemas/product-save"
import { MAX_VARIANTS_MESSAGE } from "../../../shared/schemas/variant"
import { STORE } from "../../../shared/store-constants"

/** A variant of a whole variant list as one save sends it: an id (an existing variant, only the fields sent change) or a new one. */
export type VariantListEntry = { id?: string; name?: string; price?: number; stock?: number }

/**
 * A product's whole variant list, as one save sends it (the staff area's
 * product form), before anything is written: 1 to 5 variants (never none: an
 * edit cannot delete the last one), each existing one listed once, a new one
 * complete, a new product's names all different. A new product's list has no ids.
 * Messages per variant are keyed `variants.{index}.{field}`.
 */
export const validateVariantListStep = createStep(
  "validate-variant-list",
  async (input: { variants: VariantListEntry[]; creating: boolean }) => {
    const { variants } = input
    if (variants.length === 0) {
      const message = input.creating ? NO_VARIANTS_MESSAGE : KEEP_ONE_VARIANT_MESSAGE
      throw new InputError(message, { variants: message })
    }
    if (variants.length > STORE.maxVariantsPerProduct) throw new InputError(MAX_VARIANTS_MESSAGE, { variants: MAX_VARIANTS_MESSAGE })
    const errors: Record<string, string> = {}
    const listed = new Set<string>()
    variants.forEach((variant, index) => {
      if (variant.id) {
        if (input.creating) errors[`variants.${index}.id`] = "A new product has no existing variants to keep"
        else if (listed.has(variant.id)) errors[`variants.${index}.id`] = "The same variant is listed twice"
        listed.add(variant.id)
        return
      }
      if (variant.name === undefined) errors[`variants.${index}.name`] = "Variant name is required"
      if (variant.price === undefined) errors[`variants.${index}.price`] = "Price is required"
      if (variant.stock === undefined) errors[`variants.${index}.stock`] = "Stock is required"
    })
    // A new product's names (an edit's are checked against the product, planVariantListStep).
    if (input.creating) {
      for (const index of clashingNameIndexes(variants.map((v) => ({ name: v.name, named: true })))) {
        errors[`variants.${index}.name`] ??= duplicateVariantNameMessage(variants[index].name!)
      }
    }
    const messages = [...new Set(Object.values(errors))]
    if (messages.length) throw new InputError(messages.join("; "), errors)
    return new StepResponse(undefined)
  }
)
