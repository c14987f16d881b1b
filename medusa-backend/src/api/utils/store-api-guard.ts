/**
 * Medusa's Store API, closed where the shop does not use it (issue 21, decision 0046).
 *
 * The shop sells to guests only: no customer accounts, no returns through the API, and the
 * order a shopper placed is shown from the completion's own answer, never read back by id.
 * Medusa still serves those routes to anyone holding the (public) publishable key, and its
 * `GET /store/orders/{id}` answers an anonymous order's email, address and medicines. So:
 *
 * - `/store/orders*` (read, list, transfer), `/store/returns*`, `/store/customers*`,
 *   (not `/store/order-status/{token}`: the signed status link of decision 0050 is ours, open),
 *   `/store/carts/{id}/customer` and `/auth/customer/*` answer 404 `not_found` in Medusa's
 *   error shape, whatever the id: the routes do not exist for this shop, and the answer says
 *   nothing about which orders exist.
 * - A completed cart answers nothing but `POST /store/carts/{id}/complete` (idempotent: its
 *   order, for the shopper whose answer was lost) and only for COMPLETED_CART_GRACE after it
 *   was completed (default 10m, src/lib/config.ts); every other call on it is 404 with no data.
 *
 * Express matches routes on the raw path, case-insensitively, and decodes route parameters,
 * so `/auth/%63ustomer/emailpass` and `/STORE/ORDERS/...` reach Medusa's routes; the closed
 * routes are therefore decided here on the decoded, lower-cased path, not by literal matchers.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"

import { backendConfig } from "../../lib/config"

const NO_ACCOUNTS = "This shop has no customer accounts: orders are placed as a guest, and each order's details are sent by email."

/** The routes the shop does not offer, on the decoded, lower-cased path. */
const CLOSED_ROUTES: { pattern: RegExp; message: string }[] = [
  {
    pattern: /^\/store\/orders(\/|$)/,
    message: "Orders cannot be read through the Store API. The order confirmation email has the order's details.",
  },
  {
    pattern: /^\/store\/returns(\/|$)/,
    message: "Returns are not taken through the Store API. Please contact the pharmacy about a return.",
  },
  { pattern: /^\/store\/customers(\/|$)/, message: NO_ACCOUNTS },
  { pattern: /^\/store\/carts\/[^/]+\/customer(\/|$)/, message: NO_ACCOUNTS },
  { pattern: /^\/auth\/customer(\/|$)/, message: NO_ACCOUNTS },
]

/**
 * The path as Medusa's routes see it: each segment decoded, lower-cased (Express routes are
 * case-insensitive), empty segments and a trailing slash dropped. Null when a segment is not
 * valid percent-encoding (Express refuses those too).
 */
export function decodedPath(rawPath: string): string | null {
  try {
    const segments = rawPath
      .split("?")[0]
      .split("/")
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment).toLowerCase())
    return `/${segments.join("/")}`
  } catch {
    return null
  }
}

const notFound = (res: MedusaResponse, message: string) => res.status(404).json({ type: MedusaError.Types.NOT_FOUND, message })

/** The route a request reaches, as it is decided here (the raw URL: this runs under /store and /auth mounts). */
const rawPath = (req: MedusaRequest) => req.originalUrl ?? req.url ?? ""

/** Refuses the Store API and auth routes the shop does not offer (mounted on /store and /auth). */
export function refuseClosedRoutes(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const path = decodedPath(rawPath(req))
  if (path === null) return res.status(400).json({ type: MedusaError.Types.INVALID_DATA, message: "The request's path is not valid." })
  const closed = CLOSED_ROUTES.find((route) => route.pattern.test(path))
  if (closed) return notFound(res, closed.message)
  next()
}

/** The cart's completion time, or null while it is open (or unknown: Medusa answers that itself). */
async function completedAt(req: MedusaRequest, cartId: string): Promise<Date | null> {
  const carts = await req.scope.resolve(Modules.CART).listCarts({ id: cartId }, { select: ["id", "completed_at"], take: 1 })
  const at = carts[0]?.completed_at
  return at ? new Date(at) : null
}

const ALREADY_ORDERED = "This cart was already ordered: it can no longer be read or changed. Please start a new cart."

/**
 * Every `/store/carts/{id}...` call on a completed cart is 404 with no data, except its
 * completion (decided by `answerCompletionWithinGrace`, which runs after the order limit).
 */
export async function refuseCompletedCarts(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const path = decodedPath(rawPath(req))
  const match = path && /^\/store\/carts\/([^/]+)(\/.*)?$/.exec(path)
  if (!match) return next()
  if (req.method === "POST" && match[2] === "/complete") return next()
  const cartId = req.params?.id
  if (typeof cartId !== "string" || !cartId) return next()
  if (await completedAt(req, cartId)) return notFound(res, ALREADY_ORDERED)
  next()
}

/**
 * `POST /store/carts/{id}/complete` on a completed cart answers its order (Medusa's completion
 * is idempotent) for the grace period only: a retry after a lost answer. Later, 404.
 */
export async function answerCompletionWithinGrace(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const at = await completedAt(req, req.params.id)
  if (!at || Date.now() - at.getTime() <= backendConfig().completedCartGraceSeconds * 1000) return next()
  notFound(res, "This cart was ordered a while ago: its order is no longer shown here. The order confirmation email has its details.")
}

/** A cart call that tries promotion codes (creation or update with `promo_codes`, or POST .../promotions): counted per shopper. */
export const triesPromotionCodes = (req: MedusaRequest) => {
  const codes = (req.body as { promo_codes?: unknown } | undefined)?.promo_codes
  return Array.isArray(codes) && codes.length > 0
}
