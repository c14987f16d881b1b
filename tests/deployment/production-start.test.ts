/**
 * The production build at start (issue 21, decision 0047): `medusa start` refuses a
 * README example secret or a bad TRUST_PROXY, naming the variable; and a server with
 * Medusa Admin serves /app (whose HTML Medusa sends before any middleware of ours)
 * with nosniff and anti-framing headers, as every other answer.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ensureBackendBuild } from "../../scripts/lib/builds.mjs"
import { freePort, startPostgres } from "../../scripts/lib/postgres.mjs"
import { backendEnv, binOf, migrateDatabase, startServer, stopServer, throwAwaySecrets, waitForHttp } from "../../scripts/lib/stack.mjs"

type Child = ReturnType<typeof startServer>

let workDir: string
let serverDir: string
let database: Awaited<ReturnType<typeof startPostgres>>
let env: Record<string, string | undefined>
const children: Child[] = []

/** Starts `medusa start` of the production build with these settings (undefined: left out). */
async function start(name: string, overrides: Record<string, string | undefined>) {
  const port = await freePort()
  const childEnv: Record<string, string | undefined> = { ...env, NODE_ENV: "production", PORT: String(port), ...overrides }
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key]
  const child = startServer(name, process.execPath, [binOf("@medusajs/cli", "medusa"), "start"], {
    cwd: serverDir,
    env: childEnv,
    logFile: path.join(workDir, `${name}.log`),
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
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "pharmacy-production-start-"))
  fs.chmodSync(workDir, 0o755) // the embedded Postgres runs as the "postgres" user when we are root
  database = await startPostgres({ dataDir: path.join(workDir, "postgres"), databases: ["start"], ephemeral: true })
  env = backendEnv({
    DATABASE_URL: database.url("start"),
    DATA_DIR: workDir,
    ...throwAwaySecrets(),
    LOG_LEVEL: "warn",
  })
  delete env.REDIS_URL
  await migrateDatabase({ ...env, NODE_ENV: "test" })
  serverDir = await ensureBackendBuild({ ...env, NODE_ENV: "test" })
})

afterAll(async () => {
  await Promise.all(children.map((child) => stopServer(child)))
  await database?.stop()
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true })
})

describe("medusa start in production", () => {
  it("exits with a message naming the variable when a secret is an example from the README, or TRUST_PROXY is not addresses", async () => {
    const exampleSecret = await refusedStart("example-secret", { JWT_SECRET: "change-me-to-a-long-random-string", MEDUSA_ADMIN_DISABLED: "true" })
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
})
