/**
 * The age gate (spec §2, §4): a visitor who said they are over 18 gets a
 * cookie; every gated route's loader (and action) calls `requireAgeVerified`
 * first, so a gated page is never rendered, not even briefly, for anyone
 * else, with or without JavaScript. See docs/decisions/0011-age-gate-cookie.md.
 */
import { createCookie, redirect } from "@remix-run/node"

import { config } from "./config.server"
import { safeRedirect } from "./safe-redirect"

export const AGE_GATE_PATH = "/age-check"

/**
 * Not signed: the cookie records a visitor's own statement, which anyone can
 * make by clicking "over 18"; there is nothing to forge. HttpOnly so scripts
 * never depend on it, a year long because the spec never clears the flag.
 */
export const ageVerifiedCookie = createCookie("age_verified", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
})

export async function isAgeVerified(request: Request): Promise<boolean> {
  try {
    return (await ageVerifiedCookie.parse(request.headers.get("Cookie"))) === true
  } catch {
    return false
  }
}

/** Sends an unverified visitor to the age check, remembering where they were going. */
export async function requireAgeVerified(request: Request): Promise<void> {
  if (await isAgeVerified(request)) return
  const url = new URL(request.url)
  const target = `${url.pathname}${url.search}`
  throw redirect(`${AGE_GATE_PATH}?redirectTo=${encodeURIComponent(target)}`, {
    headers: { "Cache-Control": "no-store" },
  })
}

/** After verification: back to the gated page the visitor asked for, else the shop (spec §4). */
export const afterVerification = (redirectTo: unknown) => safeRedirect(redirectTo, "/shop", [AGE_GATE_PATH])

/**
 * Whether the visitor came over HTTPS: the request's own scheme, which the server
 * takes from the connection, or from `X-Forwarded-Proto` only when a proxy named in
 * TRUST_PROXY sent it. A client's own `X-Forwarded-Proto` counts for nothing.
 */
export const isSecureRequest = (request: Request) => new URL(request.url).protocol === "https:"

/**
 * Cookies are `Secure` always in production, whatever the request says (decision
 * 0047): a TLS proxy in front may speak plain HTTP to us. Elsewhere (development,
 * tests) over HTTPS only. Browsers accept Secure cookies from http://localhost.
 */
export const secureCookie = (request: Request) => config.isProduction || isSecureRequest(request)

export function verifiedCookieHeader(request: Request) {
  return ageVerifiedCookie.serialize(true, { secure: secureCookie(request) })
}
