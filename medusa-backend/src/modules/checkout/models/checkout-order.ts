import { model } from "@medusajs/framework/utils"

/**
 * An order placed through the legacy `POST /api/orders/`, linked to Medusa's
 * order: the Idempotency-Key that makes a retried submission return the same
 * order instead of a new one, and the shipping address exactly as the legacy
 * client sent it (one string). Everything else (number, email, phone, lines,
 * payment) lives on Medusa's order.
 *
 * The row is written BEFORE the order (a reservation, `pending`), with the cart
 * that becomes the order as soon as it exists, and linked to the order (`placed`)
 * after: a retry or the recovery job (src/jobs/recover-interrupted-orders.ts)
 * finds the order of an attempt that was interrupted in between through its
 * cart, so a key never makes two orders (decision 0047).
 */
export const CheckoutOrder = model
  .define("checkout_order", {
    id: model.id({ prefix: "chko" }).primaryKey(),
    idempotency_key: model.text().unique().nullable(),
    /** Fingerprint of the request, to refuse an idempotency key reused for a different order. */
    request_hash: model.text(),
    /** The shipping address exactly as the customer sent it (the legacy API's single string). */
    shipping_address: model.text(),
    /** `pending` from the reservation until the order is linked, then `placed`. */
    status: model.enum(["pending", "placed"]).default("pending"),
    /** The Medusa cart completed into the order; recorded before completion. */
    cart_id: model.text().nullable(),
  })
  .indexes([{ on: ["status", "created_at"] }])
