import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/** The product a variant belongs to (404 when the variant is not in the catalogue). */
export const findVariantProductStep = createStep("find-variant-product", async (input: { variant_id: string }, { container }) => {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "product_variant", fields: ["id", "product_id"], filters: { id: input.variant_id } })
  const productId = (data[0] as { product_id?: string } | undefined)?.product_id
  if (!productId) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Variant not found.")
  return new StepResponse(productId)
})
