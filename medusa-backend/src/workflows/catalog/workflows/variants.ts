/**
 * Staff writes to the variants of a catalogue product, each one workflow run
 * under a lock per product (so two concurrent requests cannot both add a 6th
 * variant or both delete one of the last two): the product is read fresh under
 * the lock, the rules are checked as steps, then Medusa's own workflows write.
 */
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  createAndLinkProductOptionsToProductWorkflow,
  createProductVariantsWorkflow,
  type CreateProductVariantsWorkflowInput,
  deleteProductOptionValuesWorkflow,
  deleteProductVariantsWorkflow,
  releaseLockStep,
  updateProductVariantsWorkflow,
} from "@medusajs/medusa/core-flows"

import { STORE } from "../../../shared/store-constants"
import {
  detachReservedInventoryStep,
  findVariantProductStep,
  invalidateCatalogStep,
  loadCatalogProductStep,
  planVariantChangesStep,
  resolveCatalogContextStep,
  setSellableStockStep,
  stockNewVariantStep,
  validateNamesStep,
  validateVariantAdditionStep,
  validateVariantRemovalStep,
} from "../steps"
import { linkOptionValuesWorkflow, unlinkOptionValuesWorkflow } from "./option-values"
import { CATALOG_VARIANT_OPTION } from "./products"

/**
 * A variant for Medusa's createProductVariantsWorkflow, with its rank: the model has the column,
 * the create type omits it, and Medusa passes the extra field on to the product module.
 */
export type RankedVariantCreate = CreateProductVariantsWorkflowInput["product_variants"][number] & { variant_rank: number | null }

/** The lock every write to a product's variant list holds (also the one-call product save, ./product-with-variants.ts). */
export const productLock = (productId: string) => `catalog:product:${productId}`
export const LOCK = { timeout: 30, ttl: 120, executeOnSubWorkflow: true }

// ---------------------------------------------------------------------------

export type CreateCatalogVariantInput = {
  product_id: string
  name: string
  /** Dollars. */
  price: number
  /** What can be sold. */
  stock: number
  metadata?: Record<string, unknown>
}

export const createCatalogVariantWorkflow = createWorkflow("create-catalog-variant", (input: CreateCatalogVariantInput) => {
  validateNamesStep({ names: transform({ input }, ({ input }) => [{ field: "name", label: "Variant name", value: input.name }]) })
  const lockKey = transform({ input }, ({ input }) => productLock(input.product_id))
  acquireLockStep({ key: lockKey, ...LOCK })
  const product = loadCatalogProductStep({ product_id: input.product_id })
  const plan = validateVariantAdditionStep({ product, name: transform({ input }, ({ input }) => input.name.trim()) })
  const context = resolveCatalogContextStep()

  when("link-variant-option-value", { plan }, ({ plan }) => plan.option.kind !== "none").then(() =>
    createAndLinkProductOptionsToProductWorkflow.runAsStep({
      input: transform({ input, plan }, ({ input, plan }) =>
        plan.option.kind === "new"
          ? { product_id: input.product_id, add: [{ title: CATALOG_VARIANT_OPTION, values: [input.name.trim()], is_exclusive: true }] }
          : {
              product_id: input.product_id,
              update: [{ product_option_id: (plan.option as { id: string }).id, add: [{ value: input.name.trim() }] }],
            }
      ),
    })
  )

  const created = createProductVariantsWorkflow.runAsStep({
    input: transform({ input, plan }, ({ input, plan }) => {
      const optionTitle = plan.option.kind === "new" ? CATALOG_VARIANT_OPTION : plan.option.kind === "existing" ? plan.option.title : null
      const variant: RankedVariantCreate = {
        product_id: input.product_id,
        title: input.name.trim(),
        manage_inventory: true,
        allow_backorder: false,
        // Shown after the product's other variants.
        variant_rank: plan.variant_rank,
        metadata: input.metadata,
        ...(optionTitle ? { options: { [optionTitle]: input.name.trim() } } : {}),
        prices: [{ amount: input.price, currency_code: STORE.currency }],
      }
      return {
        product_variants: [variant],
      }
    }),
  })

  stockNewVariantStep(
    transform({ created, input, context }, ({ created, input, context }) => ({
      variant_id: created[0].id as string,
      location_id: context.stock_location_id,
      stock: input.stock,
    }))
  )
  invalidateCatalogStep()
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(transform({ created }, ({ created }) => ({ id: created[0].id as string })))
})

// ---------------------------------------------------------------------------

export type UpdateCatalogVariantInput = {
  id: string
  name?: string
  price?: number
  stock?: number
  /** Merged into the variant's metadata by Medusa. */
  metadata?: Record<string, unknown>
}

