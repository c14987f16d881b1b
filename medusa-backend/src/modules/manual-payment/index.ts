import { ModuleProvider, Modules } from "@medusajs/framework/utils"

import { manualPaymentProviders } from "./service"

export default ModuleProvider(Modules.PAYMENT, { services: manualPaymentProviders })
