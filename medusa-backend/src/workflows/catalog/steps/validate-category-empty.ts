import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/** Refused (409) while products are in the category (they would silently lose it) or it has subcategories. */
export const validateCategoryEmptyStep = createStep("validate-category-empty", async (input: { id: string }, { container }) => {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "product_category",
    fields: ["id", "products.id", "category_children.id"],
    filters: { id: input.id },
  })
  const category: { products?: unknown[] | null; category_children?: unknown[] | null } | undefined = data[0]
  const products = (category?.products ?? []).filter(Boolean).length
  if (products) {
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `This category still has ${products} product${products === 1 ? "" : "s"}. Move or delete ${products === 1 ? "it" : "them"} first.`
    )
  }
  if ((category?.category_children ?? []).filter(Boolean).length) {
    throw new MedusaError(MedusaError.Types.CONFLICT, "This category has subcategories (Medusa Admin). Remove them first.")
  }
  return new StepResponse(undefined)
})