export const updateCatalogVariantWorkflow = createWorkflow("update-catalog-variant", (input: UpdateCatalogVariantInput) => {
  validateNamesStep({ names: transform({ input }, ({ input }) => [{ field: "name", label: "Variant name", value: input.name }]) })
  const productId = findVariantProductStep({ variant_id: input.id })
  const lockKey = transform({ productId }, ({ productId }) => productLock(productId))
  acquireLockStep({ key: lockKey, ...LOCK })
  const product = loadCatalogProductStep({ product_id: productId })
  const context = resolveCatalogContextStep()
  const changes = planVariantChangesStep({ product, update: input, stock_location_id: context.stock_location_id })

  when("link-renamed-option-value", { changes }, ({ changes }) => !!changes.rename).then(() => {
    linkOptionValuesWorkflow.runAsStep({
      input: transform({ changes, productId }, ({ changes, productId }) => ({
        updates: [{ product_id: productId, product_option_id: changes.rename!.option_id, add: [{ value: changes.title! }] }],
      })),
    })
  })
  when("update-variant-fields", { changes, input }, ({ changes, input }) => !!changes.title || !!changes.prices || !!input.metadata).then(
    () => {
      updateProductVariantsWorkflow.runAsStep({
        input: transform({ changes, input }, ({ changes, input }) => ({
          product_variants: [
            {
              id: input.id,
              ...(changes.title !== undefined ? { title: changes.title } : {}),
              ...(changes.rename ? { options: { [changes.rename.option_title]: changes.title! } } : {}),
              ...(changes.prices ? { prices: changes.prices } : {}),
              ...(input.metadata ? { metadata: input.metadata } : {}),
            },
          ],
        })),
      })
    }
  )
  when("unlink-old-option-value", { changes }, ({ changes }) => !!changes.rename?.unlink_old_value && !!changes.rename.old_value_id).then(
    () => {
      unlinkOptionValuesWorkflow.runAsStep({
        input: transform({ changes, productId }, ({ changes, productId }) => ({
          updates: [{ product_id: productId, product_option_id: changes.rename!.option_id, remove: [changes.rename!.old_value_id!] }],
        })),
      })
    }
  )
  when("delete-old-option-value", { changes }, ({ changes }) => !!changes.rename?.delete_old_value && !!changes.rename.old_value_id).then(
    () => {
      deleteProductOptionValuesWorkflow.runAsStep({
        input: transform({ changes }, ({ changes }) => ({ ids: [changes.rename!.old_value_id!] })),
      })
    }
  )
  when("set-variant-stock", { changes }, ({ changes }) => !!changes.stock).then(() => {
    setSellableStockStep(transform({ changes }, ({ changes }) => changes.stock!))
  })
  invalidateCatalogStep()
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(transform({ input, productId }, ({ input, productId }) => ({ id: input.id, product_id: productId })))
})

// ---------------------------------------------------------------------------

/**
 * Deletes (discontinues) a variant, never a product's last one. Orders keep
 * their lines; stock their open orders reserved stays reserved.
 */
export const deleteCatalogVariantWorkflow = createWorkflow("delete-catalog-variant", (input: { id: string }) => {
  const productId = findVariantProductStep({ variant_id: input.id })
  const lockKey = transform({ productId }, ({ productId }) => productLock(productId))
  acquireLockStep({ key: lockKey, ...LOCK })
  const product = loadCatalogProductStep({ product_id: productId })
  const plan = validateVariantRemovalStep({ product, variant_id: input.id })
  detachReservedInventoryStep({ variant_ids: transform({ input }, ({ input }) => [input.id]) })
  deleteProductVariantsWorkflow.runAsStep({ input: transform({ input }, ({ input }) => ({ ids: [input.id] })) })
  when("unlink-deleted-variant-option-value", { plan }, ({ plan }) => !!plan.option_value?.unlink).then(() => {
    unlinkOptionValuesWorkflow.runAsStep({
      input: transform({ plan, productId }, ({ plan, productId }) => ({
        updates: [{ product_id: productId, product_option_id: plan.option_value!.option_id, remove: [plan.option_value!.value_id] }],
      })),
    })
  })
  when("delete-deleted-variant-option-value", { plan }, ({ plan }) => !!plan.option_value?.delete).then(() => {
    deleteProductOptionValuesWorkflow.runAsStep({ input: transform({ plan }, ({ plan }) => ({ ids: [plan.option_value!.value_id] })) })
  })
  invalidateCatalogStep()
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(transform({ input, productId }, ({ input, productId }) => ({ id: input.id, product_id: productId })))
})
