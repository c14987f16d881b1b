import { MedusaService } from "@medusajs/framework/utils"
import { CheckoutOrder } from "./models/checkout-order"

export default class CheckoutModuleService extends MedusaService({ CheckoutOrder }) {
  async retrieveByIdempotencyKey(key: string) {
    const [found] = await this.listCheckoutOrders({ idempotency_key: key })
    return found ?? null
  }
}
