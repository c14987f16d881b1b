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
 *   API_REFRESH_TOKEN_TTL (default 7 days): seconds, or "15m", "12h", "7d".
 * - Every use re-checks that the Medusa user still exists: removing a staff
 *   member in Medusa Admin ends their access at once.
 */
import crypto from "node:crypto"
import jwt from "jsonwebtoken"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

export type TokenUse = "access" | "refresh"

export type StaffIdentity = { user_id: string; email: string }

const AUDIENCE = "pharmacy-legacy-api"
const ISSUER = "pharmacy-medusa-backend"
const DEFAULT_TTL: Record<TokenUse, number> = { access: 15 * 60, refresh: 7 * 24 * 60 * 60 }

/** A lifetime from the environment, in seconds: "900", "15m", "12h", "7d". */
export function parseLifetime(value: string | undefined, fallback: number): number {
  if (!value?.trim()) return fallback
  const match = /^\s*(\d+)\s*(s|m|h|d)?\s*$/i.exec(value)
  if (!match) throw new Error(`Invalid token lifetime "${value}": use seconds or a number with s, m, h or d`)
  const unit = { s: 1, m: 60, h: 3600, d: 86400 }[(match[2] ?? "s").toLowerCase() as "s" | "m" | "h" | "d"]
  const seconds = Number(match[1]) * unit
  if (seconds < 1) throw new Error(`Invalid token lifetime "${value}": must be at least one second`)
  return seconds
}

export function tokenLifetimes(env: NodeJS.ProcessEnv = process.env): Record<TokenUse, number> {
  return {
    access: parseLifetime(env.API_ACCESS_TOKEN_TTL, DEFAULT_TTL.access),
    refresh: parseLifetime(env.API_REFRESH_TOKEN_TTL, DEFAULT_TTL.refresh),
  }
}

/** The signing key: HMAC of Medusa's JWT secret with this API's purpose, never the secret itself. */
function signingKey(container: MedusaContainer): Buffer {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const secret = config.projectConfig.http.jwtSecret
  if (typeof secret !== "string" && !Buffer.isBuffer(secret)) throw new Error("JWT_SECRET is not set: the /api tokens cannot be signed")
  if (!secret.length) throw new Error("JWT_SECRET is not set: the /api tokens cannot be signed")
  return crypto.createHmac("sha256", secret).update("pharmacy legacy /api tokens v1").digest()
}

/** Signs a token. `ttlSeconds` overrides the configured lifetime (tests use it to make expired tokens). */
export function signApiToken(container: MedusaContainer, staff: StaffIdentity, use: TokenUse, ttlSeconds?: number): string {
  const ttl = ttlSeconds ?? tokenLifetimes()[use]
  const now = Math.floor(Date.now() / 1000)
  return jwt.sign(
    { token_use: use, email: staff.email, iat: now, exp: now + ttl },
    signingKey(container),
    { algorithm: "HS256", audience: AUDIENCE, issuer: ISSUER, subject: staff.user_id, jwtid: crypto.randomUUID() }
  )
}

export function issueTokenPair(container: MedusaContainer, staff: StaffIdentity) {
  return { access: signApiToken(container, staff, "access"), refresh: signApiToken(container, staff, "refresh") }
}

export class InvalidTokenError extends Error {}

/**
 * Verifies a token of the expected use and returns the staff member it was
 * issued to, if they are still a Medusa user. Throws InvalidTokenError for
 * anything else (bad signature, expired, wrong use, unknown user).
 */
export async function verifyApiToken(container: MedusaContainer, token: string, use: TokenUse): Promise<StaffIdentity> {
  let claims: jwt.JwtPayload
  try {
    const decoded = jwt.verify(token, signingKey(container), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      issuer: ISSUER,
    })
    if (typeof decoded === "string") throw new InvalidTokenError("Token is invalid")
    claims = decoded
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) throw new InvalidTokenError("Token has expired")
    throw new InvalidTokenError("Token is invalid")
  }
  if (claims.token_use !== use) throw new InvalidTokenError(use === "access" ? "Token is not an access token" : "Token is not a refresh token")
  const userId = claims.sub
  if (!userId) throw new InvalidTokenError("Token is invalid")
  const [user] = await container.resolve(Modules.USER).listUsers({ id: userId }, { select: ["id", "email"] })
  if (!user) throw new InvalidTokenError("This staff account no longer exists")
  return { user_id: user.id, email: user.email }
}
