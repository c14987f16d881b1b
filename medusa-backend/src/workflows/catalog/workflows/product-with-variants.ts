/**
 * The staff area's product form saves a product and its whole variant list in
 * one call (POST /api/products-with-variants/, PUT .../{id}/), and that call
 * runs this one workflow: either everything is saved, or, when any part is
 * refused, nothing (Medusa compensates the steps that ran). Decision 0035.
 *
 * - a new product: the product (createCatalogProductWorkflow, with its
 *   picture), then its variants;
 * - an edit: the product's fields (updateCatalogProductWorkflow); variants with
 *   an id change only the fields sent; variants without one are added; the
 *   product's variants left out of the list are deleted (discontinued: those
 *   open orders hold keep their reserved stock, detachReservedInventoryStep).
 *
 * The rules are steps, checked before anything is written: names not blank,
 * the category exists, 1 to 5 variants (an edit never deletes the last one),
 * unique variant names, only this product's variants. The variant list is
 * written under the product's lock (the one the single-variant workflows hold),
 * read fresh under it. Medusa's own workflows write, in an order that keeps
 * its option values consistent: the left-out variants are deleted first (so a
 * new variant may take a deleted one's name, and five can be swapped), then
 * the option values the new and renamed variants need are linked, the kept
 * variants updated and the new ones created (Medusa's batch variants workflow
 * runs these three in parallel, which the option values do not allow), then
 * the values no variant uses any more are removed. Stock is what can be sold
 * (utils/sellable-stock.ts).
 */
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  createAndLinkProductOptionsToProductWorkflow,
  createProductVariantsWorkflow,
  deleteProductOptionValuesWorkflow,
  deleteProductVariantsWorkflow,
  releaseLockStep,
  updateProductVariantsWorkflow,
} from "@medusajs/medusa/core-flows"

import { STORE } from "../../../shared/store-constants"
import {
  detachReservedInventoryStep,
  invalidateCatalogStep,
  loadCatalogProductStep,
  planVariantListStep,
  resolveCatalogContextStep,
  setSellableStocksStep,
  stockNewVariantsStep,
  validateCategoryStep,
  validateNamesStep,
  validateVariantListStep,
  type VariantListEntry,
} from "../steps"
import { unlinkOptionValuesWorkflow } from "./option-values"
import {
  CATALOG_VARIANT_OPTION,
  type CreateCatalogProductInput,
  createCatalogProductWorkflow,
  updateCatalogProductWorkflow,
} from "./products"
import { LOCK, productLock, type RankedVariantCreate } from "./variants"

/** The product's fields as a new product takes them (a new picture; absent keeps the current one), and its variant list. */
export type SaveCatalogProductInput = Pick<
  CreateCatalogProductInput,
  "name" | "description" | "category_id" | "is_popular" | "prescription" | "image"
> & {
  /** The product to save; absent for a new product. */
  id?: string
  /** The whole variant list, in the form's order. */
  variants: VariantListEntry[]
  /** The staff user saving (a prescription flag change needs a pharmacist; decision 0045). */
  actor_id: string
}

