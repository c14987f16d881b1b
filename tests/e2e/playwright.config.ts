import { defineConfig, devices } from "@playwright/test"

import { chromiumLaunchOptions, TRACE } from "../support/chromium"

/**
 * Browser tests against the built storefront and a real Medusa backend, both
 * started by global-setup.ts on free ports with a fresh, seeded database.
 * Run with `npm test` (everything) or `npm run test:e2e`.
 */
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  globalSetup: "./global-setup.ts",
  timeout: 60_000,
  // Staff saves run several Medusa workflows (a product with a picture and three variants took 10 s
  // while the other worker ran axe audits on this 2-core machine): waits get 20 s before failing.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  // One retry on CI only, where a red run blocks everything: a test that fails twice still fails,
  // and the list reporter names every test that needed the retry as "flaky" so it gets fixed.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: [["list"]],
  outputDir: "../../.data/test-results",
  use: {
    baseURL: process.env.STOREFRONT_URL,
    trace: TRACE,
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
})
