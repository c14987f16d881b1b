import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"

import { backendConfig } from "../../../../lib/config"
import { RATE_LIMIT_MODULE } from "../../../../modules/rate-limit"
import type RateLimitModuleService from "../../../../modules/rate-limit/service"
import type { MfaSignInInput } from "../../../../shared/schemas/token"
import { SIGN_IN_AGAIN } from "../../../../shared/staff-security"
import { ApiError } from "../../../utils/api-errors"
import {
  credentialFingerprint,
  InvalidTokenError,
  MFA_PENDING_SECONDS,
  readPendingMfaSignIn,
  startStaffSession,
} from "../../../utils/api-tokens"
import { clientAddress } from "../../../utils/client-address"
import {
  beginSignInAttempt,
  KNOWN_DEVICE_HEADER,
  knownDeviceOf,
  settleSignInAttempt,
  tooManySignInsMessage,
} from "../../../utils/login-throttle"
import { checkStaffTotp } from "../../../utils/staff-sign-in"

/** Wrong codes one sign-in may try before its password must be entered again. */
const CODES_PER_SIGN_IN = 5

const startAgain = (why: string) => new ApiError(401, `${why}. ${SIGN_IN_AGAIN}`)

/**
 * POST /api/token/mfa/: {mfa_token, code} -> {access, refresh}: the second step of a sign-in
 * with two-step sign-in (decision 0044). `mfa_token` comes from POST /api/token/ (valid 5
 * minutes), `code` from the staff member's authenticator app. Each code is a sign-in attempt for
 * the limits of POST /api/token/ (per client, per account); one sign-in may try 5 codes.
 * The session it opens is marked as verified with a second factor.
 */
export async function POST(req: MedusaRequest<MfaSignInInput>, res: MedusaResponse) {
  const { mfa_token, code } = req.validatedBody
  let pending: ReturnType<typeof readPendingMfaSignIn>
  try {
    pending = readPendingMfaSignIn(req.scope, mfa_token)
  } catch (error) {
    if (error instanceof InvalidTokenError) throw startAgain(error.message)
    throw error
  }
  const gate = await beginSignInAttempt(req.scope, { client: clientAddress(req), account: pending.email, device: knownDeviceOf(req) })
  if (!gate.allowed) {
    throw new ApiError(429, tooManySignInsMessage(gate.waitSeconds), undefined, { "Retry-After": String(gate.waitSeconds) })
  }
  const tries = await req.scope
    .resolve<RateLimitModuleService>(RATE_LIMIT_MODULE)
    .hit(`sign-in:mfa:${pending.id}`, Math.max(MFA_PENDING_SECONDS, backendConfig().signInLimits.windowSeconds))
  if (tries.count > CODES_PER_SIGN_IN) {
    await settleSignInAttempt(req.scope, gate.ticket, "failed")
    throw startAgain("Too many wrong codes for this sign-in")
  }
  if (!(await checkStaffTotp(req.scope, pending.auth_identity_id, code))) {
    await settleSignInAttempt(req.scope, gate.ticket, "failed")
    throw new ApiError(401, "That code is not right. Enter the current 6-digit code from your authenticator app.", {
      code: "That code is not right.",
    })
  }
  // Between the two steps the user may have been removed or their password changed.
  const [user] = await req.scope.resolve(Modules.USER).listUsers({ id: pending.user_id }, { select: ["id", "email"] })
  if (!user || (await credentialFingerprint(req.scope, pending.provider_identity_id)) !== pending.credential_fingerprint) {
    await settleSignInAttempt(req.scope, gate.ticket, "failed")
    throw startAgain("This sign-in is no longer valid")
  }
  const marker = await settleSignInAttempt(req.scope, gate.ticket, "completed")
  if (marker) res.setHeader(KNOWN_DEVICE_HEADER, marker)
  res.setHeader("Cache-Control", "no-store")
  res.json(
    await startStaffSession(
      req.scope,
      { user_id: user.id, email: user.email, provider_identity_id: pending.provider_identity_id },
      { mfaVerified: true }
    )
  )
}
