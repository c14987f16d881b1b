import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import type { ProductRow } from "../../../lib/catalog/product-row"
import { InputError } from "../../../lib/input-error"
import { MAX_VARIANTS_MESSAGE } from "../../../shared/schemas/variant"
import { STORE } from "../../../shared/store-constants"
import { assertUniqueVariantName, SEVERAL_OPTIONS } from "../utils/variant-rules"

export type NewVariantOption = { kind: "new" } | { kind: "existing"; id: string; title: string } | { kind: "none" }

/**
 * A variant may be added: fewer than 5 so far, a name no other variant has.
 * Answers how it gets its option value and its place in the list.
 */
export const validateVariantAdditionStep = createStep("validate-variant-addition", async (input: { product: ProductRow; name: string }) => {
  const { product } = input
  if (product.variants.length >= STORE.maxVariantsPerProduct) throw new InputError(MAX_VARIANTS_MESSAGE)
  assertUniqueVariantName(product, input.name)
  let option: NewVariantOption
  if (product.options.length === 0) option = product.variants.length ? { kind: "none" } : { kind: "new" }
  else if (product.options.length === 1) option = { kind: "existing", id: product.options[0].id, title: product.options[0].title }
  else throw new MedusaError(MedusaError.Types.CONFLICT, SEVERAL_OPTIONS)
  const rank = Math.max(-1, ...product.variants.map((v) => Number(v.variant_rank ?? 0))) + 1
  return new StepResponse({ option, variant_rank: rank })
})
