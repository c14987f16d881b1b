import { ModuleProvider, Modules } from "@medusajs/framework/utils"

import { StandardShippingProvider } from "./service"

export default ModuleProvider(Modules.FULFILLMENT, { services: [StandardShippingProvider] })
