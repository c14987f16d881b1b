import { model } from "@medusajs/framework/utils"

/**
 * What each order line was when it entered the order (decision 0045): whether
 * its product was prescription-only at that moment. Written once per line,
 * by our code only (cart completion, the order events), never updated: the
 * fulfilment gate reads it, so a product flag changed later cannot release an
 * order. Kept when the line leaves the order (an order that ever had a
 * prescription line keeps needing an approved review).
 */
export const OrderPrescriptionLine = model
  .define("order_prescription_line", {
    id: model.id({ prefix: "rxline" }).primaryKey(),
    order_id: model.text(),
    /** Medusa's order line item id. */
    item_id: model.text(),
    product_id: model.text().nullable(),
    variant_id: model.text().nullable(),
    /** Prescription-only when recorded (a product that could not be found counts as prescription-only). */
    prescription: model.boolean(),
  })
  .indexes([{ on: ["order_id"] }, { on: ["item_id"], unique: true }])
