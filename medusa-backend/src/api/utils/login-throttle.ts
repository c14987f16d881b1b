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
 * live in Medusa's cache module: in memory for a single server, shared through
 * Redis when REDIS_URL is set (several servers count together).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

type Entry = { failures: number; until: number }
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

/** Seconds until this sign-in may be tried, or 0 when it may be tried now. */
export async function loginBlockedFor(container: MedusaContainer, attempt: LoginAttempt): Promise<number> {
  const cache = container.resolve(Modules.CACHE)
  let wait = 0
  for (const { key, max } of buckets(attempt)) {
    const entry = await cache.get<Entry>(key)
    if (entry && entry.failures >= max) wait = Math.max(wait, Math.ceil((entry.until - Date.now()) / 1000), 1)
  }
  return wait
}

export async function recordLoginFailure(container: MedusaContainer, attempt: LoginAttempt): Promise<void> {
  const cache = container.resolve(Modules.CACHE)
  const { windowSeconds } = throttleSettings()
  const now = Date.now()
  for (const { key } of buckets(attempt)) {
    const entry = await cache.get<Entry>(key)
    const current = entry && entry.until > now ? entry : { failures: 0, until: now + windowSeconds * 1000 }
    await cache.set(key, { failures: current.failures + 1, until: current.until }, Math.max(1, Math.ceil((current.until - now) / 1000)))
  }
}

export async function clearLoginFailures(container: MedusaContainer, attempt: LoginAttempt): Promise<void> {
  const cache = container.resolve(Modules.CACHE)
  for (const { key } of buckets(attempt)) await cache.invalidate(key)
}
