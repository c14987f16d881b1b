/**
 * One middleware in front of all of Medusa's /auth routes (decision 0044). Medusa's sign-in
 * route answers GET as well as POST (a GET with a JSON body signs in), and Express matches
 * middleware paths before decoding them (`/auth/user/email%70ass` reaches the route), so the
 * guard is mounted on the whole /auth prefix, for every method, and decodes and classifies the
 * path itself, segment by segment and case-insensitively, as Express's router does:
 *
 * - `/auth/{actor}/{provider}` and `.../callback` (sign-in, token), `.../register`,
 *   `.../reset-password`, `.../update`, `/auth/mfa/challenges/{id}/verify` (a code, a token),
 *   `/auth/mfa/factors/{id}/verify` and `/auth/verification/confirm` (codes): counted by the
 *   sign-in limiter (login-throttle.ts) before Medusa checks anything, 429 over the limits;
 * - `.../register`: only for an email with a pending invite (Medusa Admin's invitation flow),
 *   and only with a password the staff policy accepts; `.../update` (password reset): the
 *   policy too. Emailpass identities are shared by every actor type, so this holds for all;
 * - `POST /auth/{provider}/user` (Medusa's "create a user from an identity", for OAuth
 *   providers this shop does not use) is refused: staff accounts come from invitations.
 *
 * Outcomes are read from Medusa's answer (a token, `mfa_required`, 401) and recorded before the
 * answer leaves, so the client's next try already sees them.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import jwt from "jsonwebtoken"

import { passwordProblem } from "../../shared/password-policy"
import { clientAddress } from "./client-address"
import {
  type AttemptOutcome,
  beginSignInAttempt,
  knownDeviceOf,
  setKnownDeviceCookie,
  settleSignInAttempt,
  tooManySignInsMessage,
} from "./login-throttle"
import { hasPendingInvite, INVITATION_ONLY } from "./staff-registration"

export type AuthRouteKind = "sign-in" | "register" | "reset-password" | "update-password" | "mfa-challenge" | "code" | "create-user"

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

const WITH_PROVIDER: Record<string, AuthRouteKind> = {
  register: "register",
  callback: "sign-in",
  "reset-password": "reset-password",
  update: "update-password",
}

/**
 * What a path under /auth does, as Medusa's router would route it (static segments before
 * parameters, case-insensitive), or null for routes that check nothing (session, token
 * refresh, factor lists, provider lists). Segments are split before decoding, as Express does.
 */
export function classifyAuthPath(pathname: string): { kind: AuthRouteKind } | null {
  const segments = pathname.split("/").filter(Boolean).map(safeDecode)
  if (segments[0]?.toLowerCase() !== "auth") return null
  const rest = segments.slice(1).map((segment) => segment.toLowerCase())
  if (rest[0] === "mfa") {
    if (rest.length === 4 && rest[1] === "challenges" && rest[3] === "verify") return { kind: "mfa-challenge" }
    if (rest.length === 4 && rest[1] === "factors" && rest[3] === "verify") return { kind: "code" }
    return null
  }
  if (rest[0] === "verification") return rest.length === 2 && rest[1] === "confirm" ? { kind: "code" } : null
  if (rest[0] === "token" && rest[1] === "refresh" && rest.length === 2) return null
  if (rest.length === 2) {
    if (rest[1] === "user") return { kind: "create-user" }
    if (rest[1] === "providers") return null
    return { kind: "sign-in" }
  }
  if (rest.length === 3 && WITH_PROVIDER[rest[2]]) return { kind: WITH_PROVIDER[rest[2]] }
  return null
}

const stringField = (body: unknown, field: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[field]
  return typeof value === "string" ? value : ""
}

/** The claims of a Medusa-issued bearer token (signature checked), or null. */
function medusaTokenClaims(req: MedusaRequest): jwt.JwtPayload | null {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1]
  if (!token) return null
  const secret = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE).projectConfig.http.jwtSecret
  if (!secret) return null
  try {
    const claims = jwt.verify(token, secret as jwt.Secret)
    return typeof claims === "object" ? claims : null
  } catch {
    return null
  }
}

