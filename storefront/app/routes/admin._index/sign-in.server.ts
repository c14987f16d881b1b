/** The sign-in's server state: the code step kept in the session, and what the backend's tokens say. */
import type { AdminSession } from "~/modules/staff/session.server"

/** How long the code step may wait (the backend's mfa_token lives 5 minutes). */
export const CODE_STEP_SECONDS = 5 * 60

/** The email waiting for its code, while the code step is open. */
export const pendingCodeFor = (session: AdminSession) =>
  session.get("mfaToken") && (session.get("mfaUntil") ?? 0) > Date.now() ? (session.get("mfaEmail") ?? "") : null

export function forgetCodeStep(session: AdminSession) {
  session.unset("mfaToken")
  session.unset("mfaEmail")
  session.unset("mfaUntil")
}

/** This machine: a plain-HTTP sign-in is allowed here (development, the tests). */
export const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"])

/** The email in the access token (display only; the backend checks every token). */
export function emailOf(access: string, fallback: string): string {
  try {
    const claims = JSON.parse(Buffer.from(access.split(".")[1] ?? "", "base64url").toString("utf8"))
    return typeof claims.email === "string" ? claims.email : fallback
  } catch {
    return fallback
  }
}
