/**
 * The backend's own settings, parsed and checked in one place (decision 0051): every variable the
 * app's code or medusa-config.ts decides on, with its default, as typed values. Nothing else in
 * the backend reads `process.env` for them.
 *
 * - `readBackendConfig(env)` parses an environment with one zod schema per setting and answers the
 *   config, or throws a `SettingsError` naming every variable that is wrong, each in one sentence.
 * - `backendConfig()` is the process's config: read from `process.env` once, on first use, then
 *   kept. `medusa start` and `medusa develop` use it in instrumentation.ts before anything is served,
 *   so a bad value stops the start; medusa-config.ts reads the same environment with
 *   `readBackendConfig` for the modules' options, and so stops every `medusa` command on a bad
 *   value (`settingsOrExit`: the sentences on stderr, exit status 1).
 * - Durations are seconds ("90") or what the `ms` package reads ("15m", "12h", "7d", "1 week").
 *
 * Medusa's own settings (DATABASE_URL, REDIS_URL, the CORS of its APIs, MEDUSA_WORKER_MODE, S3) stay
 * in medusa-config.ts, which hands them to Medusa as they are. Production's extra requirements
 * (strong secrets, a real storefront URL and support address) are checked at start:
 * src/lib/deployment-settings.ts.
 */
import crypto from "node:crypto"
import path from "node:path"

import { parseCorsOrigins } from "@medusajs/framework/utils"
import ms from "ms"
import proxyAddr from "proxy-addr"
import { z } from "zod"

import { type PaymentMethod, STORE } from "../shared/store-constants"
import { originOf } from "./public-url"

/** The environment settings are read from: `process.env` in the servers, a plain object in tests. */
export type SettingsEnv = Readonly<Record<string, string | undefined>>

