import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

type Detached = { variant_id: string; inventory_item_id: string; required_quantity: number; metadata: Record<string, unknown> | null }

/** Marks an inventory item kept only for the open orders of a discontinued variant. */
export const DISCONTINUED_KEY = "discontinued_at"

/**
 * Discontinuing a product or variant that open orders still wait for: Medusa
 * deletes a deleted variant's inventory items, and refuses while any of them
 * holds a reservation. The reserved items are unlinked from the variants
 * first, so the deletion goes ahead and they stay, with their reservations,
 * until those orders are fulfilled or canceled (fulfilment and cancellation
 * find reservations by order line, not by variant). Then
 * src/subscribers/discontinued-inventory.ts deletes them.
 */
type InventoryLinkRow = { inventory_item_id: string; required_quantity?: number | null }
type VariantInventoryRow = { id: string; inventory_items?: (InventoryLinkRow | null)[] | null }

export const detachReservedInventoryStep = createStep(
  "detach-reserved-inventory",
  async (input: { variant_ids: string[] }, { container }) => {
    if (!input.variant_ids.length) return new StepResponse([] as Detached[], [] as Detached[])
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const inventory = container.resolve(Modules.INVENTORY)
    const { data } = await query.graph({
      entity: "product_variant",
      fields: ["id", "inventory_items.inventory_item_id", "inventory_items.required_quantity"],
      filters: { id: input.variant_ids },
    })
    const variants: VariantInventoryRow[] = data
    const links = variants.flatMap((variant) =>
      (variant.inventory_items ?? [])
        .filter((link): link is InventoryLinkRow => !!link)
        .map((link) => ({
          variant_id: variant.id,
          inventory_item_id: link.inventory_item_id,
          required_quantity: Number(link.required_quantity ?? 1),
        }))
    )
    if (!links.length) return new StepResponse([] as Detached[], [] as Detached[])
    const reservations = await inventory.listReservationItems(
      { inventory_item_id: [...new Set(links.map((l) => l.inventory_item_id))] },
      { select: ["id", "inventory_item_id"], take: null }
    )
    const reserved = new Set(reservations.map((r) => r.inventory_item_id))
    const toDetach = links.filter((l) => reserved.has(l.inventory_item_id))
    if (!toDetach.length) return new StepResponse([] as Detached[], [] as Detached[])

    const items = await inventory.listInventoryItems({ id: [...reserved] }, { select: ["id", "metadata"], take: null })
    const metadataOf = new Map(items.map((i) => [i.id, (i.metadata ?? null) as Record<string, unknown> | null]))
    const detached: Detached[] = toDetach.map((l) => ({ ...l, metadata: metadataOf.get(l.inventory_item_id) ?? null }))

    const link = container.resolve(ContainerRegistrationKeys.LINK)
    await link.dismiss(
      detached.map((d) => ({
        [Modules.PRODUCT]: { variant_id: d.variant_id },
        [Modules.INVENTORY]: { inventory_item_id: d.inventory_item_id },
      }))
    )
    const now = new Date().toISOString()
    await inventory.updateInventoryItems(
      [...new Set(detached.map((d) => d.inventory_item_id))].map((id) => ({
        id,
        metadata: { ...(metadataOf.get(id) ?? {}), [DISCONTINUED_KEY]: now },
      }))
    )
    return new StepResponse(detached, detached)
  },
  async (detached, { container }) => {
    if (!detached?.length) return
    const inventory = container.resolve(Modules.INVENTORY)
    await inventory.updateInventoryItems(
      [...new Map(detached.map((d) => [d.inventory_item_id, d.metadata])).entries()].map(([id, metadata]) => ({
        id,
        metadata: metadata ?? {},
      }))
    )
    await container.resolve(ContainerRegistrationKeys.LINK).create(
      detached.map((d) => ({
        [Modules.PRODUCT]: { variant_id: d.variant_id },
        [Modules.INVENTORY]: { inventory_item_id: d.inventory_item_id },
        data: { required_quantity: d.required_quantity },
      }))
    )
  }
)
