/**
 * A quote: what an order with these lines (and discount code) would cost,
 * computed by Medusa on a throw-away cart. The cart and checkout pages show
 * these numbers, so they always equal the order's.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { STORE } from "../../../shared/store-constants"
import { buildCartWorkflow, type BuildCartInput } from "./build-cart"
import { checkExpectedTotalsStep } from "../steps/check-expected-totals"
import { customerFacingError } from "../utils/customer-facing-error"
import { resolveStoreContext } from "../../../lib/store-context"
import { deleteCartStep } from "../steps/delete-cart"

export const quoteOrderWorkflow = createWorkflow("quote-order", (input: BuildCartInput) => {
  const built = buildCartWorkflow.runAsStep({ input })
  const totals = checkExpectedTotalsStep({
    cart: built.cart,
    expected: transform({ input }, ({ input }) => ({ discount_code: input.discount_code })),
  })
  deleteCartStep(transform({ built }, ({ built }) => ({ id: built.cart.id })))
  return new WorkflowResponse(
    transform({ built, totals }, ({ built, totals }) => ({
      totals,
      requires_prescription: built.requires_prescription,
      lines: (built.cart.items ?? []).map((item: any) => ({
        variant_id: item.variant_id,
        product_id: item.product_id,
        quantity: item.quantity,
        unit_price: Number(item.unit_price),
      })),
    }))
  )
})

export type QuoteInput = Omit<BuildCartInput, "region_id" | "sales_channel_id" | "address"> & {
  address?: BuildCartInput["address"]
}

/** Quotes an order for the store's region and channel, with customer-facing errors. */
export async function quoteOrder(container: MedusaContainer, input: QuoteInput) {
  const context = await resolveStoreContext(container)
  try {
    const { result } = await quoteOrderWorkflow(container).run({
      input: { ...context, address: { country_code: STORE.countryCode }, ...input },
    })
    return result
  } catch (error) {
    throw customerFacingError(error)
  }
}
