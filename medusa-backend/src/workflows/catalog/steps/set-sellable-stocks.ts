import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { type SellableStockInput, type SellableStockUndo, setSellable, undoSellable } from "../utils/sellable-stock"

/**
 * The stock of several variants at once (one save of a product's variant
 * list): each as setSellableStockStep does it, under its inventory item's
 * lock. If one fails, those already set are put back before the error goes on.
 */
export const setSellableStocksStep = createStep(
  "set-sellable-stocks",
  async (input: SellableStockInput[], { container }) => {
    const done: SellableStockUndo[] = []
    try {
      for (const item of input) done.push(await setSellable(container, item))
    } catch (error) {
      await undoSellable(container, done)
      throw error
    }
    return new StepResponse(undefined, done)
  },
  async (done: SellableStockUndo[] | undefined, { container }) => {
    if (done?.length) await undoSellable(container, done)
  }
)
