import { type ChildProcess, spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"

import { freePort } from "../../scripts/lib/postgres.mjs"

/**
 * Runs `npm start` as the README says (decision 0048): `node scripts/start.mjs` itself, in its
 * own process group, with only what a new user would change: free ports (BACKEND_PORT,
 * STOREFRONT_PORT) and a data folder of its own (DATA_DIR), no DATABASE_URL (the embedded
 * PostgreSQL), no other store setting from this shell. It builds, migrates and seeds as on a
 * first run, and the tests use the URLs and the login it prints. Ctrl-C (SIGINT) stops it.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
const UPLOADS = path.join(ROOT, "medusa-backend", "static")
/** A first run on a clean clone: install check, Medusa Admin build (~40 s), storefront build, migrations, seed. */
const READY_WITHIN_MS = 10 * 60_000
const STOP_WITHIN_MS = 60_000

/** Settings of the store that would make this run differ from a new user's `npm start`. */
const STORE_SETTINGS = [
  "DATABASE_URL",
  "REDIS_URL",
  "BACKEND_PUBLIC_URL",
  "MEDUSA_BACKEND_URL",
  "STOREFRONT_BACKEND_URL",
  "STOREFRONT_URL",
  "STORE_CORS",
  "STOREFRONT_PUBLIC_URL",
  "SUPPORT_EMAIL",
  "ADMIN_CORS",
  "AUTH_CORS",
  "HOST",
  "ADMIN_EMAIL",
  "ADMIN_PASSWORD",
  "MEDUSA_PUBLISHABLE_KEY",
  "PUBLISHABLE_KEY_FILE",
  "CSP_IMG_ORIGINS",
  "S3_BUCKET",
  "S3_FILE_URL",
  "NODE_ENV",
  "TRUST_PROXY",
  "JWT_SECRET",
  "COOKIE_SECRET",
  "SESSION_SECRET",
  "PHI_ENCRYPTION_KEY",
  "AUTH_MFA_ENCRYPTION_KEY",
  "ORDER_STATUS_LINK_SECRET",
  "MEDUSA_ADMIN_DISABLED",
  "MEDUSA_UPLOAD_DIR",
]

/** What `npm start` printed when ready: the banner's table, by its labels. */
function readBanner(output: string) {
  const value = (label: string) => {
    const line = output.split("\n").find((l) => l.trim().startsWith(label))
    if (!line) throw new Error(`npm start printed no "${label}" line`)
    return line.trim().slice(label.length).trim()
  }
  const [email, password] = value("Admin login").split(" / ")
  return {
    storefrontUrl: value("Storefront"),
    medusaAdminUrl: value("Medusa Admin (ops)"),
    backendUrl: value("Backend API"),
    email,
    password,
  }
}

// eslint-disable-next-line no-control-regex -- ANSI colour codes start with ESC
const stripColours = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, "")

function stopGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal)
  } catch {}
}

export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pharmacy-npm-start-"))
  fs.chmodSync(dataDir, 0o755) // the embedded PostgreSQL runs as the "postgres" user when we are root
  const uploadsBefore = new Set(fs.existsSync(UPLOADS) ? fs.readdirSync(UPLOADS) : [])
  const logFile = path.join(dataDir, "npm-start.log")

  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of STORE_SETTINGS) delete env[name]
  const backendPort = await freePort()
  let storefrontPort = await freePort()
  while (storefrontPort === backendPort) storefrontPort = await freePort()
  Object.assign(env, { BACKEND_PORT: String(backendPort), STOREFRONT_PORT: String(storefrontPort), DATA_DIR: dataDir })

  const started = Date.now()
  const child = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], {
    cwd: ROOT,
    env,
    detached: true, // its own process group: stopping it stops the servers and the database it started
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const log = fs.createWriteStream(logFile)
  const collect = (chunk: Buffer) => {
    log.write(chunk)
    output += stripColours(chunk.toString())
  }
  child.stdout!.on("data", collect)
  child.stderr!.on("data", collect)
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  // The runner itself failing must not leave a store running.
  const killOnExit = () => stopGroup(child, "SIGKILL")
  process.once("exit", killOnExit)

  const cleanUp = () => {
    process.off("exit", killOnExit)
    // The seed uploads the product pictures into medusa-backend/static: remove this run's.
    if (fs.existsSync(UPLOADS)) {
      for (const file of fs.readdirSync(UPLOADS)) if (!uploadsBefore.has(file)) fs.rmSync(path.join(UPLOADS, file), { force: true })
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const stop = async () => {
    stopGroup(child, "SIGINT")
    const timer = setTimeout(() => stopGroup(child, "SIGKILL"), STOP_WITHIN_MS)
    const code = await exited
    clearTimeout(timer)
    log.end()
    return code
  }

  try {
    const ready = await Promise.race([
      new Promise<"ready">((resolve) => {
        const check = () => {
          if (/The store is ready/.test(output) && /Admin login .*\n/.test(output)) {
            child.stdout!.off("data", check)
            resolve("ready")
          }
        }
        child.stdout!.on("data", check)
      }),
      exited.then((code) => `exited with code ${code}` as const),
      new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), READY_WITHIN_MS).unref()),
    ])
    if (ready === "timeout") throw new Error(`npm start was not ready within ${READY_WITHIN_MS / 60_000} min`)
    if (ready !== "ready") throw new Error(`npm start ${ready} before it was ready`)
    const banner = readBanner(output)
    console.log(`npm start was ready in ${((Date.now() - started) / 1000).toFixed(0)} s: ${banner.storefrontUrl}, ${banner.medusaAdminUrl}`)
    for (const line of output.split("\n")) if (/\[store\] (backend|storefront): (build|built)/.test(line)) console.log(`  ${line.trim()}`)
    process.env.STOREFRONT_URL = banner.storefrontUrl
    process.env.BACKEND_URL = banner.backendUrl
    process.env.MEDUSA_ADMIN_URL = banner.medusaAdminUrl
    process.env.STORE_ADMIN_EMAIL = banner.email
    process.env.STORE_ADMIN_PASSWORD = banner.password
  } catch (error) {
    await stop()
    console.error(`--- npm start's output (last 6000 characters) ---\n${output.slice(-6000)}`)
    cleanUp()
    throw error
  }

  return async () => {
    const code = await stop()
    const tail = output.slice(-3000)
    cleanUp()
    // Ctrl-C must stop everything cleanly: the servers, then the embedded database.
    if (code !== 0 || !/Stopped\./.test(tail)) {
      throw new Error(`npm start did not stop cleanly on SIGINT (exit ${code}):\n${tail}`)
    }
  }
}
