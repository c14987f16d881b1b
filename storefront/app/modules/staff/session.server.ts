/**
 * The staff session of the admin area (issue 7): the tokens of POST /api/token/
 * live in a signed, HttpOnly, SameSite=Lax cookie that page scripts cannot
 * read, never in localStorage. Secure over HTTPS and in production. It also
 * holds the anti-forgery token every admin form carries, and one-time messages
 * ("Category added") for the page after a redirect.
 * See docs/decisions/0030-admin-session-and-csrf.md.
 */
import crypto from "node:crypto"

import { createCookieSessionStorage, redirect, type Session } from "@remix-run/node"

import { secureCookie } from "~/lib/age-gate.server"
import { safeRedirect } from "~/lib/safe-redirect"
import { sessionSecret } from "~/lib/session-secret.server"

export { sessionSecretProblem } from "~/lib/session-secret.server"

export const ADMIN_LOGIN_PATH = "/admin"
export const ADMIN_HOME_PATH = "/admin/dashboard"
export const ADMIN_COOKIE_NAME = "admin_session"
/** A staff session ends after a working shift even while the refresh token is still valid. */
export const ADMIN_SESSION_SECONDS = 8 * 60 * 60

export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again."
export const FORM_EXPIRED_MESSAGE = "This form has expired or did not come from this site. Please reload the page and try again."

export type AdminSessionData = {
  csrf: string
  access: string
  refresh: string
  email: string
  /** Epoch milliseconds after which the session is over, whatever the tokens say. */
  expiresAt: number
  /** Two-step sign-in (decision 0044): the backend's mfa_token between the password and the code step, its email, its end. */
  mfaToken: string
  mfaEmail: string
  mfaUntil: number
}
type AdminFlashData = { notice: string }
export type AdminSession = Session<AdminSessionData, AdminFlashData>

let storage: ReturnType<typeof createCookieSessionStorage<AdminSessionData, AdminFlashData>> | undefined
function sessionStorage() {
  storage ??= createCookieSessionStorage<AdminSessionData, AdminFlashData>({
    cookie: {
      name: ADMIN_COOKIE_NAME,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: ADMIN_SESSION_SECONDS,
      secrets: [sessionSecret()],
    },
  })
  return storage
}

/** Always Secure in production (decision 0047); elsewhere over HTTPS (directly, or behind a TRUST_PROXY that says so). */
export const secureCookies = secureCookie

export function getAdminSession(request: Request): Promise<AdminSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"))
}

export function commitAdminSession(request: Request, session: AdminSession): Promise<string> {
  const remaining = Math.floor(((session.get("expiresAt") ?? Date.now() + ADMIN_SESSION_SECONDS * 1000) - Date.now()) / 1000)
  return sessionStorage().commitSession(session, {
    secure: secureCookies(request),
    maxAge: Math.max(1, Math.min(ADMIN_SESSION_SECONDS, remaining)),
  })
}

export function destroyAdminSession(request: Request, session: AdminSession): Promise<string> {
  return sessionStorage().destroySession(session, { secure: secureCookies(request) })
}

/** Signed in: both tokens, within the session's lifetime. */
export function isSignedIn(session: AdminSession): boolean {
  return Boolean(session.get("access") && session.get("refresh") && (session.get("expiresAt") ?? 0) > Date.now())
}

export const newCsrfToken = () => crypto.randomBytes(32).toString("base64url")

/** The session's anti-forgery token, made on first use (the caller commits the session when `created`). */
export function ensureCsrfToken(session: AdminSession): { token: string; created: boolean } {
  const existing = session.get("csrf")
  if (existing) return { token: existing, created: false }
  const token = newCsrfToken()
  session.set("csrf", token)
  return { token, created: true }
}

function sameToken(a: string, b: string) {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && crypto.timingSafeEqual(left, right)
}

/** A form's token matches the session's. */
export function validCsrfToken(session: AdminSession, submitted: FormDataEntryValue | null): boolean {
  const expected = session.get("csrf")
  return typeof submitted === "string" && !!expected && sameToken(submitted, expected)
}

/**
 * The request came from a page of this site: a browser's `Origin` (sent with
 * every POST by current browsers) names this host. Behind a proxy the host is
 * the forwarded one; the scheme is not compared, since a TLS proxy may talk
 * plain HTTP to us. Without an Origin header the form token decides alone.
 */
export function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin")
  if (origin === null) return true
  if (origin === "null") return false
  let originHost: string
  try {
    originHost = new URL(origin).host
  } catch {
    return false
  }
  const host = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim() || request.headers.get("Host") || new URL(request.url).host
  return originHost.toLowerCase() === host.toLowerCase()
}

/** Where the login page sends a staff member after signing in: an admin page of this site, else the dashboard. */
export const afterLogin = (target: unknown) => {
  const path = safeRedirect(target, ADMIN_HOME_PATH, [ADMIN_LOGIN_PATH])
  return path.startsWith("/admin/") ? path : ADMIN_HOME_PATH
}

/** The login page, remembering the page a GET asked for. */
export function loginRedirectPath(request: Request): string {
  const url = new URL(request.url)
  if (request.method !== "GET" || !url.pathname.startsWith("/admin/")) return ADMIN_LOGIN_PATH
  const search = new URLSearchParams(url.search)
  for (const internal of ["_data", "_routes", "index"]) search.delete(internal)
  const query = search.toString()
  return `${ADMIN_LOGIN_PATH}?redirectTo=${encodeURIComponent(`${url.pathname}${query ? `?${query}` : ""}`)}`
}

/**
 * Ends the staff part of the session (tokens), keeps a fresh anti-forgery
 * token for the login form, and sends the browser to the login page with
 * `message` shown there once.
 */
export async function signOutRedirect(request: Request, message?: string): Promise<Response> {
  const fresh = await getAdminSession(new Request(request.url))
  fresh.set("csrf", newCsrfToken())
  if (message) fresh.flash("notice", message)
  return redirect(loginRedirectPath(request), {
    headers: { "Set-Cookie": await commitAdminSession(request, fresh), "Cache-Control": "no-store" },
  })
}
