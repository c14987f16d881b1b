import type { MedusaResponse } from "@medusajs/framework/http"

import type { StaffRequest } from "../../../utils/api-request"

/**
 * GET /api/token/session/ (staff): who the access token belongs to, while its session is open,
 * and whether the session was verified with a second factor (decision 0044). The staff area
 * asks on every page, so a session ended elsewhere (logout, password change, user removed)
 * ends there at once.
 */
export async function GET(req: StaffRequest, res: MedusaResponse) {
  res.setHeader("Cache-Control", "no-store")
  res.json({ user_id: req.staff!.user_id, email: req.staff!.email, mfa_verified: req.staff!.mfa_verified === true })
}
