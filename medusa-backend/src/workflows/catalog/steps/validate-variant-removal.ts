import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import type { ProductRow } from "../../../lib/catalog/product-row"
import { InputError } from "../../../lib/input-error"
import { LAST_VARIANT_MESSAGE } from "../../../shared/schemas/variant"
import { optionValueOf } from "../utils/variant-rules"

/** A variant may be removed: it belongs to the product, and it is not the product's only one. */
export const validateVariantRemovalStep = createStep(
  "validate-variant-removal",
  async (input: { product: ProductRow; variant_id: string }) => {
    const { product } = input
    if (!product.variants.some((v) => v.id === input.variant_id)) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Variant not found.")
    if (product.variants.length <= 1) throw new InputError(LAST_VARIANT_MESSAGE)
    const current = optionValueOf(product, input.variant_id)
    return new StepResponse({
      option_value:
        current && !current.shared
          ? { option_id: current.option.id, value_id: current.value.id, unlink: true, delete: current.option.is_exclusive }
          : undefined,
    })
  }
)
