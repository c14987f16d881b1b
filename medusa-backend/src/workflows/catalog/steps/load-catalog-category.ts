import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/** A category of the storefront (active, public); 404 otherwise. */
export const loadCatalogCategoryStep = createStep("load-catalog-category", async (input: { id: string }, { container }) => {
  const [category] = await container
    .resolve(Modules.PRODUCT)
    .listProductCategories({ id: input.id, is_active: true, is_internal: false }, { select: ["id", "name", "metadata"] })
  if (!category) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Category not found.")
  return new StepResponse({ id: category.id, name: category.name, metadata: (category.metadata ?? null) as Record<string, unknown> | null })
})
