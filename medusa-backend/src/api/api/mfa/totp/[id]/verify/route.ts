import type { MedusaResponse } from "@medusajs/framework/http"

import type { StaffRequest } from "../../../../../utils/api-request"
import { confirmTotpEnrolment } from "../../../../../utils/staff-mfa"

/**
 * POST /api/mfa/totp/{factor_id}/verify/ (staff): {code} -> {enabled: true}. The first code
 * from the authenticator app turns two-step sign-in on, and this session counts as verified
 * with it. 400 for a wrong code (try the next one), 404 for a setup that is not the caller's.
 */
export async function POST(req: StaffRequest & { validatedBody: { code: string } }, res: MedusaResponse) {
  res.setHeader("Cache-Control", "no-store")
  res.json(await confirmTotpEnrolment(req.scope, req.staff!, req.params.id, req.validatedBody.code))
}
