import type { MedusaContainer } from "@medusajs/framework/types"

import { STAFF_SESSION_MODULE } from "../modules/staff-session"
import type StaffSessionModuleService from "../modules/staff-session/service"

/** Daily: forgets staff sessions that ended more than a day ago. */
export default async function deleteEndedStaffSessionsJob(container: MedusaContainer) {
  await container.resolve<StaffSessionModuleService>(STAFF_SESSION_MODULE).deleteEndedSessions()
}

export const config = { name: "delete-ended-staff-sessions", schedule: "27 3 * * *" }
