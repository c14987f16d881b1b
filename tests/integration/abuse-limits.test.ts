/**
 * Per-client limits on what anyone may do without an account (issue 15): placing orders and
 * sending prescription requests. Over the limit: 429 with Retry-After, and nothing is written.
 * The client is the shopper, as a trusted proxy (the storefront) names it in X-Forwarded-For;
 * an untrusted X-Forwarded-For changes nothing.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { seedAll } from "../../medusa-backend/src/scripts/seed"
import type { CatalogProduct } from "../../medusa-backend/src/shared/catalog"
import { apiCaller, storeFingerprint, type Call } from "./api-helpers"
import { BACKEND_DIR, setupStore } from "./helpers"

medusaIntegrationTestRunner({
  cwd: BACKEND_DIR,
  env: {
    // This test process plays the storefront: a trusted proxy naming each shopper.
    TRUST_PROXY: "loopback",
    // The default is 10 a minute (tests/unit/request-limits.test.ts); a longer window here so
    // that a slow machine cannot see the window end in the middle of a test.
    RATE_LIMIT_ORDERS: "10/10m",
    RATE_LIMIT_PRESCRIPTION_REQUESTS: "3/10m",
  },
  testSuite: ({ api, getContainer, dbConnection }) => {
    let call: Call
    let strips: CatalogProduct
    let publishableKey: string

    beforeAll(async () => {
      await seedAll(getContainer())
      publishableKey = (await setupStore(getContainer())).publishableKey
      call = apiCaller(api)
      strips = (await call("GET", "/api/products/?search=test%20strips")).body.find((p: CatalogProduct) => p.variants.every((v) => v.stock > 30))
    })

    const order = (shopper: string | null, n: number) =>
      call("POST", "/api/orders/", {
        headers: shopper ? { "x-forwarded-for": shopper } : {},
        json: {
          email: `shopper-${n}@example.com`,
          phone: "555-123-4567",
          shipping_address: "12 Elm Street, Springfield, Illinois 62704, United States",
          items: [{ product: strips.id, variant: strips.variants[0].id, quantity: 1, price: strips.variants[0].price }],
          payment_method: "zelle",
        },
      })

    const request = (shopper: string, n: number) =>
      call("POST", "/api/prescription-request/", {
        headers: { "x-forwarded-for": shopper },
        json: { formType: "insulin", name: `Sam Doe ${n}`, email: `sam${n}@example.com`, phone: "555-010-2000", age: 40 },
      })

    it("refuses the 11th anonymous order within the window from one shopper with 429 and Retry-After, writing nothing; other shoppers order on", async () => {
      const shopper = "198.51.100.10"
      for (let i = 0; i < 10; i++) expect((await order(shopper, i)).status).toBe(201)
      const before = await storeFingerprint(dbConnection)
      const refused = await order(shopper, 10)
      expect(refused.status).toBe(429)
      expect(refused.body.detail).toMatch(/^Too many orders from your connection\. Please try again in \d+ (second|minute)\(s\)\.$/)
      const retryAfter = Number(refused.headers.get("retry-after"))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(600)
      expect(await storeFingerprint(dbConnection)).toEqual(before)
      // A busy storefront is many shoppers, not one client.
      expect((await order("198.51.100.11", 11)).status).toBe(201)
    })

    it("counts Medusa's Store API cart completion against the same limit", async () => {
      const shopper = "198.51.100.20"
      for (let i = 0; i < 10; i++) expect((await order(shopper, 20 + i)).status).toBe(201)
      const completion = await call("POST", "/store/carts/cart_01JABCDEFGHJKMNPQRSTVWXYZ0/complete", {
        headers: { "x-forwarded-for": shopper, "x-publishable-api-key": publishableKey },
      })
      expect(completion.status).toBe(429)
      expect(completion.body.message).toMatch(/^Too many orders from your connection/)
      expect(Number(completion.headers.get("retry-after"))).toBeGreaterThan(0)
    })

    it("limits prescription requests per shopper, storing nothing over the limit", async () => {
      const shopper = "198.51.100.30"
      for (let i = 0; i < 3; i++) expect((await request(shopper, i)).status).toBe(201)
      const before = await storeFingerprint(dbConnection)
      const refused = await request(shopper, 3)
      expect(refused.status).toBe(429)
      expect(refused.body.detail).toMatch(/^Too many requests from your connection\. Please try again in \d+ (second|minute)\(s\)\.$/)
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
      expect(await storeFingerprint(dbConnection)).toEqual(before)
      expect((await request("198.51.100.31", 4)).status).toBe(201)
    })

    it("does not believe X-Forwarded-For from a client that is not a trusted proxy", async () => {
      const trusted = process.env.TRUST_PROXY
      process.env.TRUST_PROXY = ""
      try {
        // Made-up addresses, one per request: still one client (this one).
        for (let i = 0; i < 3; i++) expect((await request(`203.0.113.${i + 1}`, 10 + i)).status).toBe(201)
        expect((await request("203.0.113.99", 13)).status).toBe(429)
      } finally {
        process.env.TRUST_PROXY = trusted
      }
    })
  },
})
