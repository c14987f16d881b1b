/**
 * The production build at start (issue 21, decision 0047): `medusa start` refuses a
 * README example secret or a bad TRUST_PROXY, naming the variable; and a server with
 * Medusa Admin serves /app (whose HTML Medusa sends before any middleware of ours)
 * with nosniff and anti-framing headers, as every other answer.
 */
import fs from "node:fs"
import path from "node:path"

import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { ensureBackendBuild } from "../../scripts/lib/builds.mjs"
import { freePort, throwAwayDatabase } from "../../scripts/lib/postgres.mjs"
import {
  BACKEND_DIR,
  backendEnv,
  binOf,
  migrateDatabase,
  run,
  startMedusa,
  stopServer,
  throwAwaySecrets,
  waitForHttp,
} from "../../scripts/lib/stack.mjs"

type Child = ReturnType<typeof startMedusa>

const OPS = { email: "ops@example.com", password: "harbor-ops-cookie-check-2026" }

let serverDir: string
let database: Awaited<ReturnType<typeof throwAwayDatabase>> | undefined
let env: Record<string, string | undefined>
const children: Child[] = []

/** Starts `medusa start` of the production build with these settings (undefined: left out). */
async function start(name: string, overrides: Record<string, string | undefined>) {
  const port = await freePort()
  const childEnv: Record<string, string | undefined> = { ...env, NODE_ENV: "production", PORT: String(port), ...overrides }
  const child = startMedusa(name, {
    cwd: serverDir,
    env: childEnv,
    logFile: path.join(database!.workDir, `${name}.log`),
  })
  children.push(child)
  return { child, url: `http://127.0.0.1:${port}` }
}

/** How a start that must fail ended: its exit code and log. */
async function refusedStart(name: string, overrides: Record<string, string | undefined>) {
  const { child } = await start(name, overrides)
  const code = await new Promise<number | string>((resolve) => {
    const timer = setTimeout(() => resolve("still running after 90 s"), 90_000)
    child.once("exit", (exitCode: number | null) => {
      clearTimeout(timer)
      resolve(exitCode ?? -1)
    })
  })
  await new Promise((resolve) => setTimeout(resolve, 200)) // the log file flushes
  return { code, log: fs.readFileSync(child.logFile, "utf8") }
}

beforeAll(async () => {
  database = await throwAwayDatabase("production-start")
  env = backendEnv({
    DATABASE_URL: database.url,
    DATA_DIR: database.workDir,
    ...throwAwaySecrets(),
    LOG_LEVEL: "warn",
  })
  delete env.REDIS_URL
  await migrateDatabase({ ...env, NODE_ENV: "test" })
  // A staff user for Medusa Admin's session (Medusa's own CLI, as ops create the first one).
  await run(process.execPath, [binOf("@medusajs/cli", "medusa"), "user", "-e", OPS.email, "-p", OPS.password], {
    cwd: BACKEND_DIR,
    env: { ...env, NODE_ENV: "test" },
    quiet: true,
  })
  serverDir = await ensureBackendBuild({ ...env, NODE_ENV: "test" })
})

afterAll(async () => {
  await Promise.all(children.map((child) => stopServer(child)))
  await database?.stop()
})

