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
 * (steps/stock.ts).
 */
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  createAndLinkProductOptionsToProductWorkflow,
  createProductVariantsWorkflow,
  deleteProductOptionValuesWorkflow,
  deleteProductVariantsWorkflow,
  releaseLockStep,
  updateProductVariantsWorkflow,
} from "@medusajs/medusa/core-flows"

import { UNTRACKED_STOCK } from "../../../lib/catalog"
import { pricesWithBaseAmount, type ProductRow, stockTarget } from "../../../lib/catalog-admin"
import { InputError } from "../../../lib/input-error"
import { clashingNameIndexes, duplicateVariantNameMessage } from "../../../shared/schemas/product-save"
import { STORE } from "../../../shared/store-constants"
import { invalidateCatalogStep, resolveCatalogContextStep } from "../steps/catalog-context"
import {
  loadCatalogProductStep,
  optionValueOf,
  SEVERAL_OPTIONS,
  validateCategoryStep,
  validateNamesStep,
  validateVariantListStep,
  type VariantListEntry,
} from "../steps/catalog-rules"
import { detachReservedInventoryStep } from "../steps/detach-reserved-inventory"
import { type SellableStockInput, setSellableStocksStep, stockNewVariantsStep } from "../steps/stock"
import { unlinkOptionValuesWorkflow } from "./option-values"
import { CATALOG_VARIANT_OPTION, createCatalogProductWorkflow, type ImageUpload, updateCatalogProductWorkflow } from "./products"
import { LOCK, productLock, type RankedVariantCreate } from "./variants"

export type SaveCatalogProductInput = {
  /** The product to save; absent for a new product. */
  id?: string
  name: string
  description: string
  category_id: string
  is_popular?: boolean
  prescription?: boolean
  /** A new picture; absent keeps the current one. */
  image?: ImageUpload | null
  /** The whole variant list, in the form's order. */
  variants: VariantListEntry[]
  /** The staff user saving (a prescription flag change needs a pharmacist; decision 0045). */
  actor_id: string
}

type VariantUpdate = {
  id: string
  title?: string
  options?: Record<string, string>
  prices?: { id?: string; amount: number; currency_code: string }[]
}

/** What saving the list changes in Medusa, worked out from the product as it is under the lock. */
export type VariantListPlan = {
  /** The product's variants left out of the list. */
  delete_ids: string[]
  /** How the variants get their option value: the product's only option, a new one (a product without options nor variants), none. */
  option: { kind: "existing"; id: string; title: string } | { kind: "new" } | { kind: "none" }
  /** The values the new and renamed variants take (linked to the product before they do). */
  option_values: string[]
  updates: VariantUpdate[]
  stock: SellableStockInput[]
  /** New variants, in the list's order. */
  creates: { name: string; price: number; stock: number; variant_rank: number }[]
  /** Values of the product's option no variant uses any more: unlinked from the product... */
  unlink_value_ids: string[]
  /** ...and deleted when the option is the product's own. */
  delete_value_ids: string[]
}

const variantLabel = (name: string | null | undefined) => (name ? `Variant "${name}"` : "A variant")

/**
 * The plan of a save of the variant list, and its rules against the product
 * as it is now: the listed ids are this product's variants, no two variants
 * end up with the same name (a new or renamed one may not take another's),
 * stock can be set where Medusa tracks it in one item.
 */
