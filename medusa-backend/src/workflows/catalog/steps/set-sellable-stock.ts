import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { type SellableStockInput, type SellableStockUndo, setSellable, undoSellable } from "../utils/sellable-stock"

/**
 * Sets an inventory level so that stocked - reserved = `sellable`. Runs under
 * the same lock (the inventory item id) Medusa takes when it reserves stock
 * for an order, so no reservation slips in between reading and writing.
 */
export const setSellableStockStep = createStep(
  "set-sellable-stock",
  async (input: SellableStockInput, { container }) => {
    const undo = await setSellable(container, input)
    return new StepResponse({ stocked_quantity: undo.stocked }, undo)
  },
  async (undo: SellableStockUndo | undefined, { container }) => {
    if (undo) await undoSellable(container, [undo])
  }
)
