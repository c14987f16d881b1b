import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { invalidateCatalog } from "../lib/catalog/catalog"

const STOCK_EVENTS = new Set([
  "inventory-level.created",
  "inventory-level.updated",
  "inventory-level.deleted",
  "reservation-item.created",
  "reservation-item.updated",
  "reservation-item.deleted",
  "order.placed",
  "order.canceled",
  "order.fulfillment_created",
  "order.fulfillment_canceled",
  "order.return_received",
])

/**
 * The catalogue cache (src/lib/catalog/catalog.ts) is dropped by Medusa's auto-invalidation as soon as
 * any process emits an entity event. This subscriber is the second line for the events whose
 * names do not carry the entity the cache is tagged with (order.placed, links, ...): it runs
 * once per event (in the worker when there is one) and clears the shared cache for every process.
 */
export default async function catalogCacheHandler({ event, container }: SubscriberArgs<unknown>) {
  await invalidateCatalog(container, STOCK_EVENTS.has(event.name) ? "stock" : "all")
}

export const config: SubscriberConfig = {
  event: [
    "product.created",
    "product.updated",
    "product.deleted",
    "product-variant.created",
    "product-variant.updated",
    "product-variant.deleted",
    "product-option-value.updated",
    "product-option-value.deleted",
    "product-category.created",
    "product-category.updated",
    "product-category.deleted",
    "inventory-item.created",
    "inventory-item.updated",
    "inventory-item.deleted",
    "sales-channel.updated",
    ...STOCK_EVENTS,
  ],
}
