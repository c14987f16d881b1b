/**
 * Per-client limits on what anyone may do without an account: placing orders (each reserves
 * stock and sends an email to the address typed) and sending prescription requests. Over the
 * limit the answer is 429 with Retry-After, and nothing is done. The client is the shopper
 * (src/api/utils/client-address.ts): the storefront passes the shopper's address on, and is a
 * TRUST_PROXY, so a busy storefront is never throttled as one client.
 *
 * Each limit is one or more windows, `<count>/<duration>` separated by commas:
 *   RATE_LIMIT_ORDERS                 default "10/1m,60/1h"
 *   RATE_LIMIT_PRESCRIPTION_REQUESTS  default "5/1m,20/1h"
 *   RATE_LIMIT_CARTS                  default "30/1m,300/1h"  new Store API carts (decision 0046)
 *   RATE_LIMIT_PROMOTION_CODES        default "10/1m,50/1h"   promotion codes tried on carts (0046)
 *   RATE_LIMIT_ORDER_STATUS           default "30/1m,300/1h"  order status links opened (0050)
 * `off` turns a limit off. Counts live in the rate-limit module (Postgres), shared by every server.
 * See docs/decisions/0042-trust-and-abuse-limits.md.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import type { SettingsEnv } from "../../lib/settings-env"
import { RATE_LIMIT_MODULE } from "../../modules/rate-limit"
import type RateLimitModuleService from "../../modules/rate-limit/service"
import { sendApiError } from "./api-errors"
import { requestPath } from "./api-gateway"
import { parseLifetime } from "./api-tokens"
import { clientAddress } from "./client-address"

export type LimitWindow = { max: number; seconds: number }

export const REQUEST_LIMITS = {
  orders: { env: "RATE_LIMIT_ORDERS", fallback: "10/1m,60/1h", what: "orders" },
  "prescription-requests": { env: "RATE_LIMIT_PRESCRIPTION_REQUESTS", fallback: "5/1m,20/1h", what: "requests" },
  // Each new cart is rows in Medusa; a shopper needs one per order (decision 0046).
  carts: { env: "RATE_LIMIT_CARTS", fallback: "30/1m,300/1h", what: "new carts" },
  // Codes are guessable words: trying them is counted, whatever the answer (decision 0046).
  "promotion-codes": { env: "RATE_LIMIT_PROMOTION_CODES", fallback: "10/1m,50/1h", what: "discount code attempts" },
  // Each try of a status link is a guess at a token: counted, valid or not (decision 0050).
  "order-status": { env: "RATE_LIMIT_ORDER_STATUS", fallback: "30/1m,300/1h", what: "order status requests" },
} as const

export type LimitName = keyof typeof REQUEST_LIMITS

/** "10/1m,60/1h" -> [{max: 10, seconds: 60}, {max: 60, seconds: 3600}]; "off" -> []. */
export function parseLimitWindows(value: string): LimitWindow[] {
  if (/^\s*(off|0|false|none)\s*$/i.test(value)) return []
  return value.split(",").map((part) => {
    const match = /^\s*(\d+)\s*\/\s*(\S+)\s*$/.exec(part)
    if (!match || Number(match[1]) < 1) throw new Error(`Invalid rate limit "${part.trim()}": use <count>/<duration>, e.g. 10/1m`)
    return { max: Number(match[1]), seconds: parseLifetime(match[2], 60) }
  })
}

export function limitWindows(name: LimitName, env: SettingsEnv = process.env): LimitWindow[] {
  const { env: variable, fallback } = REQUEST_LIMITS[name]
  try {
    return parseLimitWindows(env[variable]?.trim() || fallback)
  } catch (error) {
    throw new Error(`${variable}: ${(error as Error).message}`)
  }
}

/** Fails (at start) on a limit setting that does not parse, naming its variable. */
export function checkRequestLimitSettings(env: SettingsEnv = process.env) {
  for (const name of Object.keys(REQUEST_LIMITS) as LimitName[]) limitWindows(name, env)
}

const inWords = (seconds: number) => (seconds < 90 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`)

/**
 * Counts this request against the client's windows of `name`; 429 when one is over its limit.
 * With `counts`, only the requests it says yes to are counted (and can be refused).
 */
export function limitPerClient(name: LimitName, counts?: (req: MedusaRequest) => boolean) {
  return async function requestLimit(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
    if (counts && !counts(req)) return next()
    const windows = limitWindows(name)
    if (!windows.length) return next()
    const client = clientAddress(req)
    const counters = req.scope.resolve<RateLimitModuleService>(RATE_LIMIT_MODULE)
    let wait = 0
    for (const window of windows) {
      const { count, expiresAt } = await counters.hit(`${name}:${window.seconds}s:client:${client}`, window.seconds)
      if (count > window.max) wait = Math.max(wait, Math.ceil((expiresAt.getTime() - Date.now()) / 1000), 1)
    }
    if (!wait) return next()
    res.setHeader("Retry-After", String(wait))
    const message = `Too many ${REQUEST_LIMITS[name].what} from your connection. Please try again in ${inWords(wait)}.`
    if (/^\/api(\/|$)/.test(requestPath(req))) return sendApiError(res, 429, message)
    res.status(429).json({ type: "too_many_requests", message })
  }
}
