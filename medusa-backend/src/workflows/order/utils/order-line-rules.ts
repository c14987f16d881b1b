/**
 * The rules every line of a cart or an order obeys, on every way lines enter one (the hooks in
 * src/workflows/hooks): the caps against hoarding (order-caps.ts) and no controlled substance
 * online (controlled-substances.ts); where an order is made (`shipTo` given), prescription-only
 * items only to a state the pharmacy serves (rx-ship-states.ts) and, with the order's shipping
 * methods given, refrigerated items only by cold chain (cold-chain.ts). One read of the lines'
 * products serves all.
 */
import type { MedusaContainer } from "@medusajs/framework/types"

import { assertColdChainShipping } from "./cold-chain"
import { assertNoControlledSubstances } from "./controlled-substances"
import { assertWithinOrderCaps, type LineQuantity, readLineProducts } from "./order-caps"
import { assertRxShipsToState } from "./rx-ship-states"

export async function assertOrderLineRules(
  container: MedusaContainer,
  lines: (LineQuantity | null | undefined)[],
  shipTo?: { province?: string | null } | null,
  shippingOptionIds?: (string | null | undefined)[]
) {
  const products = await readLineProducts(container, lines)
  assertNoControlledSubstances(lines, products)
  await assertWithinOrderCaps(container, lines, undefined, products)
  if (shipTo !== undefined) await assertRxShipsToState(container, shipTo?.province, lines, products)
  if (shippingOptionIds !== undefined) await assertColdChainShipping(container, lines, products, shippingOptionIds)
}
