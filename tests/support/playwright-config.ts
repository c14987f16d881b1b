import fs from "node:fs"

import type { LaunchOptions } from "@playwright/test"

const systemChromium = "/usr/bin/chromium"

/**
 * The browser of both Playwright layers (tests/e2e and tests/start): no browser download here, so
 * Debian's Chromium when present, else Playwright's own; flags for a container without GPU, sandbox
 * or a large /dev/shm, and nothing that calls home.
 */
export const chromiumLaunchOptions: LaunchOptions = {
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
export const TRACE = "on-first-retry"
