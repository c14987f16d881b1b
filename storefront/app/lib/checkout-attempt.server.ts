/**
 * The checkout form's attempt token (decision 0046). The checkout's quote (page load, cart
 * change) gives the form a token bound to the browser's Medusa cart: a random nonce and an
 * HMAC of the cart id with it. The cart id itself never reaches the page. "Already ordered"
 * (a retry or double submit answering the order a cart became) needs a valid token for that
 * cart, from a form this storefront issued for it, and the order's email: a browser that only
 * holds a cookie naming someone's completed cart gets a new cart, not their order.
 */
import crypto from "node:crypto"
import { sameSignature, sign } from "./signing.server"

const PURPOSE = "checkout attempt"

/** A fresh token for a checkout form whose Medusa cart is `cartId`. */
export function issueAttemptToken(cartId: string): string {
  const nonce = crypto.randomBytes(16).toString("base64url")
  return `${nonce}.${sign(PURPOSE, `${cartId}\n${nonce}`)}`
}

/** The form's token was issued by this storefront for this cart. */
export function validAttemptToken(token: unknown, cartId: string): boolean {
  if (typeof token !== "string" || token.length > 200) return false
  const [nonce, signature, extra] = token.split(".")
  if (!nonce || !signature || extra !== undefined) return false
  return sameSignature(signature, sign(PURPOSE, `${cartId}\n${nonce}`))
}
