import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { deleteInventoryItemWorkflow } from "@medusajs/medusa/core-flows"

import { DISCONTINUED_KEY } from "../workflows/catalog/steps/detach-reserved-inventory"

/**
 * The stock of a discontinued variant was kept for its open orders
 * (src/workflows/catalog/steps/detach-reserved-inventory.ts). When the last of
 * those orders is fulfilled or canceled (their reservations are deleted), the
 * inventory item goes too, so ops do not find orphans in Medusa Admin.
 */
export default async function discontinuedInventoryHandler({ event, container }: SubscriberArgs<{ id: string } | { id: string }[]>) {
  const ids = (Array.isArray(event.data) ? event.data : [event.data]).map((d) => d?.id).filter(Boolean)
  if (!ids.length) return
  const inventory = container.resolve(Modules.INVENTORY)
  const deleted = await inventory.listReservationItems({ id: ids }, { select: ["id", "inventory_item_id"], withDeleted: true, take: null })
  const itemIds = [...new Set(deleted.map((r) => r.inventory_item_id))]
  if (!itemIds.length) return
  const items = await inventory.listInventoryItems({ id: itemIds }, { select: ["id", "metadata"], take: null })
  const discontinued = items.filter((item) => item.metadata?.[DISCONTINUED_KEY]).map((item) => item.id)
  if (!discontinued.length) return
  const stillReserved = new Set(
    (await inventory.listReservationItems({ inventory_item_id: discontinued }, { select: ["inventory_item_id"], take: null })).map(
      (r) => r.inventory_item_id
    )
  )
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "inventory_item", fields: ["id", "variants.id"], filters: { id: discontinued } })
  const rows: { id: string; variants?: ({ id: string } | null)[] | null }[] = data
  const linked = new Set(rows.filter((item) => (item.variants ?? []).some(Boolean)).map((item) => item.id))
  const done = discontinued.filter((id) => !stillReserved.has(id) && !linked.has(id))
  if (done.length) await deleteInventoryItemWorkflow(container).run({ input: done })
}

export const config: SubscriberConfig = { event: "reservation-item.deleted" }
