import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import type { TokenInput } from "../../../shared/schemas/token"
import { ApiError } from "../../utils/api-errors"
import { signPendingMfaSignIn, startStaffSession } from "../../utils/api-tokens"
import { clientAddress } from "../../utils/client-address"
import {
  beginSignInAttempt,
  KNOWN_DEVICE_HEADER,
  knownDeviceOf,
  settleSignInAttempt,
  tooManySignInsMessage,
} from "../../utils/login-throttle"
import { signInStaff } from "../../utils/staff-sign-in"

/**
 * POST /api/token/: {username (staff email), password} -> {access, refresh}, the tokens of a
 * new staff session. For an account with two-step sign-in (decision 0044) the password opens
 * nothing yet: the answer is {mfa_required: true, mfa_token, methods: ["totp"]}, and
 * POST /api/token/mfa/ with that token and a code from the authenticator app gives the tokens.
 *
 * Counted before the password is checked (login-throttle.ts): over the limits, 429 with
 * Retry-After. A completed sign-in answers a known-device marker in X-Known-Device; sending it
 * back with later sign-ins keeps this client signing in while strangers hit the account's limit.
 */
export async function POST(req: MedusaRequest<TokenInput>, res: MedusaResponse) {
  const { username, password } = req.validatedBody
  const gate = await beginSignInAttempt(req.scope, { client: clientAddress(req), account: username, device: knownDeviceOf(req) })
  if (!gate.allowed) {
    throw new ApiError(429, tooManySignInsMessage(gate.waitSeconds), undefined, { "Retry-After": String(gate.waitSeconds) })
  }
  const result = await signInStaff(req.scope, username, password)
  if (!result.ok) {
    await settleSignInAttempt(req.scope, gate.ticket, "failed")
    throw new ApiError(401, "No active account found with the given credentials.")
  }
  if (result.mfaRequired) {
    await settleSignInAttempt(req.scope, gate.ticket, "passed")
    res.setHeader("Cache-Control", "no-store")
    res.json({ mfa_required: true, mfa_token: await signPendingMfaSignIn(req.scope, result.staff), methods: ["totp"] })
    return
  }
  const marker = await settleSignInAttempt(req.scope, gate.ticket, "completed")
  if (marker) res.setHeader(KNOWN_DEVICE_HEADER, marker)
  res.setHeader("Cache-Control", "no-store")
  res.json(await startStaffSession(req.scope, result.staff))
}
