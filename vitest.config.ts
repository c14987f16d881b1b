import { fileURLToPath } from "node:url"

import { defineConfig } from "vitest/config"

const alias = {
  "~": fileURLToPath(new URL("./storefront/app", import.meta.url)),
  "@shared": fileURLToPath(new URL("./medusa-backend/src/shared", import.meta.url)),
}

/**
 * Three projects: fast unit tests, Medusa integration tests that boot the
 * real backend against a real PostgreSQL (started by scripts/test.mjs), and the
 * deployment test (two servers and a worker of the production build, Redis).
 * Playwright runs the browser tests separately (tests/e2e).
 */
export default defineConfig({
  test: {
    teardownTimeout: 60_000,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globals: true, // Medusa's test runner calls describe/beforeAll as globals
          // Medusa keeps process-wide singletons (database pools, container), so
          // scripts/test.mjs runs each file in its own vitest process, one at a
          // time. Within it, one thread ("forks" leaves orphan workers with
          // Medusa's runner; ending extra threads can crash on native addons).
          pool: "threads",
          poolOptions: { threads: { singleThread: true } },
          setupFiles: ["tests/integration/setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Several production processes on one Postgres and Redis (scripts/lib/deployment-stack.mjs).
          name: "deployment",
          include: ["tests/deployment/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 900_000,
        },
      },
    ],
  },
})
