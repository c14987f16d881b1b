import { model } from "@medusajs/framework/utils"

/**
 * Units of an inventory item set aside for one order being placed (decision 0065): written under
 * the stock lock once the order's stock was found enough, counted by every other order's check
 * until Medusa has reserved this order's stock, then deleted. A server that dies mid-order leaves
 * its holds to expire.
 */
export const StockHold = model
  .define("stock_hold", {
    id: model.id({ prefix: "sthold" }).primaryKey(),
    /** The order attempt holding the units (one run of the cart completion workflow). */
    owner: model.text(),
    inventory_item_id: model.text(),
    quantity: model.number(),
    expires_at: model.dateTime(),
  })
  .indexes([{ on: ["owner"] }, { on: ["inventory_item_id", "expires_at"] }])
