import { browserLayerConfig } from "../support/playwright-config"

/**
 * Browser tests against the built storefront and a real Medusa backend, both
 * started by global-setup.ts on free ports with a fresh, seeded database.
 * Run with `npm test` (everything) or `npm run test:e2e`.
 */
export default browserLayerConfig({
  timeout: 60_000,
  // Staff saves run several Medusa workflows (a product with a picture and three variants took 10 s
  // while the other worker ran axe audits on this 2-core machine): waits get 20 s before failing.
  expectTimeout: 20_000,
  workers: 2,
  outputDir: "../../.data/test-results",
  baseURL: process.env.STOREFRONT_URL,
})
