/** How much of a variant can still be sold, from Medusa's inventory levels. */

export type VariantStockRow = {
  manage_inventory?: boolean | null
  allow_backorder?: boolean | null
  inventory_items?:
    | ({
        required_quantity?: number | null
        inventory?: { location_levels?: ({ stocked_quantity?: number | null; reserved_quantity?: number | null } | null)[] | null } | null
      } | null)[]
    | null
}

/** The fields `sellableQuantity` reads, relative to a variant. */
export const VARIANT_STOCK_FIELDS = [
  "manage_inventory",
  "allow_backorder",
  "inventory_items.required_quantity",
  "inventory_items.inventory.location_levels.stocked_quantity",
  "inventory_items.inventory.location_levels.reserved_quantity",
]

/**
 * The one rule of sellable stock: of each inventory item a variant draws on, the
 * units available (stocked minus reserved, over every location) divided by the
 * units one sale takes; the least of these, never below 0 (0 without items).
 * Infinity when Medusa does not track the variant's stock. The catalogue read
 * model (./catalog.ts) and the order checks (src/workflows/order/utils/stock.ts) use it.
 */
export function sellableUnits(tracked: boolean, items: { available: number; required: number }[]): number {
  if (!tracked) return Number.POSITIVE_INFINITY
  const perItem = items.map((item) => Math.floor(item.available / item.required))
  return perItem.length ? Math.max(0, Math.min(...perItem)) : 0
}

/** Medusa tracks the variant's stock: managed, and no backorders. */
export const isStockTracked = (variant: { manage_inventory?: boolean | null; allow_backorder?: boolean | null }) =>
  Boolean(variant.manage_inventory) && !variant.allow_backorder

/** Units one sale of the variant takes of an inventory item (at least 1). */
export const requiredUnits = (requiredQuantity: unknown) => Math.max(1, Number(requiredQuantity ?? 1))

type InventoryLink = NonNullable<VariantStockRow["inventory_items"]>[number]

/** Units of an inventory item not reserved: stocked minus reserved over every location. */
export const availableUnits = (link: InventoryLink) =>
  (link?.inventory?.location_levels ?? []).reduce((sum, l) => sum + Number(l?.stocked_quantity ?? 0) - Number(l?.reserved_quantity ?? 0), 0)

/** Stocked minus reserved over every location, from the variant's own levels (VARIANT_STOCK_FIELDS). */
export function sellableQuantity(variant: VariantStockRow): number {
  return sellableUnits(
    isStockTracked(variant),
    (variant.inventory_items ?? []).map((link) => ({ available: availableUnits(link), required: requiredUnits(link?.required_quantity) }))
  )
}
