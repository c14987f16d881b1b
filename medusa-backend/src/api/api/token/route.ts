import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { TokenInput } from "../../../shared/schemas/token"
import { startStaffSession } from "../../utils/api-tokens"
import { ApiError } from "../../utils/api-errors"
import { clientAddress } from "../../utils/client-address"
import { clearClientLoginFailures, loginBlockedFor, recordLoginFailure, tooManySignInsMessage } from "../../utils/login-throttle"
import { signInStaff } from "../../utils/staff-sign-in"

/**
 * POST /api/token/: {username (staff email), password} -> {access, refresh}, the tokens of a
 * new staff session. Repeated failures from one client, or against one account, are refused
 * with 429 for a while.
 */
export async function POST(req: MedusaRequest<TokenInput>, res: MedusaResponse) {
  const { username, password } = req.validatedBody
  const attempt = { client: clientAddress(req), account: username }
  const wait = await loginBlockedFor(req.scope, attempt)
  if (wait > 0) throw new ApiError(429, tooManySignInsMessage(wait), undefined, { "Retry-After": String(wait) })
  const result = await signInStaff(req.scope, username, password)
  if (!result.ok) {
    await recordLoginFailure(req.scope, attempt)
    throw new ApiError(
      401,
      result.reason === "mfa_required"
        ? "This account uses two-step sign-in; sign in through Medusa Admin instead."
        : "No active account found with the given credentials."
    )
  }
  await clearClientLoginFailures(req.scope, attempt)
  res.json(await startStaffSession(req.scope, result.staff))
}
