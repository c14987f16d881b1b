/**
 * Staff tokens of the legacy `/api` (spec §6, §7: POST /api/token/ answers
 * {access, refresh}; POST /api/token/refresh/ answers a new access token).
 * See docs/decisions/0006-staff-tokens-of-the-legacy-api.md.
 *
 * - Signed (HS256) with a key derived from Medusa's JWT_SECRET, so these
 *   tokens and Medusa's own admin tokens are never interchangeable.
 * - `token_use` tells access and refresh tokens apart: a refresh token is never
 *   accepted as an access token, nor the other way round.
 * - Lifetimes from API_ACCESS_TOKEN_TTL (default 15 minutes) and
 *   API_REFRESH_TOKEN_TTL (default 7 days): seconds, or "15m", "12h", "7d" (`tokenLifetimes`,
 *   src/lib/config.ts).
 * - Every token belongs to a staff session (`sid`, the staff-session module):
 *   logout ends it on the server, the refresh token rotates on every refresh
 *   and a reused one ends the session, and every use re-checks that the Medusa
 *   user still exists and that their password has not changed since sign-in.
 *   See docs/decisions/0042-trust-and-abuse-limits.md.
 * - A session records whether a second factor was checked for it (decision 0044): at sign-in
 *   through POST /api/token/mfa/ (whose `mfa_token` is signed here), or by enrolling an
 *   authenticator app in it. Pharmacists need such a session to read health information.
 */
import crypto from "node:crypto"

import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import jwt from "jsonwebtoken"

import { backendConfig } from "../../lib/config"
import { STAFF_SESSION_MODULE } from "../../modules/staff-session"
import type StaffSessionModuleService from "../../modules/staff-session/service"

export type TokenUse = "access" | "refresh"

export type StaffIdentity = {
  user_id: string
  email: string
  session_id?: string
  /** The session's password identity (emailpass), whose auth identity holds the staff member's factors. */
  provider_identity_id?: string
  /** The session was opened with a second factor, or one was enrolled in it (decision 0044). */
  mfa_verified?: boolean
}

/** What a token says about its session: its id, and for a refresh token which one it is. */
type SessionClaims = { session_id?: string; refresh_jti?: string }

/** What a staff member is told when their session was ended for them. */
const ENDED_BECAUSE: Record<string, string> = {
  "user removed": "This staff account no longer exists",
  "password changed": "The password was changed; please sign in again",
}

/** Seconds a just-replaced refresh token still works: two page loads refreshing at once. */
const ROTATION_GRACE_SECONDS = 30

const AUDIENCE = "pharmacy-legacy-api"
const ISSUER = "pharmacy-medusa-backend"
/** A key for one purpose: HMAC of Medusa's JWT secret with the purpose's name, never the secret itself. */
export function purposeKey(container: MedusaContainer, purpose: string): Buffer {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const secret = config.projectConfig.http.jwtSecret
  if (typeof secret !== "string" && !Buffer.isBuffer(secret)) throw new Error("JWT_SECRET is not set: the /api tokens cannot be signed")
  if (!secret.length) throw new Error("JWT_SECRET is not set: the /api tokens cannot be signed")
  return crypto.createHmac("sha256", secret).update(`pharmacy ${purpose}`).digest()
}

/** The signing key of access and refresh tokens. */
const signingKey = (container: MedusaContainer) => purposeKey(container, "legacy /api tokens v1")

/**
 * Signs a token. `ttlSeconds` overrides the configured lifetime (tests use it to make expired
 * tokens); a refresh token never outlives its session.
 */
export function signApiToken(
  container: MedusaContainer,
  staff: StaffIdentity & SessionClaims & { session_expires_at?: Date },
  use: TokenUse,
  ttlSeconds?: number
): string {
  const now = Math.floor(Date.now() / 1000)
  let exp = now + (ttlSeconds ?? backendConfig().tokenLifetimes[use])
  if (staff.session_expires_at) exp = Math.min(exp, Math.floor(staff.session_expires_at.getTime() / 1000))
  return jwt.sign(
    { token_use: use, email: staff.email, iat: now, exp, ...(staff.session_id ? { sid: staff.session_id } : {}) },
    signingKey(container),
    {
      algorithm: "HS256",
      audience: AUDIENCE,
      issuer: ISSUER,
      subject: staff.user_id,
      jwtid: use === "refresh" && staff.refresh_jti ? staff.refresh_jti : crypto.randomUUID(),
    }
  )
}

