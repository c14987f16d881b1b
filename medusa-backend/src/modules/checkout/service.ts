import { MedusaService } from "@medusajs/framework/utils"

import { CheckoutOrder } from "./models/checkout-order"

/**
 * The legacy /api's order records (see the model): reserved before the order is
 * created, told the cart that becomes the order, marked placed once linked.
 */
export default class CheckoutModuleService extends MedusaService({ CheckoutOrder }) {
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
}
