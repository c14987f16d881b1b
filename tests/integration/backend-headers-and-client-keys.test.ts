/**
 * Issue 21, decision 0047: the backend's answers are never cached when they can
 * be personal (every /api answer, the Store API's carts and prescription requests,
 * Medusa's admin API), and are never sniffed or framed; the public catalogue may
 * be cached. Per-client limits count an IPv6 client by its /64. (Medusa Admin's
 * pages under /app are served before any middleware: tests/deployment/production-start.test.ts.)
 */
import { medication } from "../support/prescription-forms"
import type { ApiAnswer } from "./api-helpers"
import { adminCaller } from "./store-api"
import { integrationSuite } from "./suite"

integrationSuite(
  {
    env: {
      // This test process plays the storefront: a trusted proxy naming each shopper.
      TRUST_PROXY: "loopback",
      RATE_LIMIT_PRESCRIPTION_REQUESTS: "2/10m",
    },
    staff: "signed-in",
  },
  (suite, { api }) => {
    const { setup, store, call } = suite

    const expectNoSniffingNoFraming = (answer: ApiAnswer, what: string) => {
      expect(answer.headers.get("x-content-type-options"), what).toBe("nosniff")
      expect(answer.headers.get("x-frame-options"), what).toBe("DENY")
      expect(answer.headers.get("content-security-policy"), what).toBe("default-src 'none'; frame-ancestors 'none'")
    }
    const expectNotCached = (answer: ApiAnswer, what: string) => {
      expectNoSniffingNoFraming(answer, what)
      expect(answer.headers.get("cache-control"), what).toBe("no-store")
    }

    it("sends no-store, nosniff and no framing on /api answers, for staff and for anyone", async () => {
      const staffList = await call("GET", "/api/orders/?limit=20", { token: suite.token })
      expect(staffList.status).toBe(200)
      expectNotCached(staffList, "GET /api/orders/")
      expectNotCached(await call("GET", "/api/products/"), "GET /api/products/")
      expectNotCached(await call("GET", "/api/orders/?limit=20"), "401 on /api/orders/")
      expectNotCached(await call("GET", "/api/nowhere/"), "404 under /api")
    })

    it("sends no-store on the Store API's personal answers (carts, prescription requests), not on the public catalogue", async () => {
      const cart = await store("POST", "/store/carts", { region_id: setup.regionId, email: "pat.lee@example.com" })
      expect(cart.status).toBe(200)
      expectNotCached(cart, "POST /store/carts")
      const read = await store("GET", `/store/carts/${cart.body.cart.id}`)
      expect(read.body.cart.email).toBe("pat.lee@example.com")
      expectNotCached(read, "GET /store/carts/{id}")
      expectNotCached(await store("POST", "/store/prescription-requests", { formType: "insulin" }), "POST /store/prescription-requests")

      const catalogue = await store("GET", "/store/catalog/products?limit=1")
      expect(catalogue.status).toBe(200)
      expectNoSniffingNoFraming(catalogue, "GET /store/catalog/products")
      expect(catalogue.headers.get("cache-control")).not.toBe("no-store")
    })

    it("sends no-store on Medusa's admin API and sign-in answers", async () => {
      const admin = await adminCaller(api)
      const orders = await admin("GET", "/admin/orders?limit=1")
      expect(orders.status).toBe(200)
      expectNotCached(orders, "GET /admin/orders")
      const signIn = await call("POST", "/auth/user/emailpass", { json: { email: "nobody@example.com", password: "wrong password" } })
      expect(signIn.status).toBe(401)
      expectNotCached(signIn, "POST /auth/user/emailpass")
    })

    it("counts two IPv6 addresses of one /64 as one client: they share a limit bucket", async () => {
      const send = (shopper: string, n: number) =>
        call("POST", "/api/prescription-request/", {
          headers: { "x-forwarded-for": shopper },
          json: { ...medication, email: `ipv6-${n}@example.com` },
        })
      // One home network, a new address for every request (privacy extensions, or a script).
      expect((await send("2001:db8:7:1::a", 1)).status).toBe(201)
      expect((await send("2001:db8:7:1:1234:5678:9abc:def0", 2)).status).toBe(201)
      const third = await send("2001:db8:7:1:ffff:ffff:ffff:1", 3)
      expect(third.status).toBe(429)
      expect(third.body.detail).toMatch(/^Too many requests from your connection/)
      // The next /64 is another client; an IPv4-mapped address is its IPv4 address.
      expect((await send("2001:db8:7:2::a", 4)).status).toBe(201)
      expect((await send("198.51.100.77", 5)).status).toBe(201)
      expect((await send("::ffff:198.51.100.77", 6)).status).toBe(201)
      expect((await send("198.51.100.77", 7)).status).toBe(429)
    })
  }
)
