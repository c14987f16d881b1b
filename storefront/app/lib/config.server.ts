/**
 * Storefront server configuration, read once from the environment.
 * Server-only: nothing here reaches the browser unless a loader returns it.
 */
import fs from "node:fs"
import path from "node:path"

import { parsePublicOrigin } from "./public-origin"

function readPublishableKey(): string {
  if (process.env.MEDUSA_PUBLISHABLE_KEY) return process.env.MEDUSA_PUBLISHABLE_KEY
  // `npm start` and the seed write the key here (see scripts/start.mjs).
  const file = process.env.PUBLISHABLE_KEY_FILE || path.resolve(process.cwd(), "..", ".data", "publishable-key")
  try {
    return fs.readFileSync(file, "utf8").trim()
  } catch {
    return ""
  }
}

export const config = {
  backendUrl: (process.env.MEDUSA_BACKEND_URL || "http://localhost:9000").replace(/\/$/, ""),
  publishableKey: readPublishableKey(),
  isProduction: process.env.NODE_ENV === "production",
  /**
   * Where customers and search engines reach the storefront (`STOREFRONT_PUBLIC_URL`, as the backend
   * reads it for its emails): the sitemap's, robots.txt's and canonical links' origin. Unset: the
   * origin each request came to (decision 0055). A value that is not an origin stops the start.
   */
  publicOrigin: parsePublicOrigin(process.env.STOREFRONT_PUBLIC_URL),
  /** Shown in the footer and on policy pages. */
  contact: {
    email: process.env.STORE_CONTACT_EMAIL || "support@harborhealth.example",
    phone: process.env.STORE_CONTACT_PHONE || "(800) 555-0199",
  },
}
