/**
 * The signed order status link (issue 23, decision 0050): `<storefront>/order-status/<token>`,
 * which every customer email carries, so a guest can see their order without an account.
 *
 * token = `<order id>.<expiry, unix seconds>.<key version>.<mac>`, where
 * mac = base64url(HMAC-SHA256(ORDER_STATUS_LINK_SECRET,
 *         "harbor-health:order-status-link:v1\n<order id>\n<expiry>\n<version>\n<email, lower-cased>")).
 *
 * - Bound to the order and its email: the email is in the MAC input, not in the token, so a token
 *   stops working if the order's email changes, and tells nothing of the address.
 * - Revocable: the key version is kept on the order (`metadata.status_link_version`, 1 when
 *   unset); bumping it (`revokeOrderStatusLinks`) voids every link issued before.
 * - Stateless: any server with the secret verifies it; nothing is stored per link.
 * - The MAC is compared as the exact string it must be, in constant time; every part of the token
 *   is in the MAC input as written (no number re-formatting), so changing any byte voids it.
 */
import crypto from "node:crypto"

import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

import { weakSecretProblem } from "../../shared/secret-strength"
import { type BackendConfig, backendConfig } from "../config"

export const STATUS_LINK_VERSION_KEY = "status_link_version"

const MAC_LABEL = "harbor-health:order-status-link:v1"
const TOKEN_PATTERN = /^([A-Za-z0-9_]{1,64})\.([1-9]\d{0,11})\.([1-9]\d{0,8})\.([A-Za-z0-9_-]{43})$/

/**
 * ORDER_STATUS_LINK_SECRET (`orderStatusLinks.secret` of src/lib/config.ts). Production requires a
 * strong one (checked at start, with JWT_SECRET and COOKIE_SECRET); development and tests without
 * one derive it from JWT_SECRET, as for the MFA key.
 */
export function statusLinkSecret(config: BackendConfig = backendConfig()): string {
  const { secret } = config.orderStatusLinks
  if (!secret) throw new Error(weakSecretProblem("ORDER_STATUS_LINK_SECRET", secret) ?? "ORDER_STATUS_LINK_SECRET is not set")
  return secret
}

/** The order's current key version: `metadata.status_link_version`, 1 when unset or unreadable. */
export function statusLinkVersion(metadata: Record<string, unknown> | null | undefined): number {
  const value = Number(metadata?.[STATUS_LINK_VERSION_KEY])
  return Number.isSafeInteger(value) && value >= 1 ? value : 1
}

const macOf = (secret: string, orderId: string, expires: string, version: string, email: string) =>
  crypto
    .createHmac("sha256", secret)
    .update([MAC_LABEL, orderId, expires, version, email.trim().toLowerCase()].join("\n"))
    .digest("base64url")

export type StatusLinkOrder = { id: string; email: string; version: number }

/** A token for this order, valid until `expiresAt` (rounded down to the second). */
export function signStatusToken(order: StatusLinkOrder, expiresAt: Date, secret: string): string {
  const expires = String(Math.floor(expiresAt.getTime() / 1000))
  const version = String(order.version)
  return `${order.id}.${expires}.${version}.${macOf(secret, order.id, expires, version, order.email)}`
}

/** The order id a token names, when it has the token's shape (nothing verified yet); null otherwise. */
export function statusTokenOrderId(token: string): string | null {
  return TOKEN_PATTERN.exec(token)?.[1] ?? null
}

/**
 * Whether `token` opens this order's status now: well formed, for this order, not expired, of the
 * order's current key version, and its MAC made with the order's email and `secret`.
 */
export function statusTokenOpens(token: string, order: StatusLinkOrder, secret: string, now: Date = new Date()): boolean {
  const match = TOKEN_PATTERN.exec(token)
  if (!match || !order.email) return false
  const [, orderId, expires, version, mac] = match
  const expected = macOf(secret, orderId, expires, version, order.email)
  // Constant time over equal lengths (both are 43 characters of base64url here).
  const macMatches = mac.length === expected.length && crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(expected))
  return macMatches && orderId === order.id && Number(version) === order.version && Number(expires) * 1000 > now.getTime()
}

/** A fresh token for the order, valid for ORDER_STATUS_LINK_TTL_DAYS. */
export function orderStatusToken(order: StatusLinkOrder, config: BackendConfig = backendConfig(), now: Date = new Date()): string {
  const expiresAt = new Date(now.getTime() + config.orderStatusLinks.ttlDays * 24 * 3600 * 1000)
  return signStatusToken(order, expiresAt, statusLinkSecret(config))
}

/** The link customers get for an order: a fresh token valid for ORDER_STATUS_LINK_TTL_DAYS. */
export function orderStatusLink(order: StatusLinkOrder, config: BackendConfig = backendConfig(), now: Date = new Date()): string {
  return `${config.storefrontOrigin}/order-status/${orderStatusToken(order, config, now)}`
}

/** Voids every status link of the order issued so far (staff or ops: a forwarded email, a changed address). */
export async function revokeOrderStatusLinks(container: MedusaContainer, orderId: string): Promise<number> {
  const orders = container.resolve(Modules.ORDER)
  const order = await orders.retrieveOrder(orderId, { select: ["id", "metadata"] })
  const version = statusLinkVersion(order.metadata) + 1
  await orders.updateOrders(orderId, { metadata: { ...(order.metadata ?? {}), [STATUS_LINK_VERSION_KEY]: version } })
  return version
}
