import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import type { VariantInventoryRow } from "../utils/sellable-stock"

/** Stocks new variants' inventory items (Medusa created them with the variants) at the warehouse: `stocks[i]` for `variant_ids[i]`. */
export const stockNewVariantsStep = createStep(
  "stock-new-variants",
  async (input: { variant_ids: string[]; stocks: number[]; location_id: string }, { container }) => {
    if (!input.variant_ids.length) return new StepResponse([] as string[], [] as string[])
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "product_variant",
      fields: ["id", "inventory_items.inventory_item_id"],
      filters: { id: input.variant_ids },
    })
    const variants: VariantInventoryRow[] = data
    const itemOf = new Map(variants.map((v) => [v.id, v.inventory_items?.[0]?.inventory_item_id]))
    const levels = input.variant_ids
      .map((id, i) => ({ inventory_item_id: itemOf.get(id), location_id: input.location_id, stocked_quantity: input.stocks[i] }))
      .filter((level): level is { inventory_item_id: string; location_id: string; stocked_quantity: number } => !!level.inventory_item_id)
    if (!levels.length) return new StepResponse([] as string[], [] as string[])
    const created = await container.resolve(Modules.INVENTORY).createInventoryLevels(levels)
    const ids = created.map((level) => level.id)
    return new StepResponse(ids, ids)
  },
  async (ids, { container }) => {
    if (ids?.length) await container.resolve(Modules.INVENTORY).deleteInventoryLevels(ids)
  }
)
