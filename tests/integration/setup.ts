// Medusa loads the app's TypeScript sources (routes, modules, workflows) with
// Node's require, outside Vite: register ts-node (SWC) for them, as the
// Medusa CLI does.
import crypto from "node:crypto"
import fs from "node:fs"
import { createRequire } from "node:module"
import os from "node:os"
import path from "node:path"

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
