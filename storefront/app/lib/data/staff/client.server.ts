/**
 * Every staff call of the admin area goes through here (issue 7, spec §7's
 * 401 rule), from loaders and actions only:
 *
 * - `requireAdmin(request)` checks the session on the server (the cookie, then
 *   the backend's session: logout, password changes and removed users end it)
 *   and sends anyone without one to /admin (remembering the page).
 * - `admin.call(path, init)` sends the access token; on a 401 it refreshes once
 *   with the refresh token, keeps the new access token in the session (the
 *   route commits the cookie with `admin.data`/`admin.redirect`) and retries.
 *   When the backend refuses the refresh, the session's tokens are cleared and
 *   the browser goes to /admin with "Your session has expired...".
 * - `requireAdminAction(request)` adds the anti-forgery checks of admin forms
 *   (Origin header, then the form's token with `admin.checkCsrf(form)`).
 *
 * See docs/decisions/0030-admin-session-and-csrf.md and 0031-admin-api-calls.md.
 */
import { type ClientHeaders, FetchError } from "@medusajs/js-sdk"
import { data, redirect } from "@remix-run/node"

import { type Failure, failureOf } from "~/lib/backend-errors.server"
import { sdk } from "~/lib/medusa.server"
import {
  type AdminSession,
  commitAdminSession,
  FORM_EXPIRED_MESSAGE,
  getAdminSession,
  isSignedIn,
  loginRedirectPath,
  sameOrigin,
  SESSION_EXPIRED_MESSAGE,
  signOutRedirect,
  validCsrfToken,
} from "~/modules/staff/session.server"

/** Reads answer within this long; writes (image uploads) get longer. */
export const READ_TIMEOUT_MS = 15_000
const WRITE_TIMEOUT_MS = 30_000

export type AdminCallInit = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
  /** A JSON object, or FormData (multipart, for product images). */
  body?: Record<string, unknown> | FormData
  query?: Record<string, string | number | undefined>
}

export type AdminList<T> = { items: T[]; total: number }

/** One line for the server log; never the request body. */
export function logFailure(what: string, error: unknown) {
  const failure = failureOf(error)
  const text = failure.kind === "response" ? `${failure.status} ${failure.detail ?? ""}` : failure.kind
  console.error(`Admin: ${what} failed: ${text}${failure.kind === "unexpected" && error instanceof Error ? ` (${error.message})` : ""}`)
}

export type Admin = {
  session: AdminSession
  email: string
  call<T>(path: string, init?: AdminCallInit): Promise<T>
  /** A list call: the plain array and its X-Total-Count. */
  list<T>(path: string, query?: AdminCallInit["query"]): Promise<AdminList<T>>
  /** A GET whose answer is not JSON (a file download): the backend's Response, body unread. */
  raw(path: string): Promise<Response>
  /** A message for the next page (after a redirect). */
  notice(message: string): void
  /** The one-time message left by the previous action, if any. */
  takeNotice(): string | null
  /** Loader/action data with the session cookie when it changed (a refreshed token, a read notice). */
  data<T>(value: T, init?: { status?: number }): Promise<ReturnType<typeof data<T>>>
  redirect(to: string, notice?: string): Promise<Response>
  /** Headers for a response built elsewhere. */
  headers(): Promise<Headers>
}

const PRIVATE = { "Cache-Control": "private, no-store" }

