import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import type { VariantInventoryRow } from "../utils/sellable-stock"

/** Stocks a new variant's inventory item (Medusa created it with the variant) at the warehouse. */
export const stockNewVariantStep = createStep(
  "stock-new-variant",
  async (input: { variant_id: string; location_id: string; stock: number }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "product_variant",
      fields: ["inventory_items.inventory_item_id"],
      filters: { id: input.variant_id },
    })
    const variant: VariantInventoryRow | undefined = data[0]
    const inventoryItemId = variant?.inventory_items?.[0]?.inventory_item_id
    if (!inventoryItemId) return new StepResponse(null, null as string | null)
    const [level] = await container
      .resolve(Modules.INVENTORY)
      .createInventoryLevels([{ inventory_item_id: inventoryItemId, location_id: input.location_id, stocked_quantity: input.stock }])
    return new StepResponse(level.id, level.id as string | null)
  },
  async (levelId, { container }) => {
    if (levelId) await container.resolve(Modules.INVENTORY).deleteInventoryLevels([levelId])
  }
)
