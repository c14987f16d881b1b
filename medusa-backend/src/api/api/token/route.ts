import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { issueTokenPair } from "../../utils/api-tokens"
import { clearLoginFailures, loginBlockedFor, recordLoginFailure } from "../../utils/login-throttle"
import { signInStaff } from "../../utils/staff-sign-in"
import type { TokenInput } from "../../../shared/schemas/token"
import { ApiError } from "../../utils/api-errors"

/**
 * POST /api/token/: {username (staff email), password} -> {access, refresh}.
 * Repeated failures from one client, or against one account, are refused with 429 for a while.
 */
export async function POST(req: MedusaRequest<TokenInput>, res: MedusaResponse) {
  const { username, password } = req.validatedBody
  // Medusa trusts one proxy hop: behind a reverse proxy this is the visitor's address.
  const attempt = { client: req.ip || req.socket.remoteAddress || "unknown", account: username }
  const wait = await loginBlockedFor(req.scope, attempt)
  if (wait > 0) {
    throw new ApiError(429, `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`, undefined, {
      "Retry-After": String(wait),
    })
  }
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
  await clearLoginFailures(req.scope, attempt)
  res.json(issueTokenPair(req.scope, result.staff))
}
