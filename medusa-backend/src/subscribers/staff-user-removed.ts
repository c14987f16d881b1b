import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"

import { STAFF_SESSION_MODULE } from "../modules/staff-session"
import type StaffSessionModuleService from "../modules/staff-session/service"

/**
 * A staff user removed in Medusa Admin: their `/api` sessions end. Every token use also checks
 * that the user exists (src/api/utils/api-tokens.ts); this records why the sessions ended.
 */
export default async function staffUserRemovedHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  await container.resolve<StaffSessionModuleService>(STAFF_SESSION_MODULE).endSessions({ user_id: event.data.id }, "user removed")
}

export const config: SubscriberConfig = { event: "user.deleted" }
