import { model } from "@medusajs/framework/utils"

/**
 * An order placed through our checkout (the storefront or the legacy /api),
 * linked to Medusa's order: the number customers see, and the idempotency key
 * that makes a retried submission return the same order instead of a new one.
 */
export const CheckoutOrder = model.define("checkout_order", {
  id: model.id({ prefix: "chko" }).primaryKey(),
  /** Customer-facing order number, e.g. HH-7K3M-9Q2X: short, random, not sequential. */
  public_id: model.text().unique(),
  idempotency_key: model.text().unique().nullable(),
  /** Fingerprint of the request, to refuse an idempotency key reused for a different order. */
  request_hash: model.text(),
  payment_method: model.enum(["zelle", "cashapp", "applepay", "chime"]),
  phone: model.text(),
  /** The shipping address exactly as the customer sent it (the legacy API's single string). */
  shipping_address: model.text(),
})