describe("medusa start in production", () => {
  it("exits with a message naming the variable when a secret is an example from the README, or TRUST_PROXY is not addresses", async () => {
    const exampleSecret = await refusedStart("example-secret", {
      JWT_SECRET: "change-me-to-a-long-random-string",
      MEDUSA_ADMIN_DISABLED: "true",
    })
    expect(exampleSecret.code).toBe(1)
    expect(exampleSecret.log).toContain("Refusing to start:")
    expect(exampleSecret.log).toContain("JWT_SECRET is an example value from the documentation")

    const shortSecret = await refusedStart("short-secret", { COOKIE_SECRET: "too-short", MEDUSA_ADMIN_DISABLED: "true" })
    expect(shortSecret.code).toBe(1)
    expect(shortSecret.log).toContain("COOKIE_SECRET is too short (9 bytes)")

    const badProxy = await refusedStart("bad-trust-proxy", { TRUST_PROXY: "the storefront", MEDUSA_ADMIN_DISABLED: "true" })
    expect(badProxy.code).toBe(1)
    expect(badProxy.log).toContain('TRUST_PROXY is invalid ("the storefront")')
  }, 240_000)

  it("serves Medusa Admin under /app with nosniff and no framing, and the APIs with no-store", async () => {
    const { child, url } = await start("with-admin", { MEDUSA_ADMIN_DISABLED: "false" })
    await waitForHttp(`${url}/health`, { child, timeoutMs: 180_000 })

    const admin = await fetch(`${url}/app`)
    expect(admin.status).toBe(200)
    expect(admin.headers.get("content-type")).toMatch(/^text\/html/)
    expect(await admin.text()).toMatch(/<html/i)
    expect(admin.headers.get("x-frame-options")).toBe("DENY")
    expect(admin.headers.get("content-security-policy")).toBe("frame-ancestors 'none'")
    expect(admin.headers.get("x-content-type-options")).toBe("nosniff")
    const deepLink = await fetch(`${url}/app/orders`)
    expect(deepLink.headers.get("x-frame-options")).toBe("DENY")

    // Medusa's own refusal before any middleware of the app (no publishable key).
    const cart = await fetch(`${url}/store/carts/cart_01JABCDEFGHJKMNPQRSTVWXYZ0`)
    expect(cart.status).toBe(400)
    expect(cart.headers.get("cache-control")).toBe("no-store")
    expect(cart.headers.get("x-frame-options")).toBe("DENY")
  }, 240_000)

  /** Signs OPS in the way Medusa Admin does: a token, then `POST /auth/session` for the session cookie. */
  async function sessionCookie(url: string, headers: Record<string, string> = {}) {
    const signedIn = await fetch(`${url}/auth/user/emailpass`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(OPS),
    })
    expect(signedIn.status).toBe(200)
    const { token } = (await signedIn.json()) as { token: string }
    const session = await fetch(`${url}/auth/session`, { method: "POST", headers: { authorization: `Bearer ${token}`, ...headers } })
    expect(session.status).toBe(200)
    return session.headers.getSetCookie().find((cookie) => cookie.startsWith("connect.sid="))
  }

  // Issue 20: with NODE_ENV=production Medusa's session cookie was always Secure, which express-session
  // never sets over plain HTTP: Medusa Admin on `npm start` (http://localhost:9000/app) looped to its login.
  it("gives Medusa Admin a session cookie over plain HTTP for an http public URL, a Secure one behind TLS for https (0048)", async () => {
    const plain = await start("public-http", { MEDUSA_ADMIN_DISABLED: "true", BACKEND_PUBLIC_URL: "http://localhost:9000" })
    await waitForHttp(`${plain.url}/health`, { child: plain.child, timeoutMs: 180_000 })
    const cookie = await sessionCookie(plain.url)
    expect(cookie, "a session cookie over plain HTTP").toBeDefined()
    expect(cookie).toMatch(/; HttpOnly/i)
    expect(cookie).toMatch(/; SameSite=Lax/i)
    expect(cookie).not.toMatch(/; Secure/i)
    const me = await fetch(`${plain.url}/admin/users/me`, { headers: { cookie: cookie!.split(";")[0] } })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(OPS.email)

    const tls = await start("public-https", { MEDUSA_ADMIN_DISABLED: "true", BACKEND_PUBLIC_URL: "https://admin.shop.example" })
    await waitForHttp(`${tls.url}/health`, { child: tls.child, timeoutMs: 180_000 })
    // The TLS proxy says the browser's connection was HTTPS: the cookie is Secure.
    const secure = await sessionCookie(tls.url, { "x-forwarded-proto": "https" })
    expect(secure).toMatch(/; Secure/i)
    expect(secure).toMatch(/; HttpOnly/i)
    // Over plain HTTP nothing is set: a Secure cookie never travels unencrypted.
    expect(await sessionCookie(tls.url)).toBeUndefined()
  }, 240_000)

  it("exits with a message naming BACKEND_PUBLIC_URL when it is not an origin (0048)", async () => {
    const refused = await refusedStart("bad-public-url", {
      MEDUSA_ADMIN_DISABLED: "true",
      BACKEND_PUBLIC_URL: "https://shop.example/backend",
    })
    expect(refused.code).not.toBe(0)
    expect(refused.log).toContain("BACKEND_PUBLIC_URL must be the backend's public origin")
  }, 240_000)
})
