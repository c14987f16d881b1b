/**
 * The order the visitor just placed, for /order-confirmation (spec §2: the
 * order comes "in navigation state"; without one, go to /shop). Kept in a
 * session cookie (no Max-Age: gone when the browser session ends), HttpOnly,
 * SameSite=Lax, Secure over HTTPS, and for one hour at most, so a reload shows
 * the order again but a shared computer does not keep it. Only the summary the
 * page shows is in it, never the cart's id (it reaches the page's scripts; decision 0046),
 * and the order's status link token (issue 23, decision 0050), with which the page reads the
 * order's current status and how to pay it.
 * See docs/decisions/0022-order-confirmation-cookie.md.
 */
import { createCookie } from "@remix-run/node"

import { secureCookie } from "~/lib/age-gate.server"
import { isStatusToken } from "~/lib/data/orders.server"

import type { Confirmation } from "./placed-order.server"

export const CONFIRMATION_TTL_MS = 60 * 60 * 1000

export type ConfirmedOrder = {
  id: string
  email: string
  total: number
  shippingAddress: string
  /** The payment method's label (app/lib: @shared/payment-methods). */
  paymentMethod: string
  /** The shipping option's name and the expected ship date (YYYY-MM-DD); null when not known (decision 0059). */
  shipping: { name: string; shipDate: string } | null
  placedAt: number
  /** The order status link's token; null when the backend gave none (the page then shows the order without its status). */
  statusToken: string | null
}

/**
 * Not signed: it holds what the visitor typed and the order number the
 * backend gave them; a forged cookie only changes what its own browser shows
 * (React escapes it), and signing would add a secret to manage for nothing.
 */
const orderCookie = createCookie("order_confirmation", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
})

export function confirmationCookieHeader(request: Request, placed: Confirmation, now = Date.now()) {
  const value: ConfirmedOrder = {
    id: placed.number,
    email: placed.email,
    total: placed.total,
    shippingAddress: placed.shippingAddress,
    paymentMethod: placed.paymentLabel,
    shipping: placed.shipping,
    placedAt: now,
    statusToken: isStatusToken(placed.statusToken) ? placed.statusToken : null,
  }
  return orderCookie.serialize(value, { secure: secureCookie(request) })
}

const text = (value: unknown, max: number): value is string => typeof value === "string" && value.length > 0 && value.length <= max

/** The order in the cookie, or null when there is none, it is malformed or older than an hour. */
export function parseConfirmedOrder(value: unknown, now = Date.now()): ConfirmedOrder | null {
  if (!value || typeof value !== "object") return null
  const order = value as Record<string, unknown>
  if (!text(order.id, 100) || !text(order.email, 254) || !text(order.shippingAddress, 600)) return null
  if (!text(order.paymentMethod, 60)) return null
  if (typeof order.total !== "number" || !Number.isFinite(order.total) || order.total < 0) return null
  if (typeof order.placedAt !== "number" || now - order.placedAt > CONFIRMATION_TTL_MS || order.placedAt > now + 60_000) return null
  // None (a cookie set before issue 23, or no token from the backend) is fine; anything else must look like a token.
  const statusToken = order.statusToken ?? null
  if (statusToken !== null && !isStatusToken(statusToken)) return null
  const shipping = order.shipping as Record<string, unknown> | null | undefined
  return {
    id: order.id,
    email: order.email,
    total: order.total,
    shippingAddress: order.shippingAddress,
    paymentMethod: order.paymentMethod,
    // Optional (a cookie set before decision 0059 has none); a malformed one is left out, not trusted.
    shipping:
      shipping && text(shipping.name, 120) && typeof shipping.shipDate === "string" && /^\d{4}-\d{2}-\d{2}$/.test(shipping.shipDate)
        ? { name: shipping.name, shipDate: shipping.shipDate }
        : null,
    placedAt: order.placedAt,
    statusToken,
  }
}

export async function readConfirmedOrder(request: Request): Promise<ConfirmedOrder | null> {
  try {
    return parseConfirmedOrder(await orderCookie.parse(request.headers.get("Cookie")))
  } catch {
    return null
  }
}
