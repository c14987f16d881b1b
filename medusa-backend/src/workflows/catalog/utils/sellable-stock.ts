/** Stock in the legacy sense: `stock` is what can still be sold (stocked minus reserved). */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

export type SellableStockInput = { inventory_item_id: string; location_id: string; sellable: number }
export type SellableStockUndo = SellableStockInput & { stocked: number; created_level_id: string | null; previous: number | null }

/** A variant's inventory item links, as `query.graph` reads them. */
export type VariantInventoryRow = { id: string; inventory_items?: ({ inventory_item_id: string } | null)[] | null }

/** Sets the level so that stocked - reserved = `sellable`, under the inventory item's lock; answers how to undo it. */
export async function setSellable(container: MedusaContainer, input: SellableStockInput): Promise<SellableStockUndo> {
  const inventory = container.resolve(Modules.INVENTORY)
  return await container.resolve(Modules.LOCKING).execute(input.inventory_item_id, async () => {
    const [level] = await inventory.listInventoryLevels({ inventory_item_id: input.inventory_item_id, location_id: input.location_id })
    if (!level) {
      const created = await inventory.createInventoryLevels([
        { inventory_item_id: input.inventory_item_id, location_id: input.location_id, stocked_quantity: input.sellable },
      ])
      return { ...input, stocked: input.sellable, created_level_id: created[0].id, previous: null }
    }
    const stocked = input.sellable + Number(level.reserved_quantity ?? 0)
    await inventory.updateInventoryLevels([
      { inventory_item_id: input.inventory_item_id, location_id: input.location_id, stocked_quantity: stocked },
    ])
    return { ...input, stocked, created_level_id: null, previous: Number(level.stocked_quantity) }
  })
}

export async function undoSellable(container: MedusaContainer, done: SellableStockUndo[]) {
  const inventory = container.resolve(Modules.INVENTORY)
  const created = done.flatMap((undo) => (undo.created_level_id ? [undo.created_level_id] : []))
  if (created.length) await inventory.deleteInventoryLevels(created)
  const previous = done.filter((undo) => !undo.created_level_id && undo.previous !== null)
  if (previous.length) {
    await inventory.updateInventoryLevels(
      previous.map((undo) => ({
        inventory_item_id: undo.inventory_item_id,
        location_id: undo.location_id,
        stocked_quantity: undo.previous!,
      }))
    )
  }
}
