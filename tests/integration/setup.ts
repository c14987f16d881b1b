// Medusa loads the app's TypeScript sources (routes, modules, workflows) with
// Node's require, outside Vite: register ts-node (SWC) for them, as the
// Medusa CLI does.
import crypto from "node:crypto"
import fs from "node:fs"
import { createRequire } from "node:module"
import os from "node:os"
import path from "node:path"

import pg, { type ClientConfig } from "pg"

const require = createRequire(import.meta.url)
const backendDir = path.resolve(__dirname, "../../medusa-backend")

if (process.cwd() !== backendDir) {
  // Medusa resolves "./src/modules/..." in medusa-config.ts against the working directory.
  throw new Error("Run the integration tests with `npm run test:integration` (they must run from medusa-backend/).")
}

if (!(globalThis as { __tsNodeRegistered?: boolean }).__tsNodeRegistered) {
  require("ts-node").register({
    project: path.join(backendDir, "tsconfig.json"),
    transpileOnly: true,
    swc: true,
  })
  ;(globalThis as { __tsNodeRegistered?: boolean }).__tsNodeRegistered = true
}

process.env.MEDUSA_DISABLE_TELEMETRY = "true"
// Local data (uploaded pictures, the email outbox) goes to a throw-away folder, not the repository.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pharmacy-integration-data-"))
process.env.MEDUSA_UPLOAD_DIR ||= path.join(scratch, "uploads")
process.env.DATA_DIR ||= scratch
// Health information is encrypted with a key made for this run.
process.env.PHI_ENCRYPTION_KEY ||= crypto.randomBytes(32).toString("base64")
// Order status links (decision 0050) are signed with a key made for this run; they point at this storefront origin.
process.env.ORDER_STATUS_LINK_SECRET ||= crypto.randomBytes(32).toString("hex")
process.env.STOREFRONT_PUBLIC_URL ||= "https://shop.test.example"
process.env.MEDUSA_ADMIN_DISABLED = "true"
process.env.LOG_LEVEL = process.env.LOG_LEVEL || "error"
// Medusa's runner restores the database between tests, which a process-wide
// cache cannot see: off here; catalog-cache.test.ts turns it on and tests it.
process.env.CATALOG_CACHE ||= "off"
// Every test of a file is the same client (this process), placing orders and forms far faster
// than a shopper: the per-client limits are raised here; abuse-limits.test.ts sets its own.
process.env.RATE_LIMIT_ORDERS ||= "1000/1m"
process.env.RATE_LIMIT_PRESCRIPTION_REQUESTS ||= "1000/1m"
process.env.RATE_LIMIT_CARTS ||= "1000/1m"
process.env.RATE_LIMIT_PROMOTION_CODES ||= "1000/1m"
process.env.RATE_LIMIT_ORDER_STATUS ||= "1000/1m"

// scripts/test.mjs migrates one database per run with Medusa's own migrations (`medusa db:migrate`) and
// names it in INTEGRATION_TEMPLATE_DB: each file's database starts as a copy of it instead of empty.
// Medusa's runner still runs every module's migrations and the link sync on it (they find nothing
// left to do) and then restores that database between tests as before; only the 20-odd seconds of
// creating the schema again in each of the 31 files are saved.
const templateDb = process.env.INTEGRATION_TEMPLATE_DB
if (templateDb) {
  const templates = require("@medusajs/test-utils/dist/medusa-test-runner-utils/postgres-template.js")
  templates.createDatabase = async (
    { databaseName, errorIfExist = false }: { databaseName: string; errorIfExist?: boolean },
    credentials: ClientConfig = {}
  ) => {
    const client = new pg.Client({ host: "localhost", port: 5432, database: "postgres", ...credentials })
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`
    try {
      await client.connect()
      await client.query(`CREATE DATABASE ${quote(databaseName)} TEMPLATE ${quote(templateDb)}`)
    } catch (error) {
      if (!errorIfExist && (error as { code?: string }).code === "42P04") return // already there, as Medusa's own createDatabase
      throw error
    } finally {
      await client.end()
    }
  }
}
