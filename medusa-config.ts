/**
 * The Medusa configuration of the store. This is the real file:
 * `medusa-backend/medusa-config.ts` is a symlink to it, because Medusa loads its
 * config (and compiles it into `.medusa/server`) from the app root.
 *
 * Everything environment-specific comes from the environment; see README.md. The backend's own
 * settings are parsed and checked by src/lib/config.ts (a bad value stops every `medusa` command,
 * naming the variable) and reach the modules as their options; Medusa's own (database, Redis, the
 * CORS of its APIs, worker mode, S3) are read here as Medusa documents them.
 */
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"

import { defineConfig, loadEnv } from "@medusajs/framework/utils"

// Type-checked through medusa-backend/tsconfig.json, where this file is medusa-backend/medusa-config.ts.
import type * as BackendSettings from "./src/lib/config"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

/**
 * The backend's settings module (decision 0051). This file runs from two places (decision 0001): as
 * the top-level source (ts-node resolves the symlink), with the app in medusa-backend/, and compiled
 * into medusa-backend/.medusa/server, with the app's compiled sources beside it. A static import can
 * name only one of them, so the module is required from whichever holds it.
 */
const APP_DIR = fs.existsSync(path.join(__dirname, "medusa-backend", "src")) ? path.join(__dirname, "medusa-backend") : __dirname
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the path depends on where this file runs (above)
const { authMfaKey, readBackendConfig, settingsOrExit } = require(path.join(APP_DIR, "src", "lib", "config")) as typeof BackendSettings
// A setting that does not parse stops every `medusa` command here, with a sentence naming it.
const settings = settingsOrExit(() => readBackendConfig(process.env))

const REDIS_URL = process.env.REDIS_URL

/** Where customers send money for each manual payment method (see the manual-payment module). */
const paymentAccounts = Object.fromEntries(
  Object.entries(settings.paymentAccounts).map(([method, payTo]) => [method, payTo ? { payTo } : undefined])
)

/**
 * The customer-facing order number, e.g. HH-7K3M-9Q2X: short, random, not sequential, from an
 * alphabet without look-alikes (no I, L, O, U, 0, 1) so it can be read out on the phone.
 * Medusa's order module stores it as `custom_display_id` (unique) on every order it creates,
 * whatever creates it: cart completion, draft orders, plugins. Defined here because the config
 * cannot import the app's sources statically (above); `src/shared/order-number.ts`
 * holds the matching pattern.
 */
const ORDER_NUMBER_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
function newOrderNumber(): string {
  const chars = Array.from(crypto.randomBytes(8), (b) => ORDER_NUMBER_ALPHABET[b % ORDER_NUMBER_ALPHABET.length]).join("")
  return `HH-${chars.slice(0, 4)}-${chars.slice(4)}`
}

/** Redis-backed infrastructure modules, used only when REDIS_URL is set. */
const redisModules = REDIS_URL
  ? [
      {
        resolve: "@medusajs/medusa/event-bus-redis",
        options: {
          redisUrl: REDIS_URL,
          jobOptions: {
            // A subscriber that throws (a mail server down while the confirmation email with
            // the payment instructions is sent) is retried: 5 attempts over about a minute.
            // Subscribers that already succeeded for that event are not run again.
            attempts: 5,
            backoff: { type: "exponential", delay: 2000 },
            removeOnComplete: { age: 3600, count: 1000 },
            removeOnFail: { age: 24 * 3600, count: 1000 },
          },
        },
      },
      {
        resolve: "@medusajs/medusa/workflow-engine-redis",
        options: { redis: { redisUrl: REDIS_URL } },
      },
      // Medusa's Cache Module, where Medusa Admin's sign-in keeps its two-step challenges: shared
      // by every server, as Medusa Cloud configures it (decision 0044).
      { resolve: "@medusajs/medusa/cache-redis", options: { redisUrl: REDIS_URL } },
      {
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [
            {
              id: "locking-redis",
              resolve: "@medusajs/medusa/locking-redis",
              is_default: true,
              options: { redisUrl: REDIS_URL },
            },
          ],
        },
      },
    ]
  : []

/**
 * Medusa's Caching Module: the catalogue read model (src/lib/catalog/catalog.ts) and, with the
 * `caching` feature flag, Medusa's own Store API queries. In this process's memory by
 * default; in Redis, shared by every server, when REDIS_URL is set. Entries are dropped by
 * Medusa's auto-invalidation when any process emits an event about what they hold.
 */
const cachingModule = {
  resolve: "@medusajs/medusa/caching",
  options: REDIS_URL
    ? {
        providers: [
          {
            resolve: "@medusajs/medusa/caching-redis",
            id: "caching-redis",
            is_default: true,
            options: { redisUrl: REDIS_URL },
          },
        ],
      }
    : { in_memory: { enable: true } },
}

/**
 * Staff sign-in (decision 0044): Medusa's auth module with its email-and-password provider (the
 * default one, which declaring the module means listing again) and two-step sign-in with
 * authenticator apps (TOTP, RFC 6238). Disabling an enabled app takes a current code.
 */
const authModule = {
  resolve: "@medusajs/medusa/auth",
  options: {
    providers: [{ resolve: "@medusajs/medusa/auth-emailpass", id: "emailpass" }],
    mfa: {
      // Staff members' authenticator-app secrets; losing or changing it makes every enrolled app unusable.
      encryption_key: settingsOrExit(() => authMfaKey(settings)),
      providers: [{ id: "totp", options: { issuer: "Harbor Health Pharmacy" } }],
      disable_policy: "challenge",
    },
  },
}

