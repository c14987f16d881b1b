// Building blocks shared by `npm start`, `npm test` and `npm run bench`:
// install, secrets, database preparation, builds and the two servers.
// Only Node built-ins at the top: `npm start` runs this before `npm ci`.
import { spawn } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { fileURLToPath } from "node:url"

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
export const BACKEND_DIR = path.join(ROOT, "medusa-backend")
export const STOREFRONT_DIR = path.join(ROOT, "storefront")
export const DATA_DIR = process.env.DATA_DIR || path.join(ROOT, ".data")

const require = createRequire(import.meta.url)

export const log = (message) => console.log(`\x1b[36m[store]\x1b[0m ${message}`)

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function run(command, args, { cwd = ROOT, env = process.env, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: quiet ? "pipe" : "inherit" })
    let output = ""
    child.stdout?.on("data", (chunk) => (output += chunk))
    child.stderr?.on("data", (chunk) => (output += chunk))
    child.on("error", reject)
    child.on("exit", (code, signal) => {
      if (code === 0) resolve(output)
      else {
        const error = new Error(`${command} ${args.join(" ")} failed (${signal ?? code})${quiet ? `\n${output.slice(-4000)}` : ""}`)
        reject(Object.assign(error, { output })) // all of a quiet command's output, for callers that print it
      }
    })
  })
}

/** Path of a package's bin script, for starting servers with `node` directly (no npx PIDs). */
export function binOf(pkg, bin, fromDir = ROOT) {
  const manifestPath = require.resolve(`${pkg}/package.json`, { paths: [fromDir] })
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"))
  const relative = typeof manifest.bin === "string" ? manifest.bin : manifest.bin[bin]
  return path.join(path.dirname(manifestPath), relative)
}

/** `npm ci` when the installed tree is missing or older than the lockfile. */
export async function ensureInstalled() {
  const marker = path.join(ROOT, "node_modules", ".package-lock.json")
  const lock = path.join(ROOT, "package-lock.json")
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return false
  log("Installing dependencies (npm ci)...")
  await run("npm", ["ci", "--no-audit", "--no-fund"])
  return true
}

/**
 * Secrets for local runs, generated once into the ignored data folder. Values
 * already in the environment win, so production sets its own.
 */
export function localSecrets() {
  const file = path.join(DATA_DIR, "secrets.json")
  fs.mkdirSync(DATA_DIR, { recursive: true })
  let secrets = {}
  if (fs.existsSync(file)) secrets = JSON.parse(fs.readFileSync(file, "utf8"))
  const wanted = {
    JWT_SECRET: () => crypto.randomBytes(32).toString("hex"),
    COOKIE_SECRET: () => crypto.randomBytes(32).toString("hex"),
    // The storefront's signed cookies (staff admin session).
    SESSION_SECRET: () => crypto.randomBytes(32).toString("hex"),
    // Encrypts staff authenticator-app secrets (decision 0044); production builds require it.
    AUTH_MFA_ENCRYPTION_KEY: () => crypto.randomBytes(32).toString("hex"),
    // Signs the order status links of customer emails (decision 0050); production requires it.
    ORDER_STATUS_LINK_SECRET: () => crypto.randomBytes(32).toString("hex"),
  }
  let changed = false
  for (const [name, make] of Object.entries(wanted)) {
    if (!secrets[name]) {
      secrets[name] = make()
      changed = true
    }
  }
  if (changed) fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  const result = {}
  for (const name of Object.keys(wanted)) result[name] = process.env[name] || secrets[name]
  // The health-information key lives in its own file, the one the prescription
  // module reads in development, so every local run uses the same key.
  const phiKeyFile = path.join(DATA_DIR, "phi-encryption-key")
  if (!fs.existsSync(phiKeyFile)) fs.writeFileSync(phiKeyFile, crypto.randomBytes(32).toString("base64"), { mode: 0o600 })
  result.PHI_ENCRYPTION_KEY = process.env.PHI_ENCRYPTION_KEY || fs.readFileSync(phiKeyFile, "utf8").trim()
  return result
}