/** Refusing to start: every setting that is wrong, one sentence each. */
export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Refusing to start:\n${problems.map((problem) => `  - ${problem}`).join("\n")}\nSee README.md, Environment variables.`)
    this.name = "SettingsError"
  }
}

/**
 * `read()`; when the settings are wrong, their sentences on stderr as they are written (Medusa's
 * production logger would print them as escaped JSON) and exit status 1: the start is refused.
 */
export function settingsOrExit<T>(read: () => T, exit: (code: number) => never = process.exit): T {
  try {
    return read()
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error
    console.error(error.message)
    return exit(1)
  }
}

/** A value that is not one: parsers throw it with the sentence ops read. */
class Refusal extends Error {}
const refuse = (message: string): never => {
  throw new Refusal(message)
}

/**
 * One setting: unset or blank is `fallback`; anything else goes through `parse`, whose refusal
 * (a sentence naming the variable) is the setting's problem.
 */
function setting<T>(parse: (raw: string) => T, fallback: T) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T => {
      if (raw === undefined || raw.trim() === "") return fallback
      try {
        return parse(raw)
      } catch (error) {
        if (!(error instanceof Refusal)) throw error
        ctx.addIssue({ code: "custom", message: error.message, input: raw })
        return z.NEVER
      }
    })
}

// --- Parsers ------------------------------------------------------------------------------------------

/** Seconds ("90") or a duration `ms` reads ("15m", "1.5h", "7d", "2 weeks"), in whole seconds; null when it is neither. */
export function durationSeconds(value: string): number | null {
  const text = value.trim()
  const millis = /^\d+$/.test(text) ? Number(text) * 1000 : text.length <= 100 ? ms(text as ms.StringValue) : undefined
  return typeof millis === "number" && Number.isFinite(millis) ? Math.floor(millis / 1000) : null
}

/** A lifetime in seconds: "900", "15m", "12h", "7d"; blank is `fallback`. */
export function parseLifetime(value: string | undefined, fallback: number): number {
  if (!value?.trim()) return fallback
  const seconds = durationSeconds(value)
  if (seconds === null) throw new Error(`Invalid token lifetime "${value}": use seconds or a number with s, m, h or d`)
  if (seconds < 1) throw new Error(`Invalid token lifetime "${value}": must be at least one second`)
  return seconds
}

export type LimitWindow = { max: number; seconds: number }

/** "10/1m,60/1h" -> [{max: 10, seconds: 60}, {max: 60, seconds: 3600}]; "off" -> []. */
export function parseLimitWindows(value: string): LimitWindow[] {
  if (/^\s*(off|0|false|none)\s*$/i.test(value)) return []
  return value.split(",").map((part) => {
    const match = /^\s*(\d+)\s*\/\s*(\S+)\s*$/.exec(part)
    const seconds = match ? durationSeconds(match[2]) : null
    if (!match || Number(match[1]) < 1 || !seconds || seconds < 1) {
      throw new Error(`Invalid rate limit "${part.trim()}": use <count>/<duration>, e.g. 10/1m`)
    }
    return { max: Number(match[1]), seconds }
  })
}

const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  setting((raw) => {
    if (!/^\s*\d+\s*$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      refuse(`${name} must be a whole number from ${min} to ${max} (got "${raw}"); unset it for the default (${fallback}).`)
    }
    return Number(raw)
  }, fallback)

/**
 * A number of days (the unit is in the name, so "7d" is refused): whole from `min`, or any number
 * above `min`, up to `max`.
 */
const numberOfDays = (name: string, { whole, min, max, fallback }: { whole: boolean; min: number; max: number; fallback: number }) =>
  setting((raw) => {
    const days = Number(raw)
    const written = whole ? /^\s*\d+\s*$/ : /^\s*\d+(\.\d+)?\s*$/
    if (!written.test(raw) || (whole ? days < min : !(days > min)) || days > max) {
      refuse(
        `${name} must be ${whole ? `a whole number of days from ${min} to ${max}` : `a number of days above ${min} and at most ${max}`} ` +
          `(got "${raw}"); unset it for the default (${fallback}).`
      )
    }
    return days
  }, fallback)

const flag = (name: string) =>
  setting((raw) => {
    const text = raw.trim().toLowerCase()
    if (text !== "true" && text !== "false") refuse(`${name} must be true or false, not "${raw}".`)
    return text === "true"
  }, false)

const text = z
  .string()
  .optional()
  .transform((raw) => raw?.trim() || undefined)

/** Each limit is one or more windows, `<count>/<duration>` separated by commas; `off` turns it off. */
export const REQUEST_LIMIT_SETTINGS = {
  orders: { variable: "RATE_LIMIT_ORDERS", fallback: "10/1m,60/1h" },
  "prescription-requests": { variable: "RATE_LIMIT_PRESCRIPTION_REQUESTS", fallback: "5/1m,20/1h" },
  // Each new cart is rows in Medusa; a shopper needs one per order (decision 0046).
  carts: { variable: "RATE_LIMIT_CARTS", fallback: "30/1m,300/1h" },
  // Codes are guessable words: trying them is counted, whatever the answer (decision 0046).
  "promotion-codes": { variable: "RATE_LIMIT_PROMOTION_CODES", fallback: "10/1m,50/1h" },
  // Each try of a status link is a guess at a token: counted, valid or not (decision 0050).
  "order-status": { variable: "RATE_LIMIT_ORDER_STATUS", fallback: "30/1m,300/1h" },
  // Each match emails a link: counted per shopper and per address typed, matched or not (decision 0052).
  "order-lookup": { variable: "RATE_LIMIT_ORDER_LOOKUP", fallback: "5/15m,20/1d" },
  "order-lookup-email": { variable: "RATE_LIMIT_ORDER_LOOKUP_EMAIL", fallback: "3/1h,6/1d" },
  // Each upload is up to 10 MB encrypted and stored: counted per shopper, accepted or not (issue 24).
  "prescription-documents": { variable: "RATE_LIMIT_PRESCRIPTION_DOCUMENTS", fallback: "5/10m,20/1d" },
} as const

export type LimitName = keyof typeof REQUEST_LIMIT_SETTINGS

const requestLimit = (name: LimitName) => {
  const { variable, fallback } = REQUEST_LIMIT_SETTINGS[name]
  return setting((raw) => {
    try {
      return parseLimitWindows(raw.trim())
    } catch (error) {
      return refuse(`${variable}: ${(error as Error).message}`)
    }
  }, parseLimitWindows(fallback))
}

const lifetime = (name: string, fallback: number) =>
  setting((raw) => {
    try {
      return parseLifetime(raw, fallback)
    } catch (error) {
      return refuse(`${name}: ${(error as Error).message}`)
    }
  }, fallback)

export type Trust = (address: string, hop: number) => boolean

/** TRUST_PROXY: off (default), or addresses, CIDR ranges and loopback, linklocal, uniquelocal (proxy-addr's names). */
const trustProxy = setting(
  (raw): Trust => {
    const list = raw
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean)
    if (list.some((entry) => ["off", "false", "0", "none"].includes(entry.toLowerCase()))) return () => false
    try {
      return proxyAddr.compile(list)
    } catch (error) {
      return refuse(
        `TRUST_PROXY is invalid ("${raw}"): ${(error as Error).message}. ` +
          "Use off, or addresses, CIDR ranges and loopback, linklocal, uniquelocal, separated by commas."
      )
    }
  },
  () => false
)

const origin = (refusal: (value: string) => string) =>
  setting((raw): string | undefined => originOf(raw.trim()) ?? refuse(refusal(raw.trim())), undefined)

const backendOriginOf = (name: string) =>
  origin(
    (value) =>
      `${name} must be the backend's public origin (scheme, host and port only, e.g. https://api.shop.example or ` +
      `http://localhost:9000); got "${value}".`
  )

