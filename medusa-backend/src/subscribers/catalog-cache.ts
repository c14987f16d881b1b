import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { invalidateCatalog } from "../lib/catalog"

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
 * Keeps the catalogue cache (src/lib/catalog.ts) honest when the catalogue or
 * stock changes outside our own routes: Medusa Admin edits, order flows.
 */
export default async function catalogCacheHandler({ event }: SubscriberArgs<unknown>) {
  invalidateCatalog(STOCK_EVENTS.has(event.name) ? "stock" : "all")
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
