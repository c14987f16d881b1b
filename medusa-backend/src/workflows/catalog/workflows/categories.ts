/**
 * Staff writes to the storefront's categories (active, public product
 * categories of Medusa), one workflow each, under one lock for all category
 * writes (names are unique across them).
 */
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  createProductCategoriesWorkflow,
  deleteProductCategoriesWorkflow,
  releaseLockStep,
  updateProductCategoriesWorkflow,
} from "@medusajs/medusa/core-flows"

import {
  invalidateCatalogStep,
  loadCatalogCategoryStep,
  uniqueHandleStep,
  validateCategoryEmptyStep,
  validateNamesStep,
  validateUniqueCategoryNameStep,
} from "../steps"

const LOCK = { key: "catalog:categories", timeout: 30, ttl: 120, executeOnSubWorkflow: true }
const nameRule = (name: string) => [{ field: "name", label: "Category name", value: name }]

export type CatalogCategoryInput = { name: string; metadata?: Record<string, unknown> }

export const createCatalogCategoryWorkflow = createWorkflow("create-catalog-category", (input: CatalogCategoryInput) => {
  validateNamesStep({ names: transform({ input }, ({ input }) => nameRule(input.name)) })
  acquireLockStep(LOCK)
  validateUniqueCategoryNameStep({ name: input.name })
  const handle = uniqueHandleStep({ entity: "product_category", name: input.name })
  const created = createProductCategoriesWorkflow.runAsStep({
    input: transform({ input, handle }, ({ input, handle }) => ({
      product_categories: [{ name: input.name.trim(), handle, is_active: true, is_internal: false, metadata: input.metadata }],
    })),
  })
  invalidateCatalogStep()
  releaseLockStep({ key: LOCK.key })
  return new WorkflowResponse(transform({ created }, ({ created }) => ({ id: created[0].id as string, name: created[0].name as string })))
})

export const renameCatalogCategoryWorkflow = createWorkflow("rename-catalog-category", (input: CatalogCategoryInput & { id: string }) => {
  validateNamesStep({ names: transform({ input }, ({ input }) => nameRule(input.name)) })
  acquireLockStep(LOCK)
  loadCatalogCategoryStep({ id: input.id })
  validateUniqueCategoryNameStep({ name: input.name, except_id: input.id })
  // The handle stays: links and the seed find categories by it.
  updateProductCategoriesWorkflow.runAsStep({
    input: transform({ input }, ({ input }) => ({
      selector: { id: input.id },
      update: { name: input.name.trim(), ...(input.metadata ? { metadata: input.metadata } : {}) },
    })),
  })
  invalidateCatalogStep()
  releaseLockStep({ key: LOCK.key })
  return new WorkflowResponse(transform({ input }, ({ input }) => ({ id: input.id, name: input.name.trim() })))
})

/** Refused (409) while products are in the category: they would silently lose it. */
export const deleteCatalogCategoryWorkflow = createWorkflow("delete-catalog-category", (input: { id: string }) => {
  acquireLockStep(LOCK)
  loadCatalogCategoryStep({ id: input.id })
  validateCategoryEmptyStep({ id: input.id })
  deleteProductCategoriesWorkflow.runAsStep({ input: transform({ input }, ({ input }) => [input.id]) })
  invalidateCatalogStep()
  releaseLockStep({ key: LOCK.key })
  return new WorkflowResponse(transform({ input }, ({ input }) => ({ id: input.id })))
})
