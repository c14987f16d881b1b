/**
 * Staff sign-in and two-step sign-in (decision 0044): the calls before there is a session
 * (sign-in, the code step), the signed-in member's own two-step settings, and sign-out.
 */
import { sdk } from "../../medusa.server"
import { type Admin, READ_TIMEOUT_MS } from "./client.server"

export type StaffSignIn =
  | { kind: "tokens"; access: string; refresh: string; knownDevice: string | null }
  /** The account has two-step sign-in: the code step follows, with this token. */
  | { kind: "code"; mfaToken: string }

/** A sign-in call: the JSON answer and the known-device marker header (refusals throw, see `failureOf`). */
async function signInCall(path: string, body: Record<string, string>, headers: Record<string, string>): Promise<StaffSignIn> {
  const response = await sdk.client.fetch<Response>(path, {
    method: "POST",
    body,
    headers: { ...headers, accept: "*/*" },
    signal: AbortSignal.timeout(READ_TIMEOUT_MS),
  })
  const answer = (await response.json()) as { access?: string; refresh?: string; mfa_required?: boolean; mfa_token?: string }
  if (answer.mfa_required && answer.mfa_token) return { kind: "code", mfaToken: answer.mfa_token }
  if (!answer.access || !answer.refresh) throw new Error("The sign-in answer had no tokens")
  return { kind: "tokens", access: answer.access, refresh: answer.refresh, knownDevice: response.headers.get("x-known-device") }
}

/**
 * POST /api/token/ for the login form. `headers`: the visitor's address (the backend limits
 * sign-ins per client) and the browser's known-device marker, if any.
 */
export function staffSignIn(credentials: { username: string; password: string }, headers: Record<string, string>) {
  return signInCall("/api/token/", credentials, headers)
}

/** POST /api/token/mfa/: the code step of a sign-in with two-step sign-in. */
export function staffSignInCode(mfaToken: string, code: string, headers: Record<string, string>) {
  return signInCall("/api/token/mfa/", { mfa_token: mfaToken, code }, headers)
}

/** What GET /api/mfa/ says about the signed-in staff member's two-step sign-in. */
export type MfaStatus = { enabled: boolean; session_verified: boolean; pharmacist: boolean }

/** POST /api/mfa/totp/: a new authenticator-app secret to enrol. */
export type TotpSetup = { factor_id: string; secret: string; otpauth_url: string }

export const getMfaStatus = (admin: Admin) => admin.call<MfaStatus>("/api/mfa/")

export const startTotpSetup = (admin: Admin) => admin.call<TotpSetup>("/api/mfa/totp/", { method: "POST" })

/** The first code from the app turns two-step sign-in on (and verifies this session). */
export const verifyTotpSetup = (admin: Admin, factorId: string, code: string) =>
  admin.call(`/api/mfa/totp/${encodeURIComponent(factorId)}/verify/`, { method: "POST", body: { code } })

/** Ends the staff session on the backend: its tokens stop working everywhere. */
export async function endStaffSession(refresh: string) {
  await sdk.client.fetch<Response>("/api/token/logout/", {
    method: "POST",
    body: { refresh },
    headers: { accept: "*/*" }, // 204: no JSON to read
    signal: AbortSignal.timeout(10_000),
  })
}
