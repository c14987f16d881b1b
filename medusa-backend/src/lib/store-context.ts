import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

import { STORE } from "../shared/store-constants"

/** The US region and the storefront's sales channel, looked up once per process. */
let storeContext: Promise<{ region_id: string; sales_channel_id: string }> | undefined
export function resolveStoreContext(container: MedusaContainer) {
  storeContext ??= (async () => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: regions } = await query.graph({ entity: "region", fields: ["id"], filters: { name: STORE.regionName } })
    const { data: channels } = await query.graph({ entity: "sales_channel", fields: ["id"], filters: { name: STORE.salesChannel } })
    if (!regions[0] || !channels[0]) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The store is not set up: run the seed")
    }
    return { region_id: regions[0].id, sales_channel_id: channels[0].id }
  })().catch((error) => {
    storeContext = undefined
    throw error
  })
  return storeContext
}
