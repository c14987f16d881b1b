/**
 * Controlled substances (a product with `metadata.controlled_schedule`, Schedule II to V) are not
 * sold online unless CONTROLLED_SUBSTANCES_ONLINE is on, which production allows only with the
 * pharmacy's DEA registration (Ryan Haight Act; issue 25). Checked on every way a line enters a
 * cart or an order (src/workflows/hooks), so the Store API, our /api, Medusa Admin's draft orders
 * and plugins are all refused the same way.
 */
import { MedusaError } from "@medusajs/framework/utils"

import { backendConfig } from "../../../lib/config"
import type { LineProduct, LineQuantity } from "./order-caps"

/** The sentence a refused line gets: what it is and what to do instead. */
export const controlledSubstanceMessage = (title: string | null) =>
  `${title ?? "This product"} is a controlled substance and cannot be ordered online. Call the pharmacy to order it.`

/** Refuses (not_allowed, 400) the first line whose product is a controlled substance, unless online ordering is on. */
export function assertNoControlledSubstances(
  lines: (LineQuantity | null | undefined)[],
  products: Map<string, LineProduct>,
  online = backendConfig().controlledSubstances.online
) {
  if (online) return
  for (const line of lines) {
    const product = line?.variant_id ? products.get(line.variant_id) : undefined
    if (product?.controlled_schedule) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, controlledSubstanceMessage(product.title))
  }
}
