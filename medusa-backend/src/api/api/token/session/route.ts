import type { MedusaResponse } from "@medusajs/framework/http"
import type { StaffRequest } from "../../../utils/api-request"

/**
 * GET /api/token/session/ (staff): who the access token belongs to, while its session is open.
 * The staff area asks on every page, so a session ended elsewhere (logout, password change,
 * user removed) ends there at once.
 */
export async function GET(req: StaffRequest, res: MedusaResponse) {
  res.setHeader("Cache-Control", "no-store")
  res.json({ user_id: req.staff!.user_id, email: req.staff!.email })
}
