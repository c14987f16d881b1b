import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"

import { defineConfig } from "vitest/config"

const alias = {
  "~": fileURLToPath(new URL("./storefront/app", import.meta.url)),
  "@shared": fileURLToPath(new URL("./medusa-backend/src/shared", import.meta.url)),
}

/**
 * Remix's React package and `@remix-run/testing` (createRemixStub) each get their own nested copy of
 * react-router-dom 6 (the root holds Medusa Admin's version 7), and two copies mean two router
 * contexts: the stub's router would be invisible to Remix's hooks. The unit project runs the
 * stub's ESM build through Vite (inlined), where this alias sends its `react-router-dom` import
 * to the very file @remix-run/react loads.
 */
const remixRequire = createRequire(createRequire(import.meta.url).resolve("@remix-run/react"))
const remixRouterDom = remixRequire.resolve("react-router-dom")
const remixTesting = fileURLToPath(new URL("./node_modules/@remix-run/testing/dist/esm/index.js", import.meta.url))

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
        resolve: {
          alias: [
            ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
            { find: /^react-router-dom$/, replacement: remixRouterDom },
            { find: /^@remix-run\/testing$/, replacement: remixTesting },
          ],
        },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          server: { deps: { inline: [/@remix-run\/testing\//] } },
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
