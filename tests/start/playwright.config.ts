import { defineConfig, devices } from "@playwright/test"

import { chromiumLaunchOptions, TRACE } from "../support/chromium"

/**
 * The store exactly as the README's `npm start` runs it (decision 0048): global-setup.ts runs
 * scripts/start.mjs itself on free ports with a data folder of its own, and the tests use what
 * it printed. `npm test` runs this as its `start` layer (`npm test -- start`).
 */
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  globalSetup: "./global-setup.ts",
  timeout: 180_000,
  expect: { timeout: 30_000 },
  // One store, one browser: the tests share the store's data (an order placed, then opened in Medusa Admin).
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: [["list"]],
  outputDir: "../../.data/test-results-start",
  use: {
    trace: TRACE,
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
})