export const DEFAULT_UNPAID_ORDER_TTL_DAYS = 3
/** A patient's prescription documents are kept as long as the order's records: about 7 years (decision 0053). */
export const DEFAULT_PRESCRIPTION_DOCUMENT_RETENTION_DAYS = 2555
export const DEFAULT_STATUS_LINK_TTL_DAYS = 180
/** The issue's floor: a link must outlive any order's story (payment, review, shipping, delivery). */
export const MIN_STATUS_LINK_TTL_DAYS = 120
export const COMPLETED_CART_GRACE_DEFAULT_SECONDS = 10 * 60
export const DEV_SUPPORT_EMAIL = "support@harborhealth.example"

/** The variables, in the order their problems are listed. */
const settingsSchema = z.object({
  NODE_ENV: text,
  DEV_PLACEHOLDERS: flag("DEV_PLACEHOLDERS"),
  TRUST_PROXY: trustProxy,
  BACKEND_PUBLIC_URL: backendOriginOf("BACKEND_PUBLIC_URL"),
  MEDUSA_BACKEND_URL: text,
  STOREFRONT_PUBLIC_URL: origin(
    (value) =>
      `STOREFRONT_PUBLIC_URL must be the storefront's public origin (scheme, host and port only, e.g. https://shop.example or ` +
      `http://localhost:3000); got "${value}".`
  ),
  STORE_CORS: text,
  API_CORS: text,
  SUPPORT_EMAIL: setting(
    (raw) =>
      /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw.trim()) ? raw.trim() : refuse(`SUPPORT_EMAIL is not an email address ("${raw.trim()}").`),
    undefined as string | undefined
  ),
  JWT_SECRET: z.string().optional(),
  COOKIE_SECRET: z.string().optional(),
  ORDER_STATUS_LINK_SECRET: z.string().optional(),
  ORDER_STATUS_LINK_TTL_DAYS: numberOfDays("ORDER_STATUS_LINK_TTL_DAYS", {
    whole: true,
    min: MIN_STATUS_LINK_TTL_DAYS,
    max: 3650,
    fallback: DEFAULT_STATUS_LINK_TTL_DAYS,
  }),
  API_ACCESS_TOKEN_TTL: lifetime("API_ACCESS_TOKEN_TTL", 15 * 60),
  API_REFRESH_TOKEN_TTL: lifetime("API_REFRESH_TOKEN_TTL", 7 * 24 * 3600),
  API_LOGIN_MAX_FAILURES: wholeNumber("API_LOGIN_MAX_FAILURES", 1, 100_000, 5),
  API_LOGIN_MAX_FAILURES_PER_ACCOUNT: wholeNumber("API_LOGIN_MAX_FAILURES_PER_ACCOUNT", 1, 100_000, 20),
  API_LOGIN_WINDOW_SECONDS: setting((raw) => {
    const seconds = durationSeconds(raw)
    return seconds && seconds >= 1
      ? seconds
      : refuse(`API_LOGIN_WINDOW_SECONDS must be seconds or a duration such as 15m (got "${raw}"); unset it for the default (900).`)
  }, 15 * 60),
  RATE_LIMIT_ORDERS: requestLimit("orders"),
  RATE_LIMIT_PRESCRIPTION_REQUESTS: requestLimit("prescription-requests"),
  RATE_LIMIT_CARTS: requestLimit("carts"),
  RATE_LIMIT_PROMOTION_CODES: requestLimit("promotion-codes"),
  RATE_LIMIT_ORDER_STATUS: requestLimit("order-status"),
  RATE_LIMIT_ORDER_LOOKUP: requestLimit("order-lookup"),
  RATE_LIMIT_ORDER_LOOKUP_EMAIL: requestLimit("order-lookup-email"),
  RATE_LIMIT_PRESCRIPTION_DOCUMENTS: requestLimit("prescription-documents"),
  COMPLETED_CART_GRACE: setting((raw) => {
    const seconds = durationSeconds(raw)
    return seconds && seconds >= 1
      ? seconds
      : refuse(`COMPLETED_CART_GRACE is invalid ("${raw}"): use seconds or a number with s, m or h, e.g. 10m`)
  }, COMPLETED_CART_GRACE_DEFAULT_SECONDS),
  ORDER_MAX_UNITS_PER_RX_LINE: wholeNumber("ORDER_MAX_UNITS_PER_RX_LINE", 1, 100_000, STORE.orderCaps.prescriptionUnitsPerLine),
  ORDER_MAX_UNITS_PER_LINE: wholeNumber("ORDER_MAX_UNITS_PER_LINE", 1, 100_000, STORE.orderCaps.unitsPerLine),
  ORDER_MAX_UNITS_PER_ORDER: wholeNumber("ORDER_MAX_UNITS_PER_ORDER", 1, 100_000, STORE.orderCaps.unitsPerOrder),
  PRESCRIPTION_DOCUMENT_RETENTION_DAYS: numberOfDays("PRESCRIPTION_DOCUMENT_RETENTION_DAYS", {
    whole: true,
    min: 1,
    max: 36500,
    fallback: DEFAULT_PRESCRIPTION_DOCUMENT_RETENTION_DAYS,
  }),
  UNPAID_ORDER_TTL_DAYS: numberOfDays("UNPAID_ORDER_TTL_DAYS", { whole: false, min: 0, max: 365, fallback: DEFAULT_UNPAID_ORDER_TTL_DAYS }),
  CATALOG_CACHE: setting((raw) => {
    const value = raw.trim().toLowerCase()
    return value === "on" || value === "off" ? value === "on" : refuse(`CATALOG_CACHE must be on or off, not "${raw}".`)
  }, true),
  AUTH_MFA_ENCRYPTION_KEY: setting(
    (raw) =>
      raw.trim().length >= 32
        ? raw.trim()
        : refuse("AUTH_MFA_ENCRYPTION_KEY is too short: use at least 32 random characters (e.g. openssl rand -hex 32)."),
    undefined as string | undefined
  ),
  PHI_ENCRYPTION_KEY: text,
  PHI_REQUIRE_V2: flag("PHI_REQUIRE_V2"),
  CONTROLLED_SUBSTANCES_ONLINE: flag("CONTROLLED_SUBSTANCES_ONLINE"),
  DEA_REGISTRATION_NUMBER: setting(
    (raw) =>
      /^[A-Z]{2}\d{7}$/.test(raw.trim().toUpperCase())
        ? raw.trim().toUpperCase()
        : refuse(`DEA_REGISTRATION_NUMBER must be two letters and seven digits, e.g. AB1234563 (got "${raw.trim()}").`),
    undefined as string | undefined
  ),
  SMTP_URL: text,
  SMTP_FROM: text,
  PAYMENT_ZELLE_PAY_TO: text,
  PAYMENT_CASHAPP_PAY_TO: text,
  PAYMENT_APPLEPAY_PAY_TO: text,
  PAYMENT_CHIME_PAY_TO: text,
  DATA_DIR: text,
  MEDUSA_UPLOAD_DIR: text,
})

