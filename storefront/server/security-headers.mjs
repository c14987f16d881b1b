// Security headers of the storefront's production server (decision 0040):
// a Content-Security-Policy with a fresh nonce per response for Remix's inline
// scripts, frame, sniffing, referrer and permission limits, and HSTS (always in
// production, decision 0047; elsewhere when the request came over HTTPS).
import crypto from "node:crypto"

/** The only third-party frame: the OpenStreetMap embed on /about-us. */
export const FRAME_ORIGINS = ["https://www.openstreetmap.org"]

/** Browser features no page of the store uses. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ")

/** A new nonce for one response: 128 random bits, base64. */
export function createNonce() {
  return crypto.randomBytes(16).toString("base64")
}

function originOf(url) {
  try {
    const { protocol, origin } = new URL(url)
    return protocol === "http:" || protocol === "https:" ? origin : null
  } catch {
    return null
  }
}

/**
 * The origin browsers load the backend's uploads from (decision 0048): BACKEND_PUBLIC_URL, which
 * must be an origin (scheme, host and port; anything else throws an error naming it). Without it,
 * MEDUSA_BACKEND_URL's origin, as before 0048, when the storefront calls the backend at its public
 * address. MEDUSA_BACKEND_URL alone is where the server calls the backend (`npm start`:
 * 127.0.0.1, compose: http://backend:9000), which browsers may not even reach.
 * @param {Record<string, string | undefined>} [env]
 */
export function backendPublicOrigin(env = process.env) {
  const value = env.BACKEND_PUBLIC_URL?.trim()
  if (!value) return originOf(env.MEDUSA_BACKEND_URL?.trim() || "http://localhost:9000")
  let url = null
  try {
    url = new URL(value)
  } catch {
    // Not a URL: refused below with the message that says what is expected.
  }
  const originOnly = url && url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password
  if (!url || !["http:", "https:"].includes(url.protocol) || !originOnly) {
    throw new Error(
      "BACKEND_PUBLIC_URL must be the backend's public origin (scheme, host and port only, " +
        `e.g. https://api.shop.example or http://localhost:9000); got "${value}".`
    )
  }
  return url.origin
}

/**
 * Where pictures may come from besides the storefront: the backend's public origin (uploads under
 * its /static), S3_FILE_URL when uploads are in S3, and CSP_IMG_ORIGINS (comma-separated), e.g. a
 * host that still serves pictures stored before a move.
 * @param {Record<string, string | undefined>} [env]
 */
export function imageOrigins(env = process.env) {
  const urls = [env.S3_FILE_URL, ...(env.CSP_IMG_ORIGINS ?? "").split(",")]
  const origins = urls.map((url) => (url?.trim() ? originOf(url.trim()) : null)).filter((origin) => origin !== null)
  return [...new Set([backendPublicOrigin(env), ...origins].filter((origin) => origin !== null))]
}

/**
 * The Content-Security-Policy of a page whose inline scripts carry `nonce`.
 * Styles may be inline: React renders `style` attributes (the star ratings).
 * @param {{ nonce: string, imageOrigins?: string[] }} options
 */
export function contentSecurityPolicy({ nonce, imageOrigins = [] }) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data:", ...imageOrigins].join(" "),
    `frame-src ${FRAME_ORIGINS.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ")
}

/**
 * Whether the visitor reached us over HTTPS: Express's `req.protocol`, which
 * believes `X-Forwarded-Proto` only from a proxy named in TRUST_PROXY (same rule
 * as the cookies, app/lib/age-gate.server.ts). A client's own header counts for nothing.
 * @param {{ protocol?: string }} req an Express request
 */
export function isSecureRequest(req) {
  return req.protocol === "https"
}

/**
 * Whether to send HSTS: always in production, where the shop is only ever served
 * over HTTPS (browsers ignore the header on plain HTTP, e.g. `npm start` on
 * localhost); elsewhere only when the request came over HTTPS.
 * @param {{ protocol?: string }} req an Express request
 * @param {Record<string, string | undefined>} [env]
 */
export function wantsHsts(req, env = process.env) {
  return env.NODE_ENV === "production" || isSecureRequest(req)
}

/**
 * Every header of one response.
 * @param {{ nonce: string, secure: boolean, imageOrigins?: string[] }} options
 * @returns {Record<string, string>}
 */
export function securityHeaders({ nonce, secure, imageOrigins = [] }) {
  return {
    "Content-Security-Policy": contentSecurityPolicy({ nonce, imageOrigins }),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    ...(secure ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  }
}
