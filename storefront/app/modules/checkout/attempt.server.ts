/**
 * The checkout form's attempt token (decision 0046). Each checkout quote (page load, cart change)
 * gives the form a token naming the browser's Medusa cart, sealed with the storefront's secret
 * (AES-256-GCM: signed, and unreadable, so the cart id never reaches the page). An order request
 * carries it back: "already ordered" (a retry or double submit answering the order the form's cart
 * became) needs a token this storefront issued for that cart, and the order's email. A browser that
 * only holds a cookie naming someone's completed cart gets a new cart, not their order; and the retry
 * does not depend on the cart cookie, which is cleared by the answer that shows the order (an answer
 * lost after its headers arrived must not turn the retry into a second order).
 */
import crypto from "node:crypto"

import { signingKey } from "~/lib/signing.server"

const PURPOSE = "checkout attempt"
const CART_ID = /^cart_[0-9A-Z]{26}$/

const key = () => Buffer.from(signingKey(PURPOSE), "base64url")

/** A fresh token for a checkout form whose Medusa cart is `cartId` (a new one per quote). */
export function issueAttemptToken(cartId: string): string {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv)
  cipher.setAAD(Buffer.from(PURPOSE))
  const sealed = Buffer.concat([cipher.update(cartId, "utf8"), cipher.final()])
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url")
}

/** The cart a token was issued for, or null when it is not one this storefront issued. */
export function cartOfAttempt(token: unknown): string | null {
  if (typeof token !== "string" || token.length > 200 || !/^[A-Za-z0-9_-]+$/.test(token)) return null
  const bytes = Buffer.from(token, "base64url")
  if (bytes.length < 12 + 16 + 1) return null
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key(), bytes.subarray(0, 12))
    decipher.setAAD(Buffer.from(PURPOSE))
    decipher.setAuthTag(bytes.subarray(bytes.length - 16))
    const cartId = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString("utf8")
    return CART_ID.test(cartId) ? cartId : null
  } catch {
    return null
  }
}

/** The form's token was issued by this storefront for this cart. */
export const validAttemptToken = (token: unknown, cartId: string) => cartOfAttempt(token) === cartId