export const planVariantListStep = createStep(
  "plan-variant-list",
  async (input: { product: ProductRow; variants: VariantListEntry[]; stock_location_id: string }) => {
    const { product, variants } = input
    const current = new Map(product.variants.map((variant) => [variant.id, variant]))
    const errors: Record<string, string> = {}

    variants.forEach((entry, index) => {
      if (entry.id && !current.has(entry.id)) {
        errors[`variants.${index}.id`] =
          `${variantLabel(entry.name)} is no longer one of this product's variants (deleted meanwhile?). Reload the page.`
      }
    })
    const fail = () => {
      const messages = [...new Set(Object.values(errors))]
      throw new InputError(messages.join("; "), errors)
    }
    if (Object.keys(errors).length) fail()

    const finalName = (entry: VariantListEntry) => entry.name?.trim() ?? current.get(entry.id!)?.title?.trim() ?? ""
    /** A new variant, or a new name for an existing one. */
    const named = (entry: VariantListEntry) =>
      !entry.id || (entry.name !== undefined && entry.name.trim() !== (current.get(entry.id)?.title ?? ""))
    // Two variants may not share a name: the one given it now is refused (names already shared in Medusa stay as they are).
    const names = variants.map((entry) => ({ name: finalName(entry), named: named(entry) }))
    for (const index of clashingNameIndexes(names)) errors[`variants.${index}.name`] ??= duplicateVariantNameMessage(names[index].name)
    if (Object.keys(errors).length) fail()

    const keptIds = new Set(variants.flatMap((entry) => (entry.id ? [entry.id] : [])))
    const kept = product.variants.filter((variant) => keptIds.has(variant.id))
    const deleted = product.variants.filter((variant) => !keptIds.has(variant.id))
    const renamed = variants.filter((entry) => entry.id && named(entry))
    const added = variants.filter((entry) => !entry.id)
    if (product.options.length > 1 && (renamed.length || added.length)) throw new MedusaError(MedusaError.Types.CONFLICT, SEVERAL_OPTIONS)

    const option: VariantListPlan["option"] =
      product.options.length === 1
        ? { kind: "existing", id: product.options[0].id, title: product.options[0].title }
        : kept.length
          ? { kind: "none" }
          : { kind: "new" }

    const optionValues = new Set<string>()
    /** Option value ids of variants that lose them (deleted, or renamed): removed unless a variant still uses them. */
    const released: { id: string; value: string }[] = []
    const revalued = new Set<string>()
    for (const variant of deleted) {
      const value = optionValueOf(product, variant.id)
      if (value) released.push({ id: value.value.id, value: value.value.value })
    }

    const updates: VariantUpdate[] = []
    const stock: SellableStockInput[] = []
    variants.forEach((entry, index) => {
      if (!entry.id) return
      const variant = current.get(entry.id)!
      const update: VariantUpdate = { id: variant.id }
      if (named(entry)) {
        const name = entry.name!.trim()
        update.title = name
        const value = optionValueOf(product, variant.id)
        if (value && value.value.value !== name) {
          update.options = { [value.option.title]: name }
          optionValues.add(name)
          released.push({ id: value.value.id, value: value.value.value })
          revalued.add(variant.id)
        }
      }
      if (entry.price !== undefined) update.prices = pricesWithBaseAmount(variant, entry.price)
      if (entry.stock !== undefined) {
        const target = stockTarget(variant, input.stock_location_id)
        if (target.kind === "item") {
          stock.push({ inventory_item_id: target.inventory_item_id, location_id: target.location_id, sellable: entry.stock })
        } else if (!(target.kind === "untracked" && entry.stock === UNTRACKED_STOCK)) {
          const message =
            target.kind === "untracked"
              ? `${variantLabel(variant.title)}: Medusa does not track its stock; turn on "Manage inventory" in Medusa Admin to set it.`
              : `${variantLabel(variant.title)}: its stock is made of several inventory items (Medusa Admin); set it there.`
          errors[`variants.${index}.stock`] = message
        }
      }
      if (Object.keys(update).length > 1) updates.push(update)
    })
    if (Object.keys(errors).length) fail()

    let rank = Math.max(-1, ...kept.map((variant) => Number(variant.variant_rank ?? 0)))
    const creates = added.map((entry) => ({ name: entry.name!.trim(), price: entry.price!, stock: entry.stock!, variant_rank: ++rank }))
    if (option.kind !== "none") for (const create of creates) optionValues.add(create.name)

    // A released value stays while a kept variant still has it, or a new or renamed variant takes it again.
    const stillUsed = new Set(
      kept.filter((variant) => !revalued.has(variant.id)).flatMap((variant) => variant.options.map((value) => value.id))
    )
    const unlink = [
      ...new Set(released.filter((value) => !stillUsed.has(value.id) && !optionValues.has(value.value)).map((value) => value.id)),
    ]
    const exclusive = product.options.length === 1 && product.options[0].is_exclusive

    const plan: VariantListPlan = {
      delete_ids: deleted.map((variant) => variant.id),
      option,
      option_values: [...optionValues],
      updates,
      stock,
      creates,
      unlink_value_ids: option.kind === "existing" ? unlink : [],
      delete_value_ids: option.kind === "existing" && exclusive ? unlink : [],
    }
    return new StepResponse(plan)
  }
)

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
