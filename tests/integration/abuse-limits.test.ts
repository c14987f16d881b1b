/**
 * Per-client limits on what anyone may do without an account (issue 15): placing orders and
 * sending prescription requests; creating Store API carts and trying promotion codes
 * (issue 21). Over the limit: 429 with Retry-After, and nothing is written.
 * The client is the shopper, as a trusted proxy (the storefront) names it in X-Forwarded-For;
 * an untrusted X-Forwarded-For changes nothing.
 */
import type { CatalogProduct } from "../../medusa-backend/src/shared/catalog"
import { storeFingerprint } from "./api-helpers"
import { withSettings } from "./helpers"
import { integrationSuite } from "./suite"

integrationSuite(
  {
    env: {
      // This test process plays the storefront: a trusted proxy naming each shopper.
      TRUST_PROXY: "loopback",
      // The default is 10 a minute (tests/unit/request-limits.test.ts); a longer window here so
      // that a slow machine cannot see the window end in the middle of a test.
      RATE_LIMIT_ORDERS: "10/10m",
      RATE_LIMIT_PRESCRIPTION_REQUESTS: "3/10m",
      // The defaults' counts (30 carts, 10 codes a minute), over a longer window for the same reason.
      RATE_LIMIT_CARTS: "30/10m",
      RATE_LIMIT_PROMOTION_CODES: "10/10m",
    },
    catalogue: "seeded",
  },
  ({ setup, call }, { dbConnection }) => {
    let strips: CatalogProduct

    beforeAll(async () => {
      strips = (await call("GET", "/api/products/?search=test%20strips")).body.find((p: CatalogProduct) =>
        p.variants.every((v) => v.stock > 30)
      )
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
        headers: { "x-forwarded-for": shopper, "x-publishable-api-key": setup.publishableKey },
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

    /** A Store API call for a shopper, as the storefront makes it (publishable key, the shopper's address). */
    const store = (shopper: string, method: string, path: string, json?: unknown) =>
      call(method, path, { json, headers: { "x-forwarded-for": shopper, "x-publishable-api-key": setup.publishableKey } })

    it("refuses the 31st new cart within the window from one shopper with 429 and Retry-After, creating nothing", async () => {
      const shopper = "198.51.100.40"
      const newCart = (who: string) => store(who, "POST", "/store/carts?fields=id", { region_id: setup.regionId })
      for (let i = 0; i < 30; i++) expect((await newCart(shopper)).status, `cart ${i + 1}`).toBe(200)
      const before = await storeFingerprint(dbConnection)
      const refused = await newCart(shopper)
      expect(refused.status).toBe(429)
      expect(refused.body).toMatchObject({ type: "too_many_requests" })
      expect(refused.body.message).toMatch(/^Too many new carts from your connection\. Please try again in \d+ (second|minute)\(s\)\.$/)
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
      expect(await storeFingerprint(dbConnection)).toEqual(before)
      expect((await newCart("198.51.100.41")).status).toBe(200)
    })

    it("refuses the 11th promotion code tried by one shopper (on cart creation, update or the promotions route) with 429", async () => {
      const shopper = "198.51.100.50"
      const tryCode = (path: string, code: string) => store(shopper, "POST", `${path}?fields=id`, { promo_codes: [code] })
      const withStrips = { region_id: setup.regionId, items: [{ variant_id: strips.variants[0].id, quantity: 1 }] }
      const cart = (await store(shopper, "POST", "/store/carts?fields=id", withStrips)).body.cart.id as string
      // Removing codes is no attempt.
      for (let i = 0; i < 3; i++) {
        expect((await store(shopper, "POST", `/store/carts/${cart}?fields=id`, { promo_codes: [] })).status).toBe(200)
      }
      const tries = [
        () => store(shopper, "POST", "/store/carts?fields=id", { region_id: setup.regionId, promo_codes: ["GUESS0"] }),
        ...Array.from({ length: 5 }, (_, i) => () => tryCode(`/store/carts/${cart}/promotions`, `GUESS${i + 1}`)),
        ...Array.from({ length: 4 }, (_, i) => () => tryCode(`/store/carts/${cart}`, `GUESS${i + 6}`)),
      ]
      for (const [i, attempt] of tries.entries()) expect((await attempt()).status, `code ${i + 1}`).not.toBe(429)
      for (const eleventh of [
        () => store(shopper, "POST", `/store/carts/${cart}/promotions?fields=id`, { promo_codes: ["DISCOUNT10"] }),
        () => store(shopper, "POST", `/store/carts/${cart}?fields=id`, { promo_codes: ["DISCOUNT10"] }),
      ]) {
        const refused = await eleventh()
        expect(refused.status).toBe(429)
        expect(refused.body.message).toMatch(
          /^Too many discount code attempts from your connection\. Please try again in \d+ (second|minute)\(s\)\.$/
        )
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
      }
      // The refused code (one that would apply) was not applied.
      const [row] = (
        await dbConnection.raw(`SELECT count(*)::int AS n FROM cart_promotion WHERE cart_id = ? AND deleted_at IS NULL`, [cart])
      ).rows
      expect(row.n).toBe(0)
      // Another shopper tries codes on.
      const other = (await store("198.51.100.51", "POST", "/store/carts?fields=id", withStrips)).body.cart.id as string
      const promotions = `/store/carts/${other}/promotions?fields=id,*promotions`
      const applied = await store("198.51.100.51", "POST", promotions, { promo_codes: ["DISCOUNT10"] })
      expect(applied.status).toBe(200)
      expect(applied.body.cart.promotions.map((p: { code: string }) => p.code)).toEqual(["DISCOUNT10"])
    })

    it("does not believe X-Forwarded-For from a client that is not a trusted proxy", async () => {
      await withSettings({ TRUST_PROXY: "" }, async () => {
        // Made-up addresses, one per request: still one client (this one).
        for (let i = 0; i < 3; i++) expect((await request(`203.0.113.${i + 1}`, 10 + i)).status).toBe(201)
        expect((await request("203.0.113.99", 13)).status).toBe(429)
      })
    })
  }
)
