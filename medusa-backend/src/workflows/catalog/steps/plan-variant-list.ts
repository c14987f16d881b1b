import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { UNTRACKED_STOCK } from "../../../lib/catalog/catalog"
import { pricesWithBaseAmount, stockTarget } from "../../../lib/catalog/catalog-admin"
import type { ProductRow } from "../../../lib/catalog/product-row"
import { InputError } from "../../../lib/input-error"
import { clashingNameIndexes, duplicateVariantNameMessage } from "../../../shared/schemas/product-save"
import type { SellableStockInput } from "../utils/sellable-stock"
import { optionValueOf, SEVERAL_OPTIONS } from "../utils/variant-rules"
import type { VariantListEntry } from "./validate-variant-list"

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
