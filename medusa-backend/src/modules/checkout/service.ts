import { MedusaService } from "@medusajs/framework/utils"

import { CheckoutOrder } from "./models/checkout-order"
import { StockHold } from "./models/stock-hold"

/**
 * The legacy /api's order records (see the model): reserved before the order is
 * created, told the cart that becomes the order, marked placed once linked. And the
 * stock held for orders being placed (decision 0065).
 */
export default class CheckoutModuleService extends MedusaService({ CheckoutOrder, StockHold }) {
  async retrieveByIdempotencyKey(key: string) {
    const [found] = await this.listCheckoutOrders({ idempotency_key: key })
    return found ?? null
  }

  /**
   * Reserves a submission before anything is created: a `pending` row with its key
   * (unique: a concurrent twin of the same key fails here) and request fingerprint.
   */
  async reserve(input: { idempotency_key: string | null; request_hash: string; shipping_address: string }) {
    return await this.createCheckoutOrders({ ...input, status: "pending" as const, cart_id: null })
  }

  /** The cart that becomes this submission's order, recorded before the cart is completed. */
  async recordCart(id: string, cartId: string) {
    await this.updateCheckoutOrders({ id, cart_id: cartId })
  }

  async markPlaced(id: string) {
    await this.updateCheckoutOrders({ id, status: "placed" as const })
  }

  /** Reservations still pending that were made before `before`, oldest first. */
  async listPendingBefore(before: Date, page: { skip?: number; take?: number } = {}) {
    return await this.listCheckoutOrders(
      { status: "pending", created_at: { $lt: before } },
      { order: { created_at: "ASC" }, skip: page.skip ?? 0, take: page.take ?? 100 }
    )
  }

  /** Units of each of these inventory items held, not yet expired, by orders other than `owner`. */
  async heldByOthers(inventoryItemIds: string[], owner: string): Promise<Map<string, number>> {
    const held = new Map<string, number>()
    if (!inventoryItemIds.length) return held
    const holds = await this.listStockHolds(
      { inventory_item_id: inventoryItemIds, expires_at: { $gt: new Date() } },
      { select: ["owner", "inventory_item_id", "quantity"] }
    )
    for (const hold of holds) {
      if (hold.owner !== owner) held.set(hold.inventory_item_id, (held.get(hold.inventory_item_id) ?? 0) + Number(hold.quantity))
    }
    return held
  }

  /** Sets units aside for `owner` until `expiresAt` (or until released). */
  async holdStock(owner: string, items: { inventory_item_id: string; quantity: number }[], expiresAt: Date) {
    if (items.length) await this.createStockHolds(items.map((item) => ({ ...item, owner, expires_at: expiresAt })))
  }

  /** Gives back everything `owner` holds (and nothing else). */
  async releaseStockHolds(owner: string) {
    await this.deleteStockHolds({ owner })
  }
}
