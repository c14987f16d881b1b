import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/** Stock in the legacy sense: `stock` is what can still be sold (stocked minus reserved). */

export type SellableStockInput = { inventory_item_id: string; location_id: string; sellable: number }
type SellableStockUndo = SellableStockInput & { stocked: number; created_level_id: string | null; previous: number | null }

/**
 * Sets an inventory level so that stocked - reserved = `sellable`. Runs under
 * the same lock (the inventory item id) Medusa takes when it reserves stock
 * for an order, so no reservation slips in between reading and writing.
 */
export const setSellableStockStep = createStep(
  "set-sellable-stock",
  async (input: SellableStockInput, { container }) => {
    const undo = await setSellable(container, input)
    return new StepResponse({ stocked_quantity: undo.stocked }, undo)
  },
  async (undo: SellableStockUndo | undefined, { container }) => {
    if (undo) await undoSellable(container, [undo])
  }
)

/** A variant's inventory item links, as `query.graph` reads them. */
type VariantInventoryRow = { id: string; inventory_items?: ({ inventory_item_id: string } | null)[] | null }

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

/**
 * The stock of several variants at once (one save of a product's variant
 * list): each as setSellableStockStep does it, under its inventory item's
 * lock. If one fails, those already set are put back before the error goes on.
 */
export const setSellableStocksStep = createStep(
  "set-sellable-stocks",
  async (input: SellableStockInput[], { container }) => {
    const done: SellableStockUndo[] = []
    try {
      for (const item of input) done.push(await setSellable(container, item))
    } catch (error) {
      await undoSellable(container, done)
      throw error
    }
    return new StepResponse(undefined, done)
  },
  async (done: SellableStockUndo[] | undefined, { container }) => {
    if (done?.length) await undoSellable(container, done)
  }
)

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

async function setSellable(container: MedusaContainer, input: SellableStockInput): Promise<SellableStockUndo> {
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

async function undoSellable(container: MedusaContainer, done: SellableStockUndo[]) {
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