type Settings = z.output<typeof settingsSchema>

/** A key for one purpose derived from JWT_SECRET (Medusa's development default "supersecret" when unset). */
const derivedKey = (jwtSecret: string | undefined, label: string) =>
  crypto
    .createHmac("sha256", jwtSecret || "supersecret")
    .update(label)
    .digest("hex")

function configOf(s: Settings) {
  const production = s.NODE_ENV === "production"
  // BACKEND_PUBLIC_URL, else MEDUSA_BACKEND_URL (its name before decision 0048), else http://localhost:9000.
  const backendOrigin = s.BACKEND_PUBLIC_URL ?? (s.MEDUSA_BACKEND_URL && originOf(s.MEDUSA_BACKEND_URL)) ?? "http://localhost:9000"
  const storeCorsOrigin = (s.STORE_CORS ?? "")
    .split(",")
    .map((entry) => originOf(entry.trim()))
    .find(Boolean)
  return {
    production,
    /**
     * Development placeholders (pay-to handles, the email outbox, derived keys) are allowed: not
     * production, or a local run of the production build (`npm start`, the tests, the benchmarks)
     * with DEV_PLACEHOLDERS=true.
     */
    placeholders: !production || s.DEV_PLACEHOLDERS,
    /** Which peers' X-Forwarded-For is believed (client-address.ts). */
    trustProxy: s.TRUST_PROXY,
    /** Where browsers reach the backend (decision 0048): uploads' URLs, Medusa Admin, cookies. */
    backendOrigin,
    /** Where customers reach the storefront: the links in customer emails (issue 23). */
    storefrontOrigin: s.STOREFRONT_PUBLIC_URL ?? storeCorsOrigin ?? "http://localhost:3000",
    /** Set in the environment (production needs it): the default below is the development one. */
    storefrontOriginSet: s.STOREFRONT_PUBLIC_URL !== undefined,
    /** Browser origins allowed to call /api (Medusa's syntax: strings and /regular expressions/). */
    apiCorsOrigins: parseCorsOrigins(s.API_CORS || s.STORE_CORS || "http://localhost:3000"),
    /** The Reply-To of customer emails (the sender stays SMTP_FROM); the store's development address when unset. */
    supportEmail: s.SUPPORT_EMAIL ?? DEV_SUPPORT_EMAIL,
    supportEmailSet: s.SUPPORT_EMAIL !== undefined,
    secrets: { jwt: s.JWT_SECRET, cookie: s.COOKIE_SECRET, orderStatusLink: s.ORDER_STATUS_LINK_SECRET },
    orderStatusLinks: {
      ttlDays: s.ORDER_STATUS_LINK_TTL_DAYS,
      /**
       * The signing key: ORDER_STATUS_LINK_SECRET; without one, development derives a stable key from
       * JWT_SECRET, and production has none (the start refuses it, and nothing signs with it).
       */
      secret:
        s.ORDER_STATUS_LINK_SECRET?.trim() || (production ? undefined : derivedKey(s.JWT_SECRET, "harbor-health order status link secret")),
    },
    tokenLifetimes: { access: s.API_ACCESS_TOKEN_TTL, refresh: s.API_REFRESH_TOKEN_TTL },
    signInLimits: {
      maxPerClient: s.API_LOGIN_MAX_FAILURES,
      maxPerAccount: s.API_LOGIN_MAX_FAILURES_PER_ACCOUNT,
      windowSeconds: s.API_LOGIN_WINDOW_SECONDS,
    },
    requestLimits: {
      orders: s.RATE_LIMIT_ORDERS,
      "prescription-requests": s.RATE_LIMIT_PRESCRIPTION_REQUESTS,
      carts: s.RATE_LIMIT_CARTS,
      "promotion-codes": s.RATE_LIMIT_PROMOTION_CODES,
      "order-status": s.RATE_LIMIT_ORDER_STATUS,
      "order-lookup": s.RATE_LIMIT_ORDER_LOOKUP,
      "order-lookup-email": s.RATE_LIMIT_ORDER_LOOKUP_EMAIL,
      "prescription-documents": s.RATE_LIMIT_PRESCRIPTION_DOCUMENTS,
    } satisfies Record<LimitName, LimitWindow[]>,
    completedCartGraceSeconds: s.COMPLETED_CART_GRACE,
    orderCaps: {
      prescription_units_per_line: s.ORDER_MAX_UNITS_PER_RX_LINE,
      units_per_line: s.ORDER_MAX_UNITS_PER_LINE,
      units_per_order: s.ORDER_MAX_UNITS_PER_ORDER,
    },
    unpaidOrderTtlDays: s.UNPAID_ORDER_TTL_DAYS,
    /** How long a patient's prescription documents are kept before the daily job deletes them. */
    prescriptionDocumentRetentionDays: s.PRESCRIPTION_DOCUMENT_RETENTION_DAYS,
    catalogCache: s.CATALOG_CACHE,
    /**
     * The key of staff members' authenticator-app secrets (Medusa's name for it; `authMfaKey`):
     * production must set it; development and tests derive one from JWT_SECRET.
     */
    authMfaEncryptionKey:
      s.AUTH_MFA_ENCRYPTION_KEY ?? (production ? undefined : derivedKey(s.JWT_SECRET, "harbor-health auth mfa encryption key")),
    prescriptions: { encryptionKey: s.PHI_ENCRYPTION_KEY, requireV2: s.PHI_REQUIRE_V2 },
    /**
     * Controlled substances (Schedule II-V products) may be ordered online only when this is on;
     * production refuses it without the pharmacy's DEA registration (deployment-settings.ts).
     */
    controlledSubstances: { online: s.CONTROLLED_SUBSTANCES_ONLINE, deaRegistration: s.DEA_REGISTRATION_NUMBER },
    email: { smtpUrl: s.SMTP_URL, from: s.SMTP_FROM },
    /** Where customers send money for each manual payment method; unset ones use the development handles. */
    paymentAccounts: {
      zelle: s.PAYMENT_ZELLE_PAY_TO,
      cashapp: s.PAYMENT_CASHAPP_PAY_TO,
      applepay: s.PAYMENT_APPLEPAY_PAY_TO,
      chime: s.PAYMENT_CHIME_PAY_TO,
    } satisfies Record<PaymentMethod, string | undefined>,
    /** Local, ignored data (generated development keys, the email outbox). */
    dataDir: s.DATA_DIR ?? path.resolve(process.cwd(), "..", ".data"),
    /** Where the local file provider stores uploads (its default: <cwd>/static, which Medusa serves). */
    uploadDir: s.MEDUSA_UPLOAD_DIR,
  }
}

