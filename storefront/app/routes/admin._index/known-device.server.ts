/**
 * The staff member's known-device marker (decision 0044): the backend hands one out at every
 * completed sign-in; sent back with later sign-ins, it keeps this browser signing in while
 * strangers' guesses have closed the account to unknown clients. It lives in its own cookie,
 * HttpOnly, for the staff area only, and outlives the 8-hour staff session (90 days, as the
 * backend's marker). The backend signs and checks it; here it is only carried.
 */
import { createCookie } from "@remix-run/node"

import { secureCookies } from "~/modules/staff/session.server"

const KNOWN_DEVICE_SECONDS = 90 * 24 * 60 * 60
const MARKER = /^[A-Za-z0-9_.-]{20,2048}$/

const cookie = (request: Request) =>
  createCookie("admin_known_device", {
    httpOnly: true,
    sameSite: "lax",
    path: "/admin",
    maxAge: KNOWN_DEVICE_SECONDS,
    secure: secureCookies(request),
  })

/** The marker this browser holds, if it looks like one. */
export async function knownDeviceOf(request: Request): Promise<string | null> {
  const value = await cookie(request).parse(request.headers.get("Cookie"))
  return typeof value === "string" && MARKER.test(value) ? value : null
}

/** The Set-Cookie header that stores a new marker. */
export async function rememberKnownDevice(request: Request, marker: string): Promise<string | null> {
  return MARKER.test(marker) ? await cookie(request).serialize(marker) : null
}
