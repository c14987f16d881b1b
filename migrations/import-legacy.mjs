// `npm run import:legacy -- <file.json | legacy base URL> [--dry-run] [--allow-http] [--allow-private-addresses]`
//
// Imports a legacy catalogue (categories, products with variants, stock,
// flags and pictures, in the shapes of spec §7) into the Medusa database, with
// Medusa's own workflows (`medusa exec` of ./legacy-import/exec.ts). Running
// it again updates what it imported; it never duplicates.
//
// The database: DATABASE_URL when set; otherwise the project's embedded
// PostgreSQL (the one `npm start` uses), whether `npm start` is running or not.
// Pictures go where the backend stores uploads (MEDUSA_UPLOAD_DIR, else
// medusa-backend/static) and get URLs under BACKEND_PUBLIC_URL (else MEDUSA_BACKEND_URL; decision 0048).
//
// The network (decision 0047): only https URLs on public addresses are fetched,
// `next` links stay on the legacy backend's origin, redirects are checked one by
// one, downloads stop at their size limit. `--allow-http` and
// `--allow-private-addresses` lift the first two for a legacy backend on this
// machine or network.
import fs from "node:fs"
import path from "node:path"

import { BACKEND_DIR, backendEnv, binOf, DATA_DIR, log, ROOT } from "../scripts/lib/stack.mjs"

const args = process.argv.slice(2)
const source = args.find((arg) => !arg.startsWith("--"))
const flags = args.filter((arg) => arg.startsWith("--"))
const FLAGS = ["--dry-run", "--allow-http", "--allow-private-addresses"]
if (!source || flags.some((flag) => !FLAGS.includes(flag))) {
  console.error(`Usage: npm run import:legacy -- <file.json | legacy base URL> [${FLAGS.join("] [")}]`)
  process.exit(2)
}
const isUrl = /^https?:\/\//i.test(source)
// npm runs scripts from the project root; a relative file is relative to where the command was typed.
const resolved = isUrl ? source : path.resolve(process.env.INIT_CWD || process.cwd(), source)
if (!isUrl && !fs.existsSync(resolved)) {
  console.error(`No such file: ${resolved}`)
  process.exit(2)
}

/** The embedded cluster `npm start` is running, if any: its port from postmaster.pid. */
function runningEmbeddedUrl() {
  const pgDir = path.join(DATA_DIR, "postgres")
  const pidFile = path.join(pgDir, "cluster", "postmaster.pid")
  if (!fs.existsSync(pidFile)) return null
  const [pid, , , port] = fs.readFileSync(pidFile, "utf8").split("\n")
  try {
    process.kill(Number(pid), 0)
  } catch {
    return null
  }
  const password = fs.readFileSync(path.join(pgDir, "password"), "utf8").trim()
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(port)}/medusa`
}

let database
let DATABASE_URL = process.env.DATABASE_URL || runningEmbeddedUrl()
if (!DATABASE_URL) {
  const { startPostgres } = await import("../scripts/lib/postgres.mjs")
  database = await startPostgres({ dataDir: path.join(DATA_DIR, "postgres"), databases: ["medusa"] })
  DATABASE_URL = database.url("medusa")
  log(`Embedded PostgreSQL on port ${database.admin.port}`)
}

const { spawn } = await import("node:child_process")
const exec = path.relative(BACKEND_DIR, path.join(ROOT, "migrations", "legacy-import", "exec.ts"))
const code = await new Promise((resolve) => {
  const execArgs = ["exec", exec, resolved, ...flags.filter((flag) => flag === "--dry-run")]
  const child = spawn(process.execPath, [binOf("@medusajs/cli", "medusa"), ...execArgs], {
    cwd: BACKEND_DIR,
    env: backendEnv({
      LEGACY_IMPORT_ALLOW_HTTP: String(flags.includes("--allow-http")),
      LEGACY_IMPORT_ALLOW_PRIVATE_ADDRESSES: String(flags.includes("--allow-private-addresses")),
      DATABASE_URL,
      MEDUSA_BACKEND_URL: process.env.MEDUSA_BACKEND_URL || "http://localhost:9000",
      // The import runs from the TypeScript sources, which the Medusa CLI compiles only outside production
      // (e.g. inside the production Docker image).
      ...(process.env.NODE_ENV === "production" ? { NODE_ENV: "development" } : {}),
    }),
    stdio: "inherit",
  })
  child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)))
  child.on("error", () => resolve(1))
})
if (database) await database.stop()
process.exit(code)