/** The staff member's session, or a redirect to /admin. */
export async function requireAdmin(request: Request): Promise<Admin> {
  const session = await getAdminSession(request)
  if (!isSignedIn(session)) {
    if (session.get("access")) throw await signOutRedirect(request, SESSION_EXPIRED_MESSAGE)
    throw redirect(loginRedirectPath(request), { headers: { "Cache-Control": "no-store" } })
  }
  let dirty = false
  // Calls made at the same time share one refresh.
  let pendingRefresh: Promise<string> | null = null

  /** The backend's Response (the SDK hands it back as is when the request does not ask for JSON). */
  async function send(path: string, init: AdminCallInit, token: string): Promise<Response> {
    const method = init.method ?? "GET"
    const multipart = init.body instanceof FormData
    return sdk.client.fetch<Response>(path, {
      method,
      body: init.body,
      query: init.query,
      headers: {
        authorization: `Bearer ${token}`,
        // FormData: let fetch set the multipart boundary.
        ...(multipart ? { "content-type": null } : {}),
        accept: "*/*",
      } as ClientHeaders,
      signal: AbortSignal.timeout(method === "GET" ? READ_TIMEOUT_MS : WRITE_TIMEOUT_MS),
    })
  }

  async function refreshAccess(): Promise<string> {
    try {
      // The refresh token rotates: keep the new one (the old one now ends the session if reused).
      const { access, refresh } = await sdk.client.fetch<{ access: string; refresh?: string }>("/api/token/refresh/", {
        method: "POST",
        body: { refresh: session.get("refresh") },
        signal: AbortSignal.timeout(READ_TIMEOUT_MS),
      })
      session.set("access", access)
      if (refresh) session.set("refresh", refresh)
      dirty = true
      return access
    } catch (error) {
      const failure = failureOf(error)
      // Refused (expired, revoked, staff member removed): signed out. An outage is not a sign-out.
      if (failure.kind === "response" && failure.status < 500) throw await signOutRedirect(request, SESSION_EXPIRED_MESSAGE)
      throw error
    }
  }

  async function authorized(path: string, init: AdminCallInit): Promise<Response> {
    try {
      return await send(path, init, session.get("access")!)
    } catch (error) {
      if (!(error instanceof FetchError && error.status === 401)) throw error
    }
    const access = await (pendingRefresh ??= refreshAccess())
    try {
      return await send(path, init, access)
    } catch (error) {
      if (error instanceof FetchError && error.status === 401) throw await signOutRedirect(request, SESSION_EXPIRED_MESSAGE)
      throw error
    }
  }

  const headers = async () => {
    const result = new Headers(PRIVATE)
    if (dirty) result.append("Set-Cookie", await commitAdminSession(request, session))
    return result
  }

  const admin: Admin = {
    session,
    email: session.get("email") ?? "",
    async call<T>(path: string, init: AdminCallInit = {}) {
      // 204 (deletes) has no body.
      const text = await (await authorized(path, init)).text()
      return (text ? JSON.parse(text) : undefined) as T
    },
    raw(path: string) {
      return authorized(path, {})
    },
    async list<T>(path: string, query?: AdminCallInit["query"]) {
      const response = await authorized(path, { query })
      const items = (await response.json()) as T[]
      const header = response.headers.get("X-Total-Count")
      const total = header === null ? Number.NaN : Number(header)
      return { items, total: Number.isFinite(total) ? total : items.length }
    },
    notice(message) {
      session.flash("notice", message)
      dirty = true
    },
    takeNotice() {
      const message = session.get("notice")
      if (message === undefined) return null
      dirty = true
      return message
    },
    async data(value, init) {
      return data(value, { status: init?.status, headers: await headers() })
    },
    async redirect(to, notice) {
      if (notice) {
        session.flash("notice", notice)
        dirty = true
      }
      return redirect(to, { headers: await headers() })
    },
    headers,
  }
  // The cookie alone proves nothing once the session ended on the server (logout elsewhere, a
  // password change, a removed user, a copied cookie): ask the backend on every page.
  await authorized("/api/token/session/", {})
  return admin
}

/**
 * An admin form's action: a session, and a request from this site. Call
 * `checkCsrf(form)` once the body is read.
 */
export async function requireAdminAction(request: Request): Promise<Admin & { checkCsrf(form: FormData): void }> {
  if (!sameOrigin(request)) throw new Response(FORM_EXPIRED_MESSAGE, { status: 403, headers: PRIVATE })
  const admin = await requireAdmin(request)
  return {
    ...admin,
    checkCsrf(form: FormData) {
      if (!validCsrfToken(admin.session, form.get("csrf"))) throw new Response(FORM_EXPIRED_MESSAGE, { status: 403, headers: PRIVATE })
    },
  }
}

export type Attempt<T> = { ok: true; value: T } | { ok: false; failure: Failure }

/**
 * Runs a staff call and reports a failure instead of throwing it (logged on
 * the server). Sign-out redirects and other responses still propagate.
 */
export async function attempt<T>(what: string, run: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await run() }
  } catch (error) {
    if (error instanceof Response) throw error
    logFailure(what, error)
    return { ok: false, failure: failureOf(error) }
  }
}