export type BackendConfig = ReturnType<typeof configOf>

/** Every problem of the settings in `env`, one sentence each naming its variable; empty when they are fine. */
export function settingProblems(env: SettingsEnv): string[] {
  const result = settingsSchema.safeParse(env)
  const problems = result.success ? [] : result.error.issues.map((issue) => issue.message)
  if (!env.BACKEND_PUBLIC_URL?.trim() && env.MEDUSA_BACKEND_URL?.trim() && !originOf(env.MEDUSA_BACKEND_URL.trim())) {
    problems.push(
      `MEDUSA_BACKEND_URL must be the backend's public origin (scheme, host and port only, e.g. https://api.shop.example or ` +
        `http://localhost:9000); got "${env.MEDUSA_BACKEND_URL.trim()}".`
    )
  }
  return problems
}

/**
 * The key that encrypts staff members' authenticator-app secrets, for the auth module's options
 * (medusa-config.ts): production without AUTH_MFA_ENCRYPTION_KEY stops there, as losing or changing
 * the key makes every enrolled app unusable.
 */
export function authMfaKey(config: BackendConfig): string {
  if (config.authMfaEncryptionKey) return config.authMfaEncryptionKey
  throw new SettingsError([
    "AUTH_MFA_ENCRYPTION_KEY is not set: staff two-step sign-in secrets cannot be encrypted (e.g. openssl rand -hex 32).",
  ])
}

/** The settings in `env`, parsed; a SettingsError naming every variable that is wrong. */
export function readBackendConfig(env: SettingsEnv): BackendConfig {
  const problems = settingProblems(env)
  if (problems.length) throw new SettingsError(problems)
  return configOf(settingsSchema.parse(env))
}

let current: BackendConfig | undefined

/** This process's settings: read from the environment once, on first use (instrumentation.ts, at start). */
export function backendConfig(): BackendConfig {
  return (current ??= readBackendConfig(process.env))
}

/**
 * Reads the environment again: for tests that change a setting between requests, as a restart
 * would. A server never does (tests/integration/helpers.ts, `withSettings`).
 */
export function reloadBackendConfig(): BackendConfig {
  current = undefined
  return backendConfig()
}
