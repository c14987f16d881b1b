import fs from "node:fs"

import { defineConfig, devices, type LaunchOptions } from "@playwright/test"

const systemChromium = "/usr/bin/chromium"

/**
 * The browser of both Playwright layers: no browser download here, so
 * Debian's Chromium when present, else Playwright's own; flags for a container without GPU, sandbox
 * or a large /dev/shm, and nothing that calls home.
 */
const chromiumLaunchOptions: LaunchOptions = {
  executablePath: fs.existsSync(systemChromium) ? systemChromium : undefined,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
}

/**
 * Recording a trace (a screencast and a DOM snapshot at every step) of every test roughly doubled each
 * test's time on the 2-core machine (17 tests: 276 s of test time with, 128 s without). A failed test is
 * retried on CI, and that retry is recorded; elsewhere, ask for one when needed (`--trace retain-on-failure`).
 */
const TRACE = "on-first-retry"

/**
 * A Playwright layer (tests/e2e, tests/start): the `*.spec.ts` files of its folder after its
 * global-setup.ts, in Chromium. One retry on CI only, where a red run blocks everything: a test
 * that fails twice still fails, and the list reporter names every test that needed the retry as
 * "flaky" so it gets fixed.
 */
export function browserLayerConfig(layer: {
  timeout: number
  expectTimeout: number
  workers: number
  outputDir: string
  baseURL?: string
}) {
  return defineConfig({
    testDir: ".",
    testMatch: "**/*.spec.ts",
    globalSetup: "./global-setup.ts",
    timeout: layer.timeout,
    expect: { timeout: layer.expectTimeout },
    fullyParallel: false,
    workers: layer.workers,
    retries: process.env.CI ? 1 : 0,
    forbidOnly: true,
    reporter: [["list"]],
    outputDir: layer.outputDir,
    use: { baseURL: layer.baseURL, trace: TRACE, launchOptions: chromiumLaunchOptions },
    projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  })
}
