import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { type DisplayTotals, displayTotals, type MedusaTotals, toCents } from "../../../shared/order-totals"

export type CartForTotals = MedusaTotals & {
  items?: ({ variant_id: string | null; unit_price: unknown; product_title?: string | null; variant_title?: string | null } | null)[]
}

export type ExpectedTotals = {
  discount_code?: string
  /** What the client computed (legacy `total_price`): refused when it is off by more than a cent. */
  total?: number
  /** What the client showed per unit (legacy item `price`), by variant. */
  unit_prices?: Record<string, number>
}

/**
 * The server's totals are the only ones that count. A discount code that
 * gives no discount is invalid; a client total or price that disagrees with
 * the server by more than one cent is refused, never trusted.
 */
export const checkExpectedTotalsStep = createStep(
  "check-expected-totals",
  async (input: { cart: CartForTotals; expected: ExpectedTotals }) => {
    const totals: DisplayTotals = displayTotals(input.cart)
    const { expected } = input
    if (expected.discount_code && totals.discount <= 0) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid discount code")
    }
    for (const item of input.cart.items ?? []) {
      if (!item?.variant_id) continue
      const shown = expected.unit_prices?.[item.variant_id]
      if (shown !== undefined && Math.abs(toCents(shown) - toCents(item.unit_price)) > 1) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `The price of ${item.product_title} (${item.variant_title}) is ${(toCents(item.unit_price) / 100).toFixed(2)}, not ${Number(shown).toFixed(2)}`
        )
      }
    }
    if (expected.total !== undefined && Math.abs(toCents(expected.total) - toCents(totals.total)) > 1) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `total_price ${Number(expected.total).toFixed(2)} does not match the order total ${totals.total.toFixed(2)}`
      )
    }
    return new StepResponse(totals)
  }
)
