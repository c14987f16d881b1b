import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/** Stock in the legacy sense: `stock` is what can still be sold (stocked minus reserved). */

export type SellableStockInput = { inventory_item_id: string; location_id: string; sellable: number }
type SellableStockUndo = SellableStockInput & { created_level_id: string | null; previous: number | null }

/**
 * Sets an inventory level so that stocked - reserved = `sellable`. Runs under
 * the same lock (the inventory item id) Medusa takes when it reserves stock
 * for an order, so no reservation slips in between reading and writing.
 */
export const setSellableStockStep = createStep(
  "set-sellable-stock",
  async (input: SellableStockInput, { container }) => {
    const inventory = container.resolve(Modules.INVENTORY)
    const locking = container.resolve(Modules.LOCKING)
    return await locking.execute(input.inventory_item_id, async () => {
      const [level] = await inventory.listInventoryLevels({
        inventory_item_id: input.inventory_item_id,
        location_id: input.location_id,
      })
      if (!level) {
        const created = await inventory.createInventoryLevels([
          { inventory_item_id: input.inventory_item_id, location_id: input.location_id, stocked_quantity: input.sellable },
        ])
        const undo: SellableStockUndo = { ...input, created_level_id: created[0].id, previous: null }
        return new StepResponse({ stocked_quantity: input.sellable }, undo)
      }
      const stocked = input.sellable + Number(level.reserved_quantity ?? 0)
      await inventory.updateInventoryLevels([
        { inventory_item_id: input.inventory_item_id, location_id: input.location_id, stocked_quantity: stocked },
      ])
      const undo: SellableStockUndo = { ...input, created_level_id: null, previous: Number(level.stocked_quantity) }
      return new StepResponse({ stocked_quantity: stocked }, undo)
    })
  },
  async (undo: SellableStockUndo | undefined, { container }) => {
    if (!undo) return
    const inventory = container.resolve(Modules.INVENTORY)
    if (undo.created_level_id) {
      await inventory.deleteInventoryLevels([undo.created_level_id])
    } else if (undo.previous !== null) {
      await inventory.updateInventoryLevels([
        { inventory_item_id: undo.inventory_item_id, location_id: undo.location_id, stocked_quantity: undo.previous },
      ])
    }
  }
)

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
    const inventoryItemId = (data[0] as any)?.inventory_items?.[0]?.inventory_item_id as string | undefined
    if (!inventoryItemId) return new StepResponse(null, null as string | null)
    const [level] = await container.resolve(Modules.INVENTORY).createInventoryLevels([
      { inventory_item_id: inventoryItemId, location_id: input.location_id, stocked_quantity: input.stock },
    ])
    return new StepResponse(level.id, level.id as string | null)
  },
  async (levelId, { container }) => {
    if (levelId) await container.resolve(Modules.INVENTORY).deleteInventoryLevels([levelId])
  }
)

