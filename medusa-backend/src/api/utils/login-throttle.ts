/**
 * Slows down password guessing on POST /api/token/. Failed sign-ins are
 * counted per client (its IP address) and per account (the username tried),
 * over API_LOGIN_WINDOW_SECONDS (default 900):
 *
 * - after API_LOGIN_MAX_FAILURES (default 5) from one client, that client is
 *   refused with 429 until its window ends, even with the right password;
 * - after API_LOGIN_MAX_FAILURES_PER_ACCOUNT (default 20) for one account,
 *   from any number of clients, sign-ins to that account through /api are
 *   refused the same way (guessing from many addresses, or with forged
 *   X-Forwarded-For headers when the server is reachable without a proxy).
 *
 * A successful sign-in clears the client's and the account's counts. Counts
 * live in the rate-limit module (Postgres): every server counts together, and two
 * concurrent failures count two.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
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
    { key: `legacy-api:login-failures:client:${attempt.client}`, max: maxPerClient },
    { key: `legacy-api:login-failures:account:${attempt.account.trim().toLowerCase()}`, max: maxPerAccount },
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

export async function clearLoginFailures(container: MedusaContainer, attempt: LoginAttempt): Promise<void> {
  await limits(container).reset(buckets(attempt).map((b) => b.key))
}
