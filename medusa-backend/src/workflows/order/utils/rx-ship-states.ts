/**
 * Prescription-only items ship only to the states the pharmacy serves (issue 25): the Store's
 * setting (src/shared/rx-ship-states.ts), read each time so a change in Medusa Admin holds for the
 * next order on every server. Checked where an order is made (cart completion, order creation),
 * not when a line is added (the address may not be known yet), and again before a fulfilment, so
 * a draft order or an address edited later does not ship there either.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

import { storeSettings } from "../../../lib/pharmacy-disclosures"
import { parseRxShipStates, RX_SHIP_STATES_KEY, rxShipStateRefusal, type RxShipStates, shipsRxTo } from "../../../shared/rx-ship-states"
import type { LineProduct, LineQuantity } from "./order-caps"

export async function readRxShipStates(container: MedusaContainer): Promise<RxShipStates> {
  const served = parseRxShipStates((await storeSettings(container))?.[RX_SHIP_STATES_KEY])
  if (!served.all && served.problem)
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`Prescription orders refused: ${served.problem}`)
  return served
}

/** Refuses (not_allowed, 400) prescription items going to this state unless it is served. */
export async function assertRxStateServed(container: MedusaContainer, province: string | null | undefined) {
  if (!shipsRxTo(await readRxShipStates(container), province)) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, rxShipStateRefusal(province))
  }
}

/** The same for lines: only when one of them has a prescription-only product. */
export async function assertRxShipsToState(
  container: MedusaContainer,
  province: string | null | undefined,
  lines: (LineQuantity | null | undefined)[],
  products: Map<string, LineProduct>
) {
  if (lines.some((line) => line?.variant_id && products.get(line.variant_id)?.prescription)) await assertRxStateServed(container, province)
}

/** The state an order ships to (its shipping address' province). */
export async function orderShippingProvince(container: MedusaContainer, orderId: string): Promise<string | null> {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "order", fields: ["id", "shipping_address.province"], filters: { id: orderId } })
  return (data[0] as { shipping_address?: { province?: string | null } | null } | undefined)?.shipping_address?.province ?? null
}
