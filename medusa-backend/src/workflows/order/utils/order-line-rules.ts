/**
 * The rules every line of a cart or an order obeys, on every way lines enter one (the hooks in
 * src/workflows/hooks): the caps against hoarding (order-caps.ts) and no controlled substance
 * online (controlled-substances.ts). One read of the lines' products serves both.
 */
import type { MedusaContainer } from "@medusajs/framework/types"

import { assertNoControlledSubstances } from "./controlled-substances"
import { assertWithinOrderCaps, type LineQuantity, readLineProducts } from "./order-caps"

export async function assertOrderLineRules(container: MedusaContainer, lines: (LineQuantity | null | undefined)[]) {
  const products = await readLineProducts(container, lines)
  assertNoControlledSubstances(lines, products)
  await assertWithinOrderCaps(container, lines, undefined, products)
}