/**
 * The backend's public origin (decision 0048): where browsers reach it, for the local file
 * provider's URLs (product pictures) and Medusa Admin. BACKEND_PUBLIC_URL, else
 * MEDUSA_BACKEND_URL (its name before 0048), else http://localhost:9000.
 */
const BACKEND_PUBLIC_URL = new URL(settings.backendOrigin)

export default defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: REDIS_URL,
    workerMode: (process.env.MEDUSA_WORKER_MODE as "shared" | "worker" | "server") || "shared",
    http: {
      storeCors: process.env.STORE_CORS || "http://localhost:3000",
      adminCors: process.env.ADMIN_CORS || BACKEND_PUBLIC_URL.origin,
      authCors: process.env.AUTH_CORS || BACKEND_PUBLIC_URL.origin,
      jwtSecret: process.env.JWT_SECRET,
      cookieSecret: process.env.COOKIE_SECRET,
    },
    // Medusa Admin's session cookie: Medusa makes it `Secure` whenever NODE_ENV=production, so over
    // plain HTTP (`npm start` on localhost, an SSH tunnel) express-session never sets it and the admin
    // loops back to its login. `Secure` exactly when browsers reach the backend over HTTPS; behind a TLS
    // proxy, that proxy must send `X-Forwarded-Proto: https` (decision 0048).
    cookieOptions: { secure: BACKEND_PUBLIC_URL.protocol === "https:" },
  },
  admin: {
    // The Medusa Admin dashboard for ops, served at /app. Skipped in tests and
    // `npm run dev` to save memory; `npm run build` always builds it.
    disable: process.env.MEDUSA_ADMIN_DISABLED === "true" || process.env.MEDUSA_WORKER_MODE === "worker",
    // Same origin as the page: Medusa Admin is served by this backend at <public origin>/app, and the
    // build bakes this value in, so an absolute URL would tie one build to one port and host name.
    backendUrl: "/",
  },
  featureFlags: { caching: true },
  modules: [
    ...redisModules,
    cachingModule,
    authModule,
    {
      resolve: "@medusajs/medusa/order",
      options: { generateCustomDisplayId: async () => newOrderNumber() },
    },
    {
      resolve: "./src/modules/prescription",
      options: {
        encryptionKey: settings.prescriptions.encryptionKey,
        // Development only: a key generated once into the ignored data folder. Production must set PHI_ENCRYPTION_KEY.
        keyFile: settings.production ? undefined : path.join(settings.dataDir, "phi-encryption-key"),
        // true once every stored value is v2: old v1 ciphertexts and plain-text notes are refused (decision 0047).
        requireV2: settings.prescriptions.requireV2,
      },
    },
    { resolve: "./src/modules/checkout" },
    // Counters shared by every server (sign-in limits, anonymous orders and prescription requests).
    { resolve: "./src/modules/rate-limit" },
    // Staff sessions of the legacy /api: logout, refresh-token rotation, revocation (decision 0042).
    { resolve: "./src/modules/staff-session" },
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          {
            // Registers pp_zelle_manual, pp_cashapp_manual, pp_applepay_manual, pp_chime_manual.
            resolve: "./src/modules/manual-payment",
            id: "manual",
            // Production refuses to start without a handle for every method, unless DEV_PLACEHOLDERS=true.
            options: { accounts: paymentAccounts, placeholders: settings.placeholders },
          },
        ],
      },
    },
    {
      resolve: "@medusajs/medusa/notification",
      options: {
        providers: [
          {
            // SMTP when SMTP_URL is set; otherwise emails land in $DATA_DIR/outbox.
            resolve: "./src/modules/email-notification",
            id: "email",
            options: {
              channels: ["email"],
              smtpUrl: settings.email.smtpUrl,
              from: settings.email.from,
              outboxDir: path.join(settings.dataDir, "outbox"),
              // Production refuses to start without SMTP_URL, unless DEV_PLACEHOLDERS=true.
              placeholders: settings.placeholders,
            },
          },
        ],
      },
    },
    {
      resolve: "@medusajs/medusa/fulfillment",
      options: {
        providers: [
          { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
          // Standard shipping: $9.99, free over $75 (computed price).
          { resolve: "./src/modules/standard-shipping", id: "standard" },
        ],
      },
    },
    {
      resolve: "@medusajs/medusa/file",
      options: {
        providers: [
          process.env.S3_BUCKET
            ? {
                resolve: "@medusajs/medusa/file-s3",
                id: "s3",
                options: {
                  file_url: process.env.S3_FILE_URL,
                  access_key_id: process.env.S3_ACCESS_KEY_ID,
                  secret_access_key: process.env.S3_SECRET_ACCESS_KEY,
                  region: process.env.S3_REGION,
                  bucket: process.env.S3_BUCKET,
                  endpoint: process.env.S3_ENDPOINT,
                },
              }
            : {
                resolve: "@medusajs/medusa/file-local",
                id: "local",
                options: {
                  backend_url: `${BACKEND_PUBLIC_URL.origin}/static`,
                  // Defaults to <cwd>/static, which Medusa serves at /static. Tests point it elsewhere.
                  upload_dir: settings.uploadDir,
                },
              },
        ],
      },
    },
  ],
})
