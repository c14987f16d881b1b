/**
 * What the storefront signs for shoppers (decision 0046): the `cart_id` cookie and the checkout
 * form's attempt token. Keys are derived from SESSION_SECRET (the staff session's secret, 0030),
 * one per purpose, so a signature made for one thing is never valid for another (the secret's
 * rules: app/lib/session-secret.server.ts).
 */
import crypto from "node:crypto"

import { sessionSecret } from "./session-secret.server"

/** The key for one purpose ("cart_id cookie", "checkout attempt"): an HMAC of the secret, never the secret itself. */
export function signingKey(purpose: string): string {
  return crypto.createHmac("sha256", sessionSecret()).update(`pharmacy-storefront:${purpose}`).digest("base64url")
}

/** HMAC-SHA256 of `data` with the purpose's key, base64url. */
export function sign(purpose: string, data: string): string {
  return crypto.createHmac("sha256", signingKey(purpose)).update(data).digest("base64url")
}

/** Constant-time comparison of two signatures. */
export function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && crypto.timingSafeEqual(left, right)
}
