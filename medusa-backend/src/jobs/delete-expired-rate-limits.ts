import type { MedusaContainer } from "@medusajs/framework/types"

import { RATE_LIMIT_MODULE } from "../modules/rate-limit"
import type RateLimitModuleService from "../modules/rate-limit/service"

/** Daily: forgets rate-limit windows that ended, so the table holds only live counters. */
export default async function deleteExpiredRateLimitsJob(container: MedusaContainer) {
  await container.resolve<RateLimitModuleService>(RATE_LIMIT_MODULE).deleteExpired()
}

export const config = { name: "delete-expired-rate-limits", schedule: "17 3 * * *" }
