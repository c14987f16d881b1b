// `npm test`: every test of the project, in five layers, each against the
// real thing: unit tests (vitest, after types, lint and format), Medusa
// integration tests (vitest + a real PostgreSQL), `npm start` itself in a
// browser (the README's command, decision 0048), the deployment test (two
// servers and a worker of the production build on Postgres and Redis), and
// browser tests (Playwright on the built storefront and a real backend). Runs them all and exits non-zero if any layer failed.
//
//   npm test                 all layers
//   npm test -- unit e2e     only these layers
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

import { BACKEND_DIR, backendEnv, binOf, ensureInstalled, log, ROOT, run, throwAwaySecrets } from "./lib/stack.mjs"

// `start` before `deployment`: on a clean clone it makes the production builds as a first `npm start`
// does, and the deployment test then finds the backend's build up to date.
const LAYERS = ["unit", "integration", "start", "deployment", "e2e"]
// Integration files run side by side, one per core of the 2-core CI machine (INTEGRATION_LANES=1: one at a time).
const INTEGRATION_LANES = Math.max(1, Number(process.env.INTEGRATION_LANES) || 2)
const args = process.argv.slice(2)
const wanted = args.filter((arg) => LAYERS.includes(arg))
const layers = wanted.length ? wanted : LAYERS
// Anything else narrows the run to matching test files: `npm test -- integration orders`.
const filters = args.filter((arg) => !LAYERS.includes(arg))

await ensureInstalled()
const vitest = binOf("vitest", "vitest")
const results = []

async function layer(name, body) {
  const started = Date.now()
  log(`── ${name} tests ──`)
  try {
    await body()
    results.push({ name, ok: true, seconds: (Date.now() - started) / 1000 })
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    results.push({ name, ok: false, seconds: (Date.now() - started) / 1000 })
  }
}

if (layers.includes("unit")) {
  await layer("unit", async () => {
    // Types, lint, format and the docs' file names first (decision 0049): zero warnings, or the layer fails.
    const tsc = binOf("typescript", "tsc")
    await run(process.execPath, [tsc, "--noEmit", "-p", "medusa-backend"])
    await run(process.execPath, [tsc, "--noEmit", "-p", "storefront"])
    await run(process.execPath, [tsc, "--noEmit", "-p", "."]) // tests, scripts and root configs
    await run(process.execPath, [binOf("eslint", "eslint"), ".", "--max-warnings", "0"])
    await run(process.execPath, [binOf("prettier", "prettier"), "--check", ".", "--log-level", "warn"])
    await run(process.execPath, [path.join(ROOT, "scripts", "check-doc-paths.mjs")])
    await run(process.execPath, [vitest, "run", "--project", "unit", ...filters])
  })
}

if (layers.includes("integration")) {
  await layer("integration", async () => {
    // Medusa's test runner creates a database per suite on the server named by
    // DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD (it ignores DATABASE_URL).
    const { startPostgres } = await import("./lib/postgres.mjs")
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pharmacy-integration-"))
    fs.chmodSync(dataDir, 0o755)
    // The schema, made once by Medusa's own migrations: each file's database starts as a copy of it
    // (tests/integration/setup.ts), and Medusa's runner finds its migrations and link sync already done.
    const templateDb = `pharmacy_integration_template_${Date.now().toString(36)}`
    const database = await startPostgres({ dataDir: path.join(dataDir, "postgres"), databases: [templateDb], ephemeral: true })
    try {
      const migrated = Date.now()
      await run(process.execPath, [binOf("@medusajs/cli", "medusa"), "db:migrate", "--skip-scripts"], {
        cwd: BACKEND_DIR,
        env: backendEnv({
          ...throwAwaySecrets(),
          DATABASE_URL: database.url(templateDb),
          DATA_DIR: dataDir,
          NODE_ENV: "test",
          REDIS_URL: "",
          MEDUSA_ADMIN_DISABLED: "true",
          LOG_LEVEL: "error",
        }),
        quiet: true,
      })
      log(`integration: schema migrated once (${templateDb}) in ${((Date.now() - migrated) / 1000).toFixed(0)} s`)
      const host = database.admin.host === "127.0.0.1" ? "localhost" : database.admin.host // non-"localhost" means SSL to Medusa's runner
      // One vitest process per file: Medusa's singletons must not leak between suites. Two files run
      // at a time (one per core; each suite has its own database and port), the longest first so the
      // two lanes end together; a file's output is printed whole when it ends.
      const dir = path.join(ROOT, "tests", "integration")
      const files = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(".test.ts") && (!filters.length || filters.some((x) => f.includes(x))))
        .sort((a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size)
      const env = {
        ...process.env,
        DB_HOST: host,
        DB_PORT: String(database.admin.port),
        DB_USERNAME: database.admin.user,
        DB_PASSWORD: database.admin.password,
        REDIS_URL: "",
        INTEGRATION_TEMPLATE_DB: templateDb,
        FORCE_COLOR: process.stdout.isTTY ? "1" : "0",
      }
      const failed = []
      const queue = [...files]
      const lane = async () => {
        for (let file = queue.shift(); file; file = queue.shift()) {
          const started = Date.now()
          // Medusa resolves the config's "./src/modules/..." against the working directory.
          const args = [
            "run",
            "--project",
            "integration",
            "--root",
            ROOT,
            "--config",
            path.join(ROOT, "vitest.config.ts"),
            `tests/integration/${file}`,
          ]
          const output = await run(process.execPath, [vitest, ...args], { cwd: BACKEND_DIR, env, quiet: true }).catch((error) => {
            failed.push(file)
            return error?.output ?? String(error)
          })
          process.stdout.write(`${output}\n`)
          log(`integration: ${file} ${failed.includes(file) ? "FAILED" : "passed"} in ${((Date.now() - started) / 1000).toFixed(0)} s`)
        }
      }
      await Promise.all(Array.from({ length: Math.min(INTEGRATION_LANES, files.length) }, lane))
      if (failed.length) throw new Error(`Integration tests failed: ${failed.join(", ")}`)
    } finally {
      if (database.external) {
        // On DATABASE_URL's server the template outlives the run unless dropped (suites drop their own).
        const { default: pg } = await import("pg")
        const client = new pg.Client({ ...database.admin, database: "postgres" })
        await client.connect()
        await client.query(`DROP DATABASE IF EXISTS "${templateDb}" WITH (FORCE)`).finally(() => client.end())
      }
      await database.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
}

if (layers.includes("start")) {
  // `node scripts/start.mjs` on free ports with its own data folder, checked in Chromium (tests/start).
  await layer("start", () =>
    run(process.execPath, [binOf("@playwright/test", "playwright"), "test", "-c", "tests/start/playwright.config.ts", ...filters], {
      cwd: ROOT,
    })
  )
}

if (layers.includes("deployment")) {
  // Two servers and a worker of the production build on one Postgres and one Redis.
  await layer("deployment", () => run(process.execPath, [vitest, "run", "--project", "deployment", ...filters], { cwd: ROOT }))
}

if (layers.includes("e2e")) {
  await layer("e2e", () =>
    run(process.execPath, [binOf("@playwright/test", "playwright"), "test", "-c", "tests/e2e/playwright.config.ts", ...filters], {
      cwd: ROOT,
    })
  )
}

console.log("")
for (const r of results) {
  console.log(`  ${r.ok ? "\x1b[32m✔" : "\x1b[31m✘"} ${r.name}\x1b[0m  ${r.seconds.toFixed(0)} s`)
}
process.exit(results.every((r) => r.ok) ? 0 : 1)
