/**
 * The one limiter of every staff password or code check: the legacy POST /api/token/ and
 * /api/token/mfa/, and every Medusa route under /auth that checks a password or a code or
 * mints a token (src/api/utils/medusa-auth-guard.ts). Decision 0044 (amends 0042).
 *
 * Every attempt is counted BEFORE it is checked (an atomic increment in the rate-limit module,
 * Postgres), and only then decided on, so parallel attempts cannot overtake the count: of 20
 * at once from one client, exactly API_LOGIN_MAX_FAILURES are checked. An attempt that turns
 * out right is given back; a completed sign-in also clears the client's own count. So the
 * counts are, in effect, failed (or refused) attempts within API_LOGIN_WINDOW_SECONDS:
 *
 * - per client (its address, client-address.ts): over API_LOGIN_MAX_FAILURES (5), 429 with
 *   Retry-After until its window ends, even with the right password;
 * - per account (the email tried): over API_LOGIN_MAX_FAILURES_PER_ACCOUNT (20), from any
 *   number of clients, 429 too, except for a KNOWN client of that account, so a stranger can
 *   slow guessing on an account but cannot lock its staff member out: a client is known when
 *   it signed in to the account within the last 30 days from the same address, or presents a
 *   known-device marker the backend signed for that account at a completed sign-in (90 days;
 *   header X-Known-Device or cookie staff_known_device). A marker is itself limited like a
 *   client (a copied marker used from many addresses is counted once).
 */
import crypto from "node:crypto"
import type { IncomingMessage } from "node:http"

import type { MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import jwt from "jsonwebtoken"

import { backendConfig } from "../../lib/config"
import { RATE_LIMIT_MODULE } from "../../modules/rate-limit"
import type RateLimitModuleService from "../../modules/rate-limit/service"
import type { WindowCount } from "../../modules/rate-limit/service"
import { purposeKey } from "./api-tokens"

/** How long a client that signed in stays known to the account by its address. */
const KNOWN_CLIENT_SECONDS = 30 * 24 * 3600
/** How long a known-device marker works. */
const KNOWN_DEVICE_SECONDS = 90 * 24 * 3600
export const KNOWN_DEVICE_HEADER = "x-known-device"
export const KNOWN_DEVICE_COOKIE = "staff_known_device"
const KNOWN_DEVICE_AUDIENCE = "pharmacy-known-staff-device"

export const normalizeAccount = (account: string) => account.trim().toLowerCase()

const keys = {
  client: (client: string) => `sign-in:client:${client}`,
  account: (account: string) => `sign-in:account:${account}`,
  device: (id: string) => `sign-in:device:${id}`,
  knownClient: (account: string, client: string) => `sign-in:known:${account}:${client}`,
}

export type SignInAttempt = {
  client: string
  /** The email tried; empty when the route does not name one (its attempts count per client only). */
  account: string
  /** A known-device marker sent with the attempt, if any. */
  device?: string | null
}

/** An attempt that was counted and may be checked: what to give back or clear once its outcome is known. */
export type AttemptTicket = { client: string; account: string; deviceId: string | null }

export type AttemptGate = { allowed: true; ticket: AttemptTicket } | { allowed: false; waitSeconds: number }

/**
 * - `failed`: a wrong password or code (or a refused request): it stays counted;
 * - `passed`: the password or code was right, but the sign-in is not complete (a second factor
 *   follows): given back;
 * - `completed`: tokens were handed out: given back, the client's (and its marker's) count
 *   cleared, the client remembered as known to the account.
 */
export type AttemptOutcome = "failed" | "passed" | "completed"

const limits = (container: MedusaContainer) => container.resolve<RateLimitModuleService>(RATE_LIMIT_MODULE)

const secondsLeft = (window: WindowCount) => Math.max(1, Math.ceil((window.expiresAt.getTime() - Date.now()) / 1000))

/** The device id of a marker signed for this account, or null. */
export function readKnownDevice(container: MedusaContainer, marker: string | null | undefined, account: string): string | null {
  if (!marker || !account) return null
  try {
    const claims = jwt.verify(marker, purposeKey(container, "known staff devices v1"), {
      algorithms: ["HS256"],
      audience: KNOWN_DEVICE_AUDIENCE,
      subject: normalizeAccount(account),
    })
    return typeof claims === "object" && typeof claims.jti === "string" ? claims.jti : null
  } catch {
    return null
  }
}

function signKnownDevice(container: MedusaContainer, account: string, deviceId: string): string {
  return jwt.sign({}, purposeKey(container, "known staff devices v1"), {
    algorithm: "HS256",
    audience: KNOWN_DEVICE_AUDIENCE,
    subject: normalizeAccount(account),
    jwtid: deviceId,
    expiresIn: KNOWN_DEVICE_SECONDS,
  })
}

/** The marker a client sent: the X-Known-Device header (API clients) or the cookie (Medusa Admin's browser). */
export function knownDeviceOf(req: IncomingMessage): string | null {
  const header = req.headers[KNOWN_DEVICE_HEADER]
  if (typeof header === "string" && header.trim()) return header.trim()
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=")
    if (name === KNOWN_DEVICE_COOKIE && value.length) return value.join("=")
  }
  return null
}