/** The email (emailpass entity id) of an auth identity. */
async function emailOfIdentity(container: MedusaContainer, authIdentityId: string): Promise<string> {
  const [identity] = await container
    .resolve(Modules.AUTH)
    .listProviderIdentities({ auth_identity_id: authIdentityId, provider: "emailpass" }, { select: ["entity_id"] })
  return identity?.entity_id ?? ""
}

/** Whose password or code this request tries: the email it names, or the one behind its token. */
async function accountOf(req: MedusaRequest, kind: AuthRouteKind): Promise<string> {
  if (kind === "sign-in" || kind === "register") return stringField(req.body, "email")
  if (kind === "reset-password") return stringField(req.body, "identifier")
  const claims = medusaTokenClaims(req)
  if (!claims) return ""
  if (kind === "update-password") return typeof claims.entity_id === "string" ? claims.entity_id : ""
  return typeof claims.auth_identity_id === "string" && claims.auth_identity_id
    ? await emailOfIdentity(req.scope, claims.auth_identity_id)
    : ""
}

/** How an answer of Medusa's ended the attempt. */
function outcomeOf(kind: AuthRouteKind, status: number, body: Record<string, unknown> | undefined): AttemptOutcome {
  if (status < 200 || status >= 300) return "failed"
  if (kind === "sign-in" || kind === "mfa-challenge") {
    // Right password, but a second factor or a verification follows (or an OAuth redirect: nothing checked yet).
    if (body?.mfa_required || body?.verification_required || body?.location) return "passed"
    return body?.token ? "completed" : "failed"
  }
  // Registrations, reset requests and password updates stay counted: they are not sign-ins.
  return kind === "code" ? "passed" : "failed"
}

const refuse = (res: MedusaResponse, status: number, type: string, message: string, headers: Record<string, string> = {}) => {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  res.status(status).json({ type, message })
}

export async function guardMedusaAuth(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  // Express's own view of the path (mount point + the rest, undecoded), never a client-chosen form of it.
  const route = req.method === "OPTIONS" ? null : classifyAuthPath(`${req.baseUrl ?? ""}${req.path ?? ""}`)
  if (!route) return next()
  if (route.kind === "create-user") return refuse(res, 403, "not_allowed", INVITATION_ONLY)

  const account = await accountOf(req, route.kind)
  const gate = await beginSignInAttempt(req.scope, { client: clientAddress(req), account, device: knownDeviceOf(req) })
  if (!gate.allowed) {
    return refuse(res, 429, "not_allowed", tooManySignInsMessage(gate.waitSeconds), { "Retry-After": String(gate.waitSeconds) })
  }
  if (route.kind === "register" && !(await hasPendingInvite(req.scope, account))) return refuse(res, 403, "not_allowed", INVITATION_ONLY)
  if (route.kind === "register" || route.kind === "update-password") {
    const password = stringField(req.body, "password")
    const problem = password ? passwordProblem(password, { email: account }) : null
    if (problem) return refuse(res, 400, "invalid_data", problem)
  }

  let answered: Record<string, unknown> | undefined
  const json = res.json.bind(res)
  res.json = ((body: Record<string, unknown>) => {
    answered = body
    return json(body)
  }) as MedusaResponse["json"]
  // Record the outcome before the answer leaves: the client's next try must already see it.
  const end = res.end.bind(res) as (...args: unknown[]) => MedusaResponse
  res.end = ((...args: unknown[]) => {
    const outcome = outcomeOf(route.kind, res.statusCode, answered)
    settleSignInAttempt(req.scope, gate.ticket, outcome)
      .then((marker) => {
        if (marker && !res.headersSent) setKnownDeviceCookie(res, marker)
      })
      .catch((error: Error) => req.scope.resolve(ContainerRegistrationKeys.LOGGER).error(`Sign-in limit not recorded: ${error.message}`))
      .finally(() => end(...args))
    return res
  }) as MedusaResponse["end"]
  next()
}