export const saveCatalogProductWorkflow = createWorkflow("save-catalog-product-with-variants", (input: SaveCatalogProductInput) => {
  // The rules that need no product, before anything is written (a refused new product is never created).
  validateNamesStep({
    names: transform({ input }, ({ input }) => [
      { field: "name", label: "Product name", value: input.name },
      ...input.variants.map((variant, index) => ({ field: `variants.${index}.name`, label: "Variant name", value: variant.name })),
    ]),
  })
  validateCategoryStep({ category_id: input.category_id })
  validateVariantListStep({ variants: input.variants, creating: transform({ input }, ({ input }) => !input.id) })
  const context = resolveCatalogContextStep()

  const productFields = transform({ input }, ({ input }) => ({
    name: input.name,
    description: input.description,
    category_id: input.category_id,
    is_popular: input.is_popular,
    prescription: input.prescription,
    image: input.image ?? null,
  }))
  const created = when("create-saved-product", { input }, ({ input }) => !input.id).then(() =>
    createCatalogProductWorkflow.runAsStep({ input: productFields })
  )
  const productId = transform({ input, created }, ({ input, created }) => (input.id ?? created!.id) as string)

  const lockKey = transform({ productId }, ({ productId }) => productLock(productId))
  acquireLockStep({ key: lockKey, ...LOCK })
  const product = loadCatalogProductStep({ product_id: productId })
  const plan = planVariantListStep({ product, variants: input.variants, stock_location_id: context.stock_location_id })

  when("update-saved-product", { input }, ({ input }) => !!input.id).then(() => {
    updateCatalogProductWorkflow.runAsStep({
      input: transform({ productFields, productId, input }, ({ productFields, productId, input }) => ({
        ...productFields,
        id: productId,
        actor_id: input.actor_id,
        via: "api/products-with-variants",
      })),
    })
  })

  when("delete-left-out-variants", { plan }, ({ plan }) => plan.delete_ids.length > 0).then(() => {
    detachReservedInventoryStep({ variant_ids: transform({ plan }, ({ plan }) => plan.delete_ids) })
    deleteProductVariantsWorkflow.runAsStep({ input: transform({ plan }, ({ plan }) => ({ ids: plan.delete_ids })) })
  })

  when("link-listed-option-values", { plan }, ({ plan }) => plan.option.kind !== "none" && plan.option_values.length > 0).then(() => {
    createAndLinkProductOptionsToProductWorkflow.runAsStep({
      input: transform({ plan, productId }, ({ plan, productId }) =>
        plan.option.kind === "existing"
          ? { product_id: productId, update: [{ product_option_id: plan.option.id, add: plan.option_values.map((value) => ({ value })) }] }
          : { product_id: productId, add: [{ title: CATALOG_VARIANT_OPTION, values: plan.option_values, is_exclusive: true }] }
      ),
    })
  })

  when("update-listed-variants", { plan }, ({ plan }) => plan.updates.length > 0).then(() => {
    updateProductVariantsWorkflow.runAsStep({ input: transform({ plan }, ({ plan }) => ({ product_variants: plan.updates })) })
  })

  const createdVariants = when("create-listed-variants", { plan }, ({ plan }) => plan.creates.length > 0).then(() =>
    createProductVariantsWorkflow.runAsStep({
      input: transform({ plan, productId }, ({ plan, productId }) => {
        const optionTitle = plan.option.kind === "existing" ? plan.option.title : plan.option.kind === "new" ? CATALOG_VARIANT_OPTION : null
        return {
          product_variants: plan.creates.map((variant): RankedVariantCreate => ({
            product_id: productId,
            title: variant.name,
            manage_inventory: true,
            allow_backorder: false,
            // Shown after the product's other variants, in the list's order.
            variant_rank: variant.variant_rank,
            ...(optionTitle ? { options: { [optionTitle]: variant.name } } : {}),
            prices: [{ amount: variant.price, currency_code: STORE.currency }],
          })),
        }
      }),
    })
  )

  when("unlink-unused-option-values", { plan }, ({ plan }) => plan.unlink_value_ids.length > 0).then(() => {
    unlinkOptionValuesWorkflow.runAsStep({
      input: transform({ plan, productId }, ({ plan, productId }) => ({
        updates: [
          {
            product_id: productId,
            product_option_id: (plan.option as { id: string }).id,
            remove: plan.unlink_value_ids,
          },
        ],
      })),
    })
  })
  when("delete-unused-option-values", { plan }, ({ plan }) => plan.delete_value_ids.length > 0).then(() => {
    deleteProductOptionValuesWorkflow.runAsStep({ input: transform({ plan }, ({ plan }) => ({ ids: plan.delete_value_ids })) })
  })

  when("set-listed-variants-stock", { plan }, ({ plan }) => plan.stock.length > 0).then(() => {
    setSellableStocksStep(transform({ plan }, ({ plan }) => plan.stock))
  })
  when("stock-created-variants", { plan }, ({ plan }) => plan.creates.length > 0).then(() => {
    stockNewVariantsStep(
      transform({ createdVariants, plan, context }, ({ createdVariants, plan, context }) => ({
        variant_ids: (createdVariants ?? []).map((variant: { id: string }) => variant.id),
        stocks: plan.creates.map((variant) => variant.stock),
        location_id: context.stock_location_id,
      }))
    )
  })

  invalidateCatalogStep()
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(transform({ productId }, ({ productId }) => ({ id: productId })))
})
