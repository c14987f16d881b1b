import { model } from "@medusajs/framework/utils"

/**
 * An order placed through the legacy `POST /api/orders/`, linked to Medusa's
 * order: the Idempotency-Key that makes a retried submission return the same
 * order instead of a new one, and the shipping address exactly as the legacy
 * client sent it (one string). Everything else (number, email, phone, lines,
 * payment) lives on Medusa's order.
 */
export const CheckoutOrder = model.define("checkout_order", {
  id: model.id({ prefix: "chko" }).primaryKey(),
  idempotency_key: model.text().unique().nullable(),
  /** Fingerprint of the request, to refuse an idempotency key reused for a different order. */
  request_hash: model.text(),
  /** The shipping address exactly as the customer sent it (the legacy API's single string). */
  shipping_address: model.text(),
})
