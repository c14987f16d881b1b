import type { MedusaResponse } from "@medusajs/framework/http"

import type { StaffRequest } from "../../../utils/api-request"
import { startTotpEnrolment } from "../../../utils/staff-mfa"

/**
 * POST /api/mfa/totp/ (staff): starts enrolling an authenticator app -> 201 {factor_id, secret,
 * otpauth_url}. The secret is shown once, to the staff member, and stored encrypted by Medusa;
 * the app is on once POST /api/mfa/totp/{factor_id}/verify/ gets its first code. 409 when an
 * app is already enabled.
 */
export async function POST(req: StaffRequest, res: MedusaResponse) {
  res.setHeader("Cache-Control", "no-store")
  res.status(201).json(await startTotpEnrolment(req.scope, req.staff!))
}
