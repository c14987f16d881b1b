import path from "node:path"

import { startTestStack } from "../../scripts/lib/test-stack.mjs"

/** Starts a fresh, seeded store for the browser tests and stops it afterwards. */
export default async function globalSetup() {
  const stack = await startTestStack({ name: "e2e" })
  process.env.STOREFRONT_URL = stack.storefrontUrl
  process.env.BACKEND_URL = stack.backendUrl
  process.env.PUBLISHABLE_KEY = stack.publishableKey
  process.env.E2E_DATABASE_URL = stack.databaseUrl
  // The backend writes customer emails there (no SMTP in the test stack): the tests read them as the customer would.
  process.env.E2E_OUTBOX_DIR = path.join(stack.workDir, "outbox")
  return async () => {
    await stack.stop()
  }
}
