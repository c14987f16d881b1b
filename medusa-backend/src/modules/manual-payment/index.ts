import { ModuleProvider, Modules } from "@medusajs/framework/utils"

import { ApplePayPaymentProvider, CashAppPaymentProvider, ChimePaymentProvider, ZellePaymentProvider } from "./service"

export default ModuleProvider(Modules.PAYMENT, {
  services: [ZellePaymentProvider, CashAppPaymentProvider, ApplePayPaymentProvider, ChimePaymentProvider],
})