/**
 * The interface `npm start` serves on: this machine only (127.0.0.1), unless HOST
 * names another (e.g. `HOST=0.0.0.0` to show the store to the local network).
 * The backend (Medusa's `start` reads HOST) and the storefront both listen there.
 */
export function listenHost(env = process.env) {
  return env.HOST?.trim() || "127.0.0.1"
}

/** Random secrets for a throw-away store (the browser and deployment tests). */
export function throwAwaySecrets() {
  return {
    JWT_SECRET: crypto.randomBytes(24).toString("hex"),
    COOKIE_SECRET: crypto.randomBytes(24).toString("hex"),
    PHI_ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64"),
    AUTH_MFA_ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
    ORDER_STATUS_LINK_SECRET: crypto.randomBytes(32).toString("hex"),
  }
}

/**
 * Environment for every Medusa command of a local run (npm start, dev, tests, bench):
 * - DEV_PLACEHOLDERS: the production build runs with the development pay-to handles and the
 *   email outbox (a real deployment refuses to start without them; decision 0042);
 * - TRUST_PROXY=loopback: the storefront on this machine is the backend's proxy and passes
 *   each shopper's address on, so per-client limits count shoppers, not the storefront.
 */
export function backendEnv(extra = {}) {
  return {
    ...process.env,
    MEDUSA_DISABLE_TELEMETRY: "true",
    DATA_DIR,
    DEV_PLACEHOLDERS: "true",
    TRUST_PROXY: process.env.TRUST_PROXY || "loopback",
    ...extra,
  }
}

export async function migrateDatabase(env) {
  await run(process.execPath, [binOf("@medusajs/cli", "medusa"), "db:migrate"], {
    cwd: BACKEND_DIR,
    env,
    quiet: true,
  })
}

export async function seedDatabase(env) {
  const output = await run(process.execPath, [binOf("@medusajs/cli", "medusa"), "exec", "./src/scripts/seed.ts"], {
    cwd: BACKEND_DIR,
    env,
    quiet: true,
  })
  const done = output.split("\n").find((line) => line.includes("Seed done"))
  if (done) log(done.replace(/^.*Seed done/, "Seed done"))
}

/** Migrates and seeds a new store database; answers the publishable API key the seed wrote into env.DATA_DIR. */
export async function migrateAndSeed(env) {
  await migrateDatabase(env)
  await seedDatabase(env)
  return fs.readFileSync(path.join(env.DATA_DIR, "publishable-key"), "utf8").trim()
}

/** A fingerprint of the files a build depends on, to skip builds that would change nothing. */
export function fingerprint(paths, extra = "") {
  const hash = crypto.createHash("sha256").update(extra)
  const walk = (p) => {
    if (!fs.existsSync(p)) return
    const stat = fs.statSync(p)
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p).sort()) {
        if (["node_modules", ".medusa", "build", "build-test", ".cache"].includes(entry)) continue
        walk(path.join(p, entry))
      }
    } else {
      hash.update(`${p}:${stat.size}:${stat.mtimeMs}\n`)
    }
  }
  for (const p of paths) walk(p)
  return hash.digest("hex")
}

/**
 * Runs `build` unless the fingerprint matches the last successful build's. The fingerprint is kept
 * in the build's own folder (`outputDir`, which a build replaces), not in DATA_DIR: one build serves
 * every data folder (`npm start`, the `start` tests' own DATA_DIR, the deployment test; decision 0048).
 */
