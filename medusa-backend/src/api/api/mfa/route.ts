import type { MedusaResponse } from "@medusajs/framework/http"

import type { StaffRequest } from "../../utils/api-request"
import { mfaStatus } from "../../utils/staff-mfa"

/**
 * GET /api/mfa/ (staff): {enabled, session_verified, pharmacist}: whether the staff member has
 * two-step sign-in, whether this session was verified with it, and whether they are a
 * pharmacist (who needs it to see prescription information). Decision 0044.
 */
export async function GET(req: StaffRequest, res: MedusaResponse) {
  res.setHeader("Cache-Control", "no-store")
  res.json(await mfaStatus(req.scope, req.staff!))
}