export class InvalidTokenError extends Error {}

const sessions = (container: MedusaContainer) => container.resolve<StaffSessionModuleService>(STAFF_SESSION_MODULE)

/**
 * The password as it is now, as an opaque fingerprint (an HMAC of the emailpass hash, which
 * changes with every password change, even to the same password). Null when the identity is gone.
 */
export async function credentialFingerprint(container: MedusaContainer, providerIdentityId: string): Promise<string | null> {
  const [identity] = await container
    .resolve(Modules.AUTH)
    .listProviderIdentities({ id: [providerIdentityId] }, { select: ["id", "provider_metadata"] })
  const hash = (identity?.provider_metadata as { password?: unknown } | undefined)?.password
  if (typeof hash !== "string") return null
  return crypto.createHmac("sha256", signingKey(container)).update(`credential:${hash}`).digest("base64url")
}

/** Signs a staff member in: a new session and its first token pair. `mfaVerified`: the second factor was checked. */
export async function startStaffSession(
  container: MedusaContainer,
  staff: StaffIdentity & { provider_identity_id: string },
  { mfaVerified = false }: { mfaVerified?: boolean } = {}
) {
  const fingerprint = await credentialFingerprint(container, staff.provider_identity_id)
  if (!fingerprint) throw new InvalidTokenError("This staff account cannot sign in here")
  const session = await sessions(container).openSession({
    user_id: staff.user_id,
    provider_identity_id: staff.provider_identity_id,
    credential_fingerprint: fingerprint,
    ttl_seconds: backendConfig().tokenLifetimes.refresh,
    mfa_verified: mfaVerified,
  })
  const claims = { ...staff, session_id: session.id, session_expires_at: session.expires_at }
  return {
    access: signApiToken(container, claims, "access"),
    refresh: signApiToken(container, { ...claims, refresh_jti: session.refresh_jti }, "refresh"),
  }
}

/** The claims of a token signed by us, of the expected use. */
function readToken(container: MedusaContainer, token: string, use: TokenUse, { ignoreExpiry = false } = {}): jwt.JwtPayload {
  let claims: jwt.JwtPayload
  try {
    const decoded = jwt.verify(token, signingKey(container), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      issuer: ISSUER,
      ignoreExpiration: ignoreExpiry,
    })
    if (typeof decoded === "string") throw new InvalidTokenError("Token is invalid")
    claims = decoded
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) throw new InvalidTokenError("Token has expired")
    throw new InvalidTokenError("Token is invalid")
  }
  if (claims.token_use !== use)
    throw new InvalidTokenError(use === "access" ? "Token is not an access token" : "Token is not a refresh token")
  if (!claims.sub || typeof claims.sid !== "string") throw new InvalidTokenError("Token is invalid")
  return claims
}

/** The user behind an open session, if they still exist and kept the password they signed in with. */
async function staffOfSession(
  container: MedusaContainer,
  session: { id: string; user_id: string; provider_identity_id: string; credential_fingerprint: string; mfa_verified_at: Date | null },
  userId: string
): Promise<StaffIdentity> {
  if (session.user_id !== userId) throw new InvalidTokenError("Token is invalid")
  const [user] = await container.resolve(Modules.USER).listUsers({ id: userId }, { select: ["id", "email"] })
  if (!user) {
    await sessions(container).endSessions({ user_id: userId }, "user removed")
    throw new InvalidTokenError(ENDED_BECAUSE["user removed"])
  }
  if ((await credentialFingerprint(container, session.provider_identity_id)) !== session.credential_fingerprint) {
    await sessions(container).endSessions({ user_id: userId }, "password changed")
    throw new InvalidTokenError(ENDED_BECAUSE["password changed"])
  }
  return {
    user_id: user.id,
    email: user.email,
    session_id: session.id,
    provider_identity_id: session.provider_identity_id,
    mfa_verified: session.mfa_verified_at !== null,
  }
}

/** A refresh: the next token pair of the session (rotation), or InvalidTokenError. */
export async function refreshApiTokens(container: MedusaContainer, refreshToken: string) {
  const claims = readToken(container, refreshToken, "refresh")
  if (!claims.jti) throw new InvalidTokenError("Token is invalid")
  const result = await sessions(container).rotateRefresh(claims.sid, claims.jti, ROTATION_GRACE_SECONDS)
  if (result.outcome === "reused") throw new InvalidTokenError("Token was already used; the session has ended")
  if (result.outcome === "closed") throw new InvalidTokenError("The session has ended")
  const staff = await staffOfSession(container, result.session, claims.sub!)
  const signed = { ...staff, session_expires_at: result.session.expires_at }
  return {
    access: signApiToken(container, signed, "access"),
    refresh: signApiToken(container, { ...signed, refresh_jti: result.refresh_jti }, "refresh"),
  }
}

