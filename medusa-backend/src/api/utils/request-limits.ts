/**
 * Per-client limits on what anyone may do without an account: placing orders (each reserves
 * stock and sends an email to the address typed) and sending prescription requests. Over the
 * limit the answer is 429 with Retry-After, and nothing is done. The client is the shopper
 * (src/api/utils/client-address.ts): the storefront passes the shopper's address on, and is a
 * TRUST_PROXY, so a busy storefront is never throttled as one client.
 *
 * Each limit is one or more windows, `<count>/<duration>` separated by commas, parsed with the
 * backend's settings (`requestLimits`, src/lib/config.ts):
 *   RATE_LIMIT_ORDERS                 default "10/1m,60/1h"
 *   RATE_LIMIT_PRESCRIPTION_REQUESTS  default "5/1m,20/1h"
 *   RATE_LIMIT_CARTS                  default "30/1m,300/1h"  new Store API carts (decision 0046)
 *   RATE_LIMIT_PROMOTION_CODES        default "10/1m,50/1h"   promotion codes tried on carts (0046)
 *   RATE_LIMIT_ORDER_STATUS           default "30/1m,300/1h"  order status links opened (0050)
 *   RATE_LIMIT_ORDER_LOOKUP           default "5/15m,20/1d"   "Find my order" tries per shopper (0052)
 *   RATE_LIMIT_ORDER_LOOKUP_EMAIL     default "3/1h,6/1d"     "Find my order" tries per email address typed
 *   RATE_LIMIT_PRESCRIPTION_DOCUMENTS default "5/10m,20/1d"   prescription documents uploaded on a status page (0053)
 * `off` turns a limit off. Counts live in the rate-limit module (Postgres), shared by every server.
 * See docs/decisions/0042-trust-and-abuse-limits.md.
 */
import crypto from "node:crypto"

import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { backendConfig, type LimitName } from "../../lib/config"
import { RATE_LIMIT_MODULE } from "../../modules/rate-limit"
import type RateLimitModuleService from "../../modules/rate-limit/service"
import { sendApiError } from "./api-errors"
import { requestPath } from "./api-gateway"
import { clientAddress } from "./client-address"

/** What each limit counts, for the refusal's sentence. */
const COUNTED: Record<LimitName, string> = {
  orders: "orders",
  "prescription-requests": "requests",
  carts: "new carts",
  "promotion-codes": "discount code attempts",
  "order-status": "order status requests",
  "order-lookup": "order lookups",
  "order-lookup-email": "order lookups for this email address",
  "prescription-documents": "document uploads",
}

const inWords = (seconds: number) => (seconds < 90 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`)

/** Counts one request of `subject` (`client:<address>`, `email:<hash>`) against each window of `name`: the wait in seconds, 0 when within. */
async function hitLimit(req: MedusaRequest, name: LimitName, subject: string): Promise<number> {
  const counters = req.scope.resolve<RateLimitModuleService>(RATE_LIMIT_MODULE)
  let wait = 0
  for (const window of backendConfig().requestLimits[name]) {
    const { count, expiresAt } = await counters.hit(`${name}:${window.seconds}s:${subject}`, window.seconds)
    if (count > window.max) wait = Math.max(wait, Math.ceil((expiresAt.getTime() - Date.now()) / 1000), 1)
  }
  return wait
}

function refuse(req: MedusaRequest, res: MedusaResponse, wait: number, message: string) {
  res.setHeader("Retry-After", String(wait))
  if (/^\/api(\/|$)/.test(requestPath(req))) return sendApiError(res, 429, message)
  res.status(429).json({ type: "too_many_requests", message })
}

/**
 * Counts this request against the client's windows of `name`; 429 when one is over its limit.
 * With `counts`, only the requests it says yes to are counted (and can be refused).
 */
export function limitPerClient(name: LimitName, counts?: (req: MedusaRequest) => boolean) {
  return async function requestLimit(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
    if (counts && !counts(req)) return next()
    const wait = await hitLimit(req, name, `client:${clientAddress(req)}`)
    if (!wait) return next()
    refuse(req, res, wait, `Too many ${COUNTED[name]} from your connection. Please try again in ${inWords(wait)}.`)
  }
}

/**
 * Counts this request against the windows of `name` for the email address its validated body
 * names (kept as a hash: the counters hold no address); 429 when one is over its limit.
 */
export function limitPerEmail(name: LimitName) {
  return async function emailLimit(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
    const email = (req.validatedBody as { email?: unknown } | undefined)?.email
    if (typeof email !== "string") return next()
    const hash = crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("base64url")
    const wait = await hitLimit(req, name, `email:${hash}`)
    if (!wait) return next()
    refuse(req, res, wait, `Too many ${COUNTED[name]}. Please try again in ${inWords(wait)}.`)
  }
}
