import { browserLayerConfig } from "../support/playwright-config"

/**
 * The store exactly as the README's `npm start` runs it (decision 0048): global-setup.ts runs
 * scripts/start.mjs itself on free ports with a data folder of its own, and the tests use what
 * it printed. `npm test` runs this as its `start` layer (`npm test -- start`).
 */
export default browserLayerConfig({
  timeout: 180_000,
  expectTimeout: 30_000,
  // One store, one browser: the tests share the store's data (an order placed, then opened in Medusa Admin).
  workers: 1,
  outputDir: "../../.data/test-results-start",
})