/** Logout: ends the session of a token of ours (access or refresh, even an expired one). */
export async function endApiSession(container: MedusaContainer, token: string): Promise<boolean> {
  let claims: jwt.JwtPayload
  try {
    claims = readToken(container, token, "refresh", { ignoreExpiry: true })
  } catch {
    claims = readToken(container, token, "access", { ignoreExpiry: true })
  }
  return (await sessions(container).endSessions({ id: claims.sid }, "logout")) > 0
}

/**
 * Verifies an access token and returns the staff member it was issued to, while its session
 * is open, the user exists and their password is unchanged. Throws InvalidTokenError for
 * anything else (bad signature, expired, wrong use, session ended, unknown user).
 */
export async function verifyApiToken(container: MedusaContainer, token: string): Promise<StaffIdentity> {
  const claims = readToken(container, token, "access")
  const found = await sessions(container).findSession(claims.sid)
  if ("ended" in found) throw new InvalidTokenError(ENDED_BECAUSE[found.ended ?? ""] ?? "The session has ended")
  return staffOfSession(container, found.open, claims.sub!)
}

const MFA_PENDING_AUDIENCE = "pharmacy-staff-mfa-sign-in"
/** How long the code step of a sign-in may take after the password step. */
export const MFA_PENDING_SECONDS = 5 * 60

/** A sign-in whose password was right and whose second factor is still to be checked. */
export type PendingMfaSignIn = StaffIdentity & {
  provider_identity_id: string
  auth_identity_id: string
  /** The password as it was at the first step: a change in between ends the sign-in. */
  credential_fingerprint: string
  /** Identifies this sign-in (its wrong codes are counted under it). */
  id: string
}

/**
 * The `mfa_token` of POST /api/token/ for an account with two-step sign-in: signed state of the
 * first step (no server-side row, so any server can take the second step), short-lived, and
 * worth nothing without a right code.
 */
export async function signPendingMfaSignIn(
  container: MedusaContainer,
  staff: StaffIdentity & { provider_identity_id: string; auth_identity_id: string }
): Promise<string> {
  const fingerprint = await credentialFingerprint(container, staff.provider_identity_id)
  if (!fingerprint) throw new InvalidTokenError("This staff account cannot sign in here")
  return jwt.sign(
    { email: staff.email, pid: staff.provider_identity_id, aid: staff.auth_identity_id, fp: fingerprint },
    purposeKey(container, "staff two-step sign-in v1"),
    {
      algorithm: "HS256",
      audience: MFA_PENDING_AUDIENCE,
      subject: staff.user_id,
      jwtid: crypto.randomUUID(),
      expiresIn: MFA_PENDING_SECONDS,
    }
  )
}

/** The first step of a sign-in, from its `mfa_token`; InvalidTokenError when forged or expired. */
export function readPendingMfaSignIn(container: MedusaContainer, token: string): PendingMfaSignIn {
  let claims: jwt.JwtPayload | string
  try {
    claims = jwt.verify(token, purposeKey(container, "staff two-step sign-in v1"), {
      algorithms: ["HS256"],
      audience: MFA_PENDING_AUDIENCE,
    })
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) throw new InvalidTokenError("This sign-in has expired")
    throw new InvalidTokenError("This sign-in is not valid")
  }
  if (typeof claims === "string" || !claims.sub || !claims.jti) throw new InvalidTokenError("This sign-in is not valid")
  const { email, pid, aid, fp } = claims as Record<string, unknown>
  if (typeof email !== "string" || typeof pid !== "string" || typeof aid !== "string" || typeof fp !== "string") {
    throw new InvalidTokenError("This sign-in is not valid")
  }
  return { id: claims.jti, user_id: claims.sub, email, provider_identity_id: pid, auth_identity_id: aid, credential_fingerprint: fp }
}

/** Marks the caller's session as verified with a second factor (they just enrolled one). */
export async function markSessionMfaVerified(container: MedusaContainer, sessionId: string): Promise<void> {
  await sessions(container).markMfaVerified(sessionId)
}
