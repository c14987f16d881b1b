/**
 * Slows down password guessing on every staff sign-in route: the legacy POST /api/token/
 * and Medusa's own POST /auth/user/emailpass (same passwords, same counts). Failed sign-ins
 * are counted per client (its address, src/api/utils/client-address.ts: X-Forwarded-For
 * only from a TRUST_PROXY) and per account (the email tried), over API_LOGIN_WINDOW_SECONDS
 * (default 900):
 *
 * - after API_LOGIN_MAX_FAILURES (default 5) from one client, that client is refused with
 *   429 until its window ends, even with the right password;
 * - after API_LOGIN_MAX_FAILURES_PER_ACCOUNT (default 20) for one account, from any number
 *   of clients, sign-ins to that account are refused the same way.
 *
 * A successful sign-in clears only the failures of the client that succeeded; the account's
 * count keeps what other clients tried, so a guesser cannot erase it by signing in to an
 * account of their own or waiting for the real user to. Counts live in the rate-limit module
 * (Postgres): every server counts together, and two concurrent failures count two.
 * See docs/decisions/0042-trust-and-abuse-limits.md.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { clientAddress } from "./client-address"
import { RATE_LIMIT_MODULE } from "../../modules/rate-limit"
import type RateLimitModuleService from "../../modules/rate-limit/service"

export type LoginAttempt = { client: string; account: string }

export function throttleSettings(env: NodeJS.ProcessEnv = process.env) {
  const positive = (value: string | undefined, fallback: number) => {
    const n = Number(value)
    return value && Number.isInteger(n) && n > 0 ? n : fallback
  }
  return {
    maxPerClient: positive(env.API_LOGIN_MAX_FAILURES, 5),
    maxPerAccount: positive(env.API_LOGIN_MAX_FAILURES_PER_ACCOUNT, 20),
    windowSeconds: positive(env.API_LOGIN_WINDOW_SECONDS, 15 * 60),
  }
}

const buckets = (attempt: LoginAttempt) => {
  const { maxPerClient, maxPerAccount } = throttleSettings()
  return [
    { key: `sign-in-failures:client:${attempt.client}`, max: maxPerClient },
    { key: `sign-in-failures:account:${attempt.account.trim().toLowerCase()}`, max: maxPerAccount },
  ]
}

const limits = (container: MedusaContainer) => container.resolve<RateLimitModuleService>(RATE_LIMIT_MODULE)

/** Seconds until this sign-in may be tried, or 0 when it may be tried now. */
export async function loginBlockedFor(container: MedusaContainer, attempt: LoginAttempt): Promise<number> {
  const all = buckets(attempt)
  const counts = await limits(container).peek(all.map((b) => b.key))
  let wait = 0
  for (const { key, max } of all) {
    const window = counts.get(key)
    if (window && window.count >= max) wait = Math.max(wait, Math.ceil((window.expiresAt.getTime() - Date.now()) / 1000), 1)
  }
  return wait
}

export async function recordLoginFailure(container: MedusaContainer, attempt: LoginAttempt): Promise<void> {
  const { windowSeconds } = throttleSettings()
  for (const { key } of buckets(attempt)) await limits(container).hit(key, windowSeconds)
}

/** After a successful sign-in: this client starts again; the account's count stays. */
export async function clearClientLoginFailures(container: MedusaContainer, attempt: LoginAttempt): Promise<void> {
  await limits(container).reset([buckets(attempt)[0].key])
}

export const tooManySignInsMessage = (waitSeconds: number) =>
  `Too many failed sign-in attempts. Try again in ${Math.ceil(waitSeconds / 60)} minute(s).`

/**
 * The same limits on Medusa's own sign-in routes (POST /auth/user/emailpass for Medusa Admin,
 * /auth/customer/emailpass): they check the same passwords, so they share the counts. Refused
 * with 429 and Retry-After before the password is checked; a 401 answer counts a failure,
 * recorded before the answer is sent.
 */
export async function limitMedusaSignIn(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const email = typeof (req.body as { email?: unknown } | undefined)?.email === "string" ? (req.body as { email: string }).email : ""
  const attempt = { client: clientAddress(req), account: email }
  const wait = await loginBlockedFor(req.scope, attempt)
  if (wait > 0) {
    res.setHeader("Retry-After", String(wait))
    res.status(429).json({ type: "not_allowed", message: tooManySignInsMessage(wait) })
    return
  }
  // Count the outcome before the answer leaves: the client's next try must already see it.
  const end = res.end.bind(res) as (...args: unknown[]) => MedusaResponse
  res.end = ((...args: unknown[]) => {
    const outcome =
      res.statusCode === 401 ? recordLoginFailure(req.scope, attempt) : res.statusCode === 200 ? clearClientLoginFailures(req.scope, attempt) : null
    if (!outcome) return end(...args)
    outcome
      .catch((error: Error) => req.scope.resolve(ContainerRegistrationKeys.LOGGER).error(`Sign-in limit not recorded: ${error.message}`))
      .finally(() => end(...args))
    return res
  }) as MedusaResponse["end"]
  next()
}
