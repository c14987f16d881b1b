import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { UNTRACKED_STOCK } from "../../../lib/catalog/catalog"
import { pricesWithBaseAmount, stockTarget } from "../../../lib/catalog/catalog-admin"
import type { ProductRow } from "../../../lib/catalog/product-row"
import type { SellableStockInput } from "../utils/sellable-stock"
import { assertUniqueVariantName, optionValueOf, SEVERAL_OPTIONS } from "../utils/variant-rules"
import type { UpdateCatalogVariantInput } from "../workflows/variants"

export type VariantChanges = {
  title?: string
  /** The full price list of the variant (see pricesWithBaseAmount), when the price changes. */
  prices?: { id?: string; amount: number; currency_code: string }[]
  /** The variant's option value follows its new name. */
  rename?: {
    option_id: string
    option_title: string
    /** The old value, unlinked from the product once no variant uses it; deleted when the option is the product's own. */
    old_value_id: string | null
    unlink_old_value: boolean
    delete_old_value: boolean
  }
  stock?: SellableStockInput
}

/** What an update changes in Medusa, after the rules: a unique name, one option at most, stock Medusa tracks in one item. */
export const planVariantChangesStep = createStep(
  "plan-variant-changes",
  async (input: { product: ProductRow; update: UpdateCatalogVariantInput; stock_location_id: string }) => {
    const { product, update } = input
    const variant = product.variants.find((v) => v.id === update.id)
    if (!variant) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Variant not found.")
    const changes: VariantChanges = {}
    const name = update.name?.trim()
    if (name !== undefined && name !== variant.title) {
      assertUniqueVariantName(product, name, variant.id)
      if (product.options.length > 1) throw new MedusaError(MedusaError.Types.CONFLICT, SEVERAL_OPTIONS)
      changes.title = name
      const current = optionValueOf(product, variant.id)
      if (current && current.value.value !== name) {
        changes.rename = {
          option_id: current.option.id,
          option_title: current.option.title,
          old_value_id: current.value.id,
          unlink_old_value: !current.shared,
          delete_old_value: !current.shared && current.option.is_exclusive,
        }
      }
    }
    if (update.price !== undefined) changes.prices = pricesWithBaseAmount(variant, update.price)
    if (update.stock !== undefined) {
      const target = stockTarget(variant, input.stock_location_id)
      if (target.kind === "item") {
        changes.stock = { inventory_item_id: target.inventory_item_id, location_id: target.location_id, sellable: update.stock }
      } else if (!(target.kind === "untracked" && update.stock === UNTRACKED_STOCK)) {
        throw new MedusaError(
          MedusaError.Types.CONFLICT,
          target.kind === "untracked"
            ? 'Medusa does not track this variant\'s stock; turn on "Manage inventory" in Medusa Admin to set it.'
            : "This variant's stock is made of several inventory items (Medusa Admin); set it there."
        )
      }
    }
    return new StepResponse(changes)
  }
)
