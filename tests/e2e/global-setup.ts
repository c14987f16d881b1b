import { startTestStack } from "../../scripts/lib/test-stack.mjs"

/** Starts a fresh, seeded store for the browser tests and stops it afterwards. */
export default async function globalSetup() {
  const stack = await startTestStack({ name: "e2e" })
  process.env.STOREFRONT_URL = stack.storefrontUrl
  process.env.BACKEND_URL = stack.backendUrl
  process.env.PUBLISHABLE_KEY = stack.publishableKey
  process.env.E2E_DATABASE_URL = stack.databaseUrl
  return async () => {
    await stack.stop()
  }
}
