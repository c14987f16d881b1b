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

/** Stocked minus reserved over every location; Infinity when Medusa does not manage the stock. */
export function sellableQuantity(variant: VariantStockRow): number {
  if (!variant.manage_inventory || variant.allow_backorder) return Number.POSITIVE_INFINITY
  const perItem = (variant.inventory_items ?? []).map((link) => {
    const levels = link?.inventory?.location_levels ?? []
    const available = levels.reduce((sum, l) => sum + Number(l?.stocked_quantity ?? 0) - Number(l?.reserved_quantity ?? 0), 0)
    return Math.floor(available / Math.max(1, Number(link?.required_quantity ?? 1)))
  })
  return perItem.length ? Math.max(0, Math.min(...perItem)) : 0
}
