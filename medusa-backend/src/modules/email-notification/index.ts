import { ModuleProvider, Modules } from "@medusajs/framework/utils"

import { EmailNotificationProvider } from "./service"

export default ModuleProvider(Modules.NOTIFICATION, { services: [EmailNotificationProvider] })
