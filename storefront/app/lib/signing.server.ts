/**
 * What the storefront signs for shoppers (decision 0046): the `cart_id` cookie and the checkout
 * form's attempt token. Keys are derived from SESSION_SECRET (the staff session's secret, 0030),
 * one per purpose, so a signature made for one thing is never valid for another. As for the
 * staff area: production needs SESSION_SECRET (at least 16 characters); elsewhere a random key
 * is made per process, and carts made before a restart are then simply replaced.
 */
import crypto from "node:crypto"
import { config } from "./config.server"

let devSecret: string | undefined
let warned = false

function storefrontSecret(): string {
  const secret = process.env.SESSION_SECRET
  if (secret && secret.length >= 16) return secret
  if (config.isProduction) throw new Error("SESSION_SECRET is not set (at least 16 characters): shoppers' carts cannot be signed")
  if (!warned) {
    console.warn("SESSION_SECRET is not set: carts are signed with a random key and are replaced when the storefront restarts")
    warned = true
  }
  devSecret ??= crypto.randomBytes(32).toString("hex")
  return devSecret
}

/** The key for one purpose ("cart_id cookie", "checkout attempt"): an HMAC of the secret, never the secret itself. */
export function signingKey(purpose: string): string {
  return crypto.createHmac("sha256", storefrontSecret()).update(`pharmacy-storefront:${purpose}`).digest("base64url")
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
