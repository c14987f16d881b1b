/**
 * A refrigerated item ships only by cold chain (issue 25, decision 0059). Medusa lists only the
 * cold-chain option for a cart with a refrigerated item (hooks/shipping-options-context.ts), so a
 * shopper cannot choose another; this rule is the lock behind that door, on every way an order is
 * made or shipped (cart completion, order creation, fulfilment): an order with a refrigerated line
 * must carry a shipping method whose option is a cold-chain one (type code "cold-chain"). Fails
 * closed: a line whose product cannot be read counts as refrigerated, an option that cannot be read
 * as not cold chain.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

import { COLD_CHAIN_CODE, COLD_CHAIN_REQUIRED_MESSAGE } from "../../../shared/shipping-options"
import { type LineProduct, type LineQuantity, readLineProducts } from "./order-caps"

/** Whether one of these lines is refrigerated (a line of an unknown variant counts as one). */
export function needsColdChain(lines: (LineQuantity | null | undefined)[], products: Map<string, LineProduct>): boolean {
  return lines.some((line) => !!line?.variant_id && (products.get(line.variant_id)?.refrigerated ?? true))
}

/** The shipping option type code of each of these options (missing: an option that no longer exists). */
export async function shippingOptionCodes(container: MedusaContainer, optionIds: string[]): Promise<Map<string, string | null>> {
  const ids = [...new Set(optionIds.filter(Boolean))]
  if (!ids.length) return new Map()
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "shipping_option",
    fields: ["id", "type.code"],
    filters: { id: ids },
  })
  return new Map((data as { id: string; type?: { code?: string | null } | null }[]).map((row) => [row.id, row.type?.code ?? null]))
}

/** Refuses (not_allowed, 400) refrigerated lines without a cold-chain shipping method. */
export async function assertColdChainShipping(
  container: MedusaContainer,
  lines: (LineQuantity | null | undefined)[],
  products: Map<string, LineProduct>,
  shippingOptionIds: (string | null | undefined)[]
) {
  if (!needsColdChain(lines, products)) return
  const codes = await shippingOptionCodes(
    container,
    shippingOptionIds.filter((id): id is string => !!id)
  )
  if (![...codes.values()].includes(COLD_CHAIN_CODE)) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, COLD_CHAIN_REQUIRED_MESSAGE)
}

/** The same for an order as it is now (its lines' products as they are now): before a fulfilment. */
export async function assertOrderShipsColdChain(container: MedusaContainer, orderId: string) {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id", "items.variant_id", "shipping_methods.shipping_option_id"],
    filters: { id: orderId },
  })
  const order = data[0] as
    | {
        items?: ({ variant_id?: string | null } | null)[] | null
        shipping_methods?: ({ shipping_option_id?: string | null } | null)[] | null
      }
    | undefined
  const lines = order?.items ?? []
  const products = await readLineProducts(container, lines)
  await assertColdChainShipping(
    container,
    lines,
    products,
    (order?.shipping_methods ?? []).map((method) => method?.shipping_option_id)
  )
}