export async function buildIfChanged(name, inputs, { outputDir, outputFile }, build) {
  const stamp = path.join(outputDir, ".build-fingerprint")
  const current = fingerprint(inputs)
  if (fs.existsSync(path.join(outputDir, outputFile)) && fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === current) {
    log(`${name}: build is up to date`)
    return
  }
  log(`${name}: building...`)
  const started = Date.now()
  fs.rmSync(stamp, { force: true }) // a build that fails half-way must not look finished
  await build()
  fs.writeFileSync(stamp, current)
  log(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

/**
 * Starts a long-running server in its own process group, so stopping it stops
 * its children too. Output goes to `logFile`, and to the console with a
 * `[name]` prefix when `echo` is set.
 * @typedef {import("node:child_process").ChildProcess & { name: string; logFile: string }} ServerProcess
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string; env: NodeJS.ProcessEnv | Record<string, string | undefined>; logFile: string; echo?: boolean }} options
 * @returns {ServerProcess}
 */
export function startServer(name, command, args, { cwd, env, logFile, echo = false }) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true })
  const file = fs.createWriteStream(logFile, { flags: "a" })
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] })
  const forward = (stream) => {
    let pending = ""
    stream.on("data", (chunk) => {
      file.write(chunk)
      if (!echo) return
      pending += chunk
      const lines = pending.split("\n")
      pending = lines.pop()
      for (const line of lines) console.log(`\x1b[2m[${name}]\x1b[0m ${line}`)
    })
  }
  forward(child.stdout)
  forward(child.stderr)
  child.once("exit", () => file.end())
  return Object.assign(child, { name, logFile })
}

/**
 * `medusa start` (a production build when `cwd` is one) as a server process; a setting whose value is
 * undefined is left out of its environment.
 * @param {string} name
 * @param {{ cwd: string; env: Record<string, string | undefined>; logFile: string; echo?: boolean }} options
 */
export function startMedusa(name, { cwd, env, logFile, echo = false }) {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined))
  return startServer(name, process.execPath, [binOf("@medusajs/cli", "medusa"), "start"], { cwd, env: defined, logFile, echo })
}

export function stopServer(child, timeoutMs = 10_000) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve()
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL")
      } catch {}
    }, timeoutMs)
    child.once("exit", () => {
      clearTimeout(timer)
      resolve()
    })
    try {
      process.kill(-child.pid, "SIGTERM")
    } catch {
      clearTimeout(timer)
      resolve()
    }
  })
}

/** Prints the end of each server's log (a failed start's evidence). */
export function printLogTails(servers, chars = 4000) {
  for (const server of servers) {
    try {
      console.error(`--- ${server.name} log ---\n${fs.readFileSync(server.logFile, "utf8").slice(-chars)}`)
    } catch {}
  }
}

/**
 * The servers (and database) a command runs, stopped together once: on Ctrl-C or SIGTERM, or when the
 * command calls `shutdown(code)`; then the process exits with `code`.
 */
export function stopTogetherOnExit({ say = false } = {}) {
  const group = { running: [], database: null, stopping: false, shutdown }
  async function shutdown(code = 0) {
    if (group.stopping) return
    group.stopping = true
    if (say) log("Stopping...")
    await Promise.all(group.running.map((child) => stopServer(child)))
    if (group.database) await group.database.stop()
    if (say) log("Stopped.")
    process.exit(code)
  }
  process.on("SIGINT", () => shutdown(0))
  process.on("SIGTERM", () => shutdown(0))
  return group
}

/**
 * Polls `url` until it answers (any status below 500) or the server exits.
 * @param {string} url
 * @param {{ timeoutMs?: number; child?: ServerProcess }} [options]
 */
export async function waitForHttp(url, { timeoutMs = 120_000, child } = {}) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(`${child.name} exited with code ${child.exitCode}; see ${child.logFile}`)
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
      if (response.status < 500) return
    } catch {}
    await new Promise((r) => setTimeout(r, 300))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s${child ? `; see ${child.logFile}` : ""}`)
}

export function readPublishableKey() {
  return fs.readFileSync(path.join(DATA_DIR, "publishable-key"), "utf8").trim()
}
