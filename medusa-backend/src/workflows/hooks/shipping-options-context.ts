/**
 * Which shipping options Medusa offers a cart (issue 25, decision 0059): both of Medusa's listings
 * (the Store API's `GET /store/shipping-options`, and the one behind adding a shipping method and
 * refreshing the cart's methods) get the rule attribute `cold_chain_required`, "true" when a line is
 * refrigerated. The seeded options' rules read it: Cold chain only for such carts, Standard, 2-Day
 * and Next Day only for the others. So a refrigerated cart is offered cold chain alone, choosing
 * another is refused by Medusa itself, and a method chosen before a refrigerated item was added is
 * dropped by Medusa's refresh. Read from the products each time (no state kept).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { listShippingOptionsForCartWithPricingWorkflow, listShippingOptionsForCartWorkflow } from "@medusajs/medusa/core-flows"

import { COLD_CHAIN_RULE_ATTRIBUTE } from "../../shared/shipping-options"
import { needsColdChain } from "../order/utils/cold-chain"
import { type LineQuantity, readLineProducts } from "../order/utils/order-caps"

async function coldChainContext({ cart }: { cart: unknown }, { container }: { container: MedusaContainer }) {
  const lines = ((cart as { items?: (LineQuantity | null)[] | null }).items ?? []).filter(Boolean)
  const products = await readLineProducts(container, lines)
  return new StepResponse({ [COLD_CHAIN_RULE_ATTRIBUTE]: needsColdChain(lines, products) ? "true" : "false" })
}

listShippingOptionsForCartWorkflow.hooks.setShippingOptionsContext(coldChainContext)
listShippingOptionsForCartWithPricingWorkflow.hooks.setShippingOptionsContext(coldChainContext)
