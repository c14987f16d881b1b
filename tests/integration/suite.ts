/**
 * The opening every integration suite shares (issue 22): Medusa's test runner on the backend under
 * test (a real PostgreSQL, no mocks) and, before the first test, the store the suite asks for:
 * the store itself (region, sales channel, warehouse, publishable key) or the development seed, the
 * seeded staff user signed in as staff or as a pharmacist, Medusa's Admin API, the suite's products.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"

import { seedAll } from "../../medusa-backend/src/scripts/seed"
import { DEV_ADMIN } from "../../medusa-backend/src/scripts/seed/admin-credentials"
import { ensureAdminUser } from "../../medusa-backend/src/scripts/seed/admin-user"
import { apiCaller, pharmacistTokens, staffTokens } from "./api-helpers"
import { BACKEND_DIR, createTestProduct, setupStore, type StoreSetup } from "./helpers"
import { type AdminCall, adminCaller, type StoreCall, storeCaller } from "./store-api"

type RunnerOptions = Parameters<Parameters<typeof medusaIntegrationTestRunner>[0]["testSuite"]>[0]

export type TestProduct = Awaited<ReturnType<typeof createTestProduct>>

export type SuiteOptions<Name extends string> = {
  /** Settings of the backend under test, set while the suite runs. */
  env?: Record<string, string>
  /** "seeded": the development seed (catalogue and staff user, `seedAll`); by default an empty store. */
  catalogue?: "seeded" | "empty"
  /**
   * The seeded staff user (admin@example.com, the pharmacy's pharmacist): "account" creates it;
   * "signed-in" also signs in through the /api (`suite.token`); "pharmacist" signs in with two-step
   * sign-in instead, as a pharmacist's decisions and prescription reads need (decision 0044).
   */
  staff?: "account" | "signed-in" | "pharmacist"
  /** Medusa's Admin API as Medusa Admin calls it, signed in as the staff user (`admin`). */
  admin?: boolean
  /** Products made for the suite, in this order: published, one variant, `price` dollars, `stock` units. */
  products?: Record<Name, Parameters<typeof createTestProduct>[2]>
}

/**
 * What the suite started from. The callers and the objects are the same from the start and filled
 * in before the first test, so a suite destructures them once at the top (`const { store, setup } =
 * suite`); only the staff token, a string, is read from `suite.token` in the tests.
 */
export type Suite<Name extends string> = {
  setup: StoreSetup
  /** The store's Store API with its publishable key. */
  store: StoreCall
  /** The legacy /api, as anyone: staff calls pass `{ token: suite.token }`. */
  call: ReturnType<typeof apiCaller>
  /** Medusa's Admin API (with `admin: true`). */
  admin: AdminCall
  /** The staff user's /api access token (with `staff: "signed-in"` or `"pharmacist"`). */
  token: string
  products: Record<Name, TestProduct>
}

/**
 * Runs `tests` as a Medusa integration suite that starts from what `options` ask for. The set-up is
 * a top-level beforeAll on purpose: the runner snapshots the database after it and restores that
 * snapshot before each test. A suite's own beforeAll runs after this one and may use `suite`.
 */
export function integrationSuite<Name extends string = never>(
  options: SuiteOptions<Name>,
  tests: (suite: Suite<Name>, runner: RunnerOptions) => void
) {
  medusaIntegrationTestRunner({
    cwd: BACKEND_DIR,
    env: options.env,
    testSuite: (runner) => {
      const started: { store?: StoreCall; admin?: AdminCall } = {}
      const notStarted = (what: string) => new Error(`${what} is not started: ask integrationSuite for it, and use it in a test or hook`)
      const call = apiCaller(runner.api)
      const suite: Suite<Name> = {
        setup: {} as StoreSetup,
        store: <T>(method: string, path: string, json?: unknown) => {
          if (!started.store) throw notStarted("The Store API caller")
          return started.store<T>(method, path, json)
        },
        call,
        admin: <T>(method: string, path: string, json?: unknown) => {
          if (!started.admin) throw notStarted("Medusa's Admin API caller (admin: true)")
          return started.admin<T>(method, path, json)
        },
        token: "",
        products: Object.fromEntries(Object.keys(options.products ?? {}).map((name) => [name, {}])) as Record<Name, TestProduct>,
      }

      beforeAll(async () => {
        const container = runner.getContainer()
        const seeded = options.catalogue === "seeded"
        Object.assign(suite.setup, seeded ? (await seedAll(container)).setup : await setupStore(container))
        started.store = storeCaller(runner.api, suite.setup.publishableKey)
        if (options.staff && !seeded) await ensureAdminUser(container, DEV_ADMIN)
        if (options.staff === "signed-in") suite.token = (await staffTokens(call)).access
        if (options.staff === "pharmacist") suite.token = (await pharmacistTokens(call)).access
        if (options.admin) started.admin = await adminCaller(runner.api)
        for (const [name, product] of Object.entries(options.products ?? {}) as [Name, Parameters<typeof createTestProduct>[2]][]) {
          Object.assign(suite.products[name], await createTestProduct(container, suite.setup, product))
        }
      })

      tests(suite, runner)
    },
  })
}

/**
 * What the order suites start from: the staff user as a pharmacist (decisions need a session verified
 * with two-step sign-in, decision 0044), Medusa's Admin API as Medusa Admin calls it, a
 * prescription-only pen and plain strips ($40 and $25, `stock` units each).
 */
export function orderSuite(stock = 50): SuiteOptions<"rx" | "plain"> {
  return {
    staff: "pharmacist",
    admin: true,
    products: {
      rx: { price: 40, stock, prescription: true, title: "Semaglutide Pen" },
      plain: { price: 25, stock, title: "Test Strips" },
    },
  }
}
