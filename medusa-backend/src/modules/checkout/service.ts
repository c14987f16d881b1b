import crypto from "node:crypto"
import { MedusaService } from "@medusajs/framework/utils"
import { CheckoutOrder } from "./models/checkout-order"

// Crockford-style alphabet without look-alikes (no I, L, O, U, 0, 1): easy to read out on the phone.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"

/** A random customer-facing order number: "HH-" and 8 characters (~6.6e11 possibilities). */
export function newPublicOrderId(): string {
  const bytes = crypto.randomBytes(8)
  const chars = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("")
  return `HH-${chars.slice(0, 4)}-${chars.slice(4)}`
}

export default class CheckoutModuleService extends MedusaService({ CheckoutOrder }) {
  async retrieveByIdempotencyKey(key: string) {
    const [found] = await this.listCheckoutOrders({ idempotency_key: key })
    return found ?? null
  }

  async retrieveByPublicId(publicId: string) {
    const [found] = await this.listCheckoutOrders({ public_id: publicId.trim().toUpperCase() })
    return found ?? null
  }
}