/** Hands a new marker to a browser that signed in through Medusa's /auth routes. */
export function setKnownDeviceCookie(res: MedusaResponse, marker: string) {
  const secure = backendConfig().production ? "; Secure" : ""
  res.append(
    "Set-Cookie",
    `${KNOWN_DEVICE_COOKIE}=${marker}; Path=/auth; Max-Age=${KNOWN_DEVICE_SECONDS}; HttpOnly; SameSite=Strict${secure}`
  )
}

/**
 * Counts the attempt, then decides: refused (429 for `waitSeconds`) when a limit is exceeded,
 * else a ticket to settle once the password or code was checked.
 */
export async function beginSignInAttempt(container: MedusaContainer, attempt: SignInAttempt): Promise<AttemptGate> {
  const { maxPerClient, maxPerAccount, windowSeconds } = backendConfig().signInLimits
  const counter = limits(container)
  const client = await counter.hit(keys.client(attempt.client), windowSeconds)
  if (client.count > maxPerClient) return { allowed: false, waitSeconds: secondsLeft(client) }
  const account = normalizeAccount(attempt.account)
  const ticket: AttemptTicket = { client: attempt.client, account, deviceId: readKnownDevice(container, attempt.device, account) }
  if (ticket.deviceId) {
    const device = await counter.hit(keys.device(ticket.deviceId), windowSeconds)
    if (device.count > maxPerClient) return { allowed: false, waitSeconds: secondsLeft(device) }
  }
  if (!account) return { allowed: true, ticket }
  const perAccount = await counter.hit(keys.account(account), windowSeconds)
  if (perAccount.count > maxPerAccount && !(ticket.deviceId || (await isKnownClient(container, account, attempt.client)))) {
    return { allowed: false, waitSeconds: secondsLeft(perAccount) }
  }
  return { allowed: true, ticket }
}

async function isKnownClient(container: MedusaContainer, account: string, client: string): Promise<boolean> {
  const key = keys.knownClient(account, client)
  return (await limits(container).peek([key])).has(key)
}

/** Records how a counted attempt ended; on `completed`, answers the known-device marker to hand out. */
export async function settleSignInAttempt(
  container: MedusaContainer,
  ticket: AttemptTicket,
  outcome: AttemptOutcome
): Promise<string | null> {
  if (outcome === "failed") return null
  const counter = limits(container)
  if (ticket.account) await counter.giveBack(keys.account(ticket.account))
  if (outcome === "passed") {
    await counter.giveBack(keys.client(ticket.client))
    if (ticket.deviceId) await counter.giveBack(keys.device(ticket.deviceId))
    return null
  }
  await counter.reset([keys.client(ticket.client), ...(ticket.deviceId ? [keys.device(ticket.deviceId)] : [])])
  if (!ticket.account) return null
  await counter.hit(keys.knownClient(ticket.account, ticket.client), KNOWN_CLIENT_SECONDS)
  return signKnownDevice(container, ticket.account, ticket.deviceId ?? crypto.randomUUID())
}

export const tooManySignInsMessage = (waitSeconds: number) =>
  `Too many failed sign-in attempts. Try again in ${Math.ceil(waitSeconds / 60)} minute(s).`
