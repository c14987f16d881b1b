/**
 * Contract tests of the legacy /api's security (spec §6, §7): staff tokens,
 * refused writes, the sign-in rate limit, CORS, and the JSON answers for
 * unknown paths and methods.
 */
import { Modules } from "@medusajs/framework/utils"
import { deleteUsersWorkflow } from "@medusajs/medusa/core-flows"
import jwt from "jsonwebtoken"

import { signApiToken } from "../../medusa-backend/src/api/utils/api-tokens"
import { DEV_ADMIN } from "../../medusa-backend/src/scripts/seed/admin-credentials"
import { ensureAdminUser } from "../../medusa-backend/src/scripts/seed/admin-user"
import { staffTokens, storeFingerprint } from "./api-helpers"
import { withSettings } from "./helpers"
import { integrationSuite } from "./suite"

const STOREFRONT = "http://localhost:3000"
const OTHER_ALLOWED = "https://shop.example.com"

integrationSuite(
  {
    env: {
      API_CORS: `${STOREFRONT},${OTHER_ALLOWED}`,
      API_ACCESS_TOKEN_TTL: "10m",
      API_REFRESH_TOKEN_TTL: "2d",
      // This test process is the storefront: a proxy whose X-Forwarded-For names each visitor.
      TRUST_PROXY: "loopback",
      API_LOGIN_MAX_FAILURES_PER_ACCOUNT: "30",
    },
    catalogue: "seeded",
  },
  ({ call }, { getContainer, api, dbConnection }) => {
    let productId: string
    let variantId: string
    let categoryId: string
    let tempUserId: string

    beforeAll(async () => {
      const container = getContainer()
      await ensureAdminUser(container, { email: "temp.staff@example.com", password: "temp-password-1" })
      const [user] = await container.resolve("user").listUsers({ email: "temp.staff@example.com" })
      tempUserId = user.id
      const [first] = (await call("GET", "/api/products/")).body
      productId = first.id
      variantId = first.variants[0].id
      categoryId = first.category
    })

    /** A staff member of their own, so that one test's failed sign-ins do not lock another's account. */
    const newStaff = async (email: string) => {
      const account = { email, password: "staff-password-1" }
      await ensureAdminUser(getContainer(), account)
      return account
    }

    /** Every call that needs staff, with a valid body, so only the token decides. */
    const staffCalls = () => [
      { method: "POST", path: "/api/products/", init: { form: { name: "N", description: "D", category: categoryId } } },
      { method: "PATCH", path: `/api/products/${productId}/`, init: { json: { name: "Renamed" } } },
      { method: "DELETE", path: `/api/products/${productId}/`, init: {} },
      { method: "POST", path: `/api/products/${productId}/variants/`, init: { json: { name: "New", price: 1, stock: 1 } } },
      { method: "PATCH", path: `/api/variants/${variantId}/`, init: { json: { price: 1 } } },
      { method: "DELETE", path: `/api/variants/${variantId}/`, init: {} },
      { method: "POST", path: "/api/categories/", init: { json: { name: "New category" } } },
      { method: "PUT", path: `/api/categories/${categoryId}/`, init: { json: { name: "Renamed" } } },
      { method: "DELETE", path: `/api/categories/${categoryId}/`, init: {} },
      { method: "GET", path: "/api/orders/", init: {} },
      { method: "GET", path: "/api/orders/HH-2222-3333/", init: {} },
    ]

    describe("POST /api/token/ and /api/token/refresh/", () => {
      it("signs staff in with email and password: a short-lived access token and a longer refresh token", async () => {
        const answer = await call("POST", "/api/token/", { json: { username: DEV_ADMIN.email, password: DEV_ADMIN.password } })
        expect(answer.status).toBe(200)
        expect(Object.keys(answer.body).sort()).toEqual(["access", "refresh"])
        const access = jwt.decode(answer.body.access) as jwt.JwtPayload
        const refresh = jwt.decode(answer.body.refresh) as jwt.JwtPayload
        expect(access.token_use).toBe("access")
        expect(refresh.token_use).toBe("refresh")
        expect(access.exp! - access.iat!).toBe(10 * 60) // API_ACCESS_TOKEN_TTL
        expect(refresh.exp! - refresh.iat!).toBe(2 * 24 * 3600) // API_REFRESH_TOKEN_TTL

        // The access token lets staff write; the refresh token gets a new access token (and its own successor).
        const created = await call("POST", "/api/categories", { token: answer.body.access, json: { name: "Vitamins" } })
        expect(created.status).toBe(201)
        const refreshed = await call("POST", "/api/token/refresh", { json: { refresh: answer.body.refresh } })
        expect(refreshed.status).toBe(200)
        expect(Object.keys(refreshed.body).sort()).toEqual(["access", "refresh"])
        expect(
          (await call("PUT", `/api/categories/${created.body.id}/`, { token: refreshed.body.access, json: { name: "Vitamins & more" } }))
            .status
        ).toBe(200)
      })

      it("answers 401 with a detail for wrong credentials, and 400 for missing fields", async () => {
        const headers = { "x-forwarded-for": "198.51.100.1" }
        for (const json of [
          { username: DEV_ADMIN.email, password: "wrong-password" },
          { username: "nobody@example.com", password: DEV_ADMIN.password },
        ]) {
          const answer = await call("POST", "/api/token/", { json, headers })
          expect(answer.status).toBe(401)
          expect(answer.body).toEqual({
            detail: "No active account found with the given credentials.",
            message: "No active account found with the given credentials.",
          })
        }
        const missing = await call("POST", "/api/token/", { json: { username: " " }, headers })
        expect(missing.status).toBe(400)
        expect(missing.body.errors).toEqual({ username: "Username is required", password: "Password is required" })
      })

      it("refuses a refresh with anything but a valid refresh token", async () => {
        const container = getContainer()
        const { access, refresh } = await staffTokens(call)
        const staff = { user_id: (jwt.decode(refresh) as jwt.JwtPayload).sub!, email: DEV_ADMIN.email }
        const forged = jwt.sign({ token_use: "refresh", email: staff.email }, "not-the-key", {
          algorithm: "HS256",
          subject: staff.user_id,
          audience: "pharmacy-legacy-api",
          issuer: "pharmacy-medusa-backend",
          expiresIn: 600,
        })
        for (const [token, why] of [
          [access, "Token is not a refresh token"],
          [forged, "Token is invalid"],
          [signApiToken(container, staff, "refresh", -5), "Token has expired"],
          ["garbage", "Token is invalid"],
        ]) {
          const answer = await call("POST", "/api/token/refresh/", { json: { refresh: token } })
          expect(answer.status).toBe(401)
          expect(answer.body.detail).toBe(`Given token not valid: ${why}.`)
        }
        expect((await call("POST", "/api/token/refresh/", { json: {} })).status).toBe(400)
      })
    })

    describe("staff-only calls", () => {
      it("refuse anonymous, malformed, forged, expired, refresh and Medusa-admin tokens with 401, and change nothing", async () => {
        const container = getContainer()
        const { access, refresh } = await staffTokens(call)
        const staff = { user_id: (jwt.decode(access) as jwt.JwtPayload).sub!, email: DEV_ADMIN.email }
        const medusaAdminToken = (await api.post("/auth/user/emailpass", { email: DEV_ADMIN.email, password: DEV_ADMIN.password })).data
          .token
        expect(medusaAdminToken).toEqual(expect.any(String))
        const forged = jwt.sign({ token_use: "access", email: staff.email }, "guessed-secret", {
          algorithm: "HS256",
          subject: staff.user_id,
          audience: "pharmacy-legacy-api",
          issuer: "pharmacy-medusa-backend",
          expiresIn: 600,
        })
        const unsigned = jwt.sign(
          { token_use: "access", sub: staff.user_id, aud: "pharmacy-legacy-api", iss: "pharmacy-medusa-backend" },
          "",
          {
            algorithm: "none",
          } as jwt.SignOptions
        )
        const refused: [string, Record<string, string>][] = [
          ["no token", {}],
          ["another scheme", { authorization: `Token ${access}` }],
          ["empty bearer", { authorization: "Bearer " }],
          ["forged", { authorization: `Bearer ${forged}` }],
          ["alg none", { authorization: `Bearer ${unsigned}` }],
          ["expired", { authorization: `Bearer ${signApiToken(container, staff, "access", -1)}` }],
          ["refresh as access", { authorization: `Bearer ${refresh}` }],
          ["Medusa admin JWT", { authorization: `Bearer ${medusaAdminToken}` }],
        ]
        const before = await storeFingerprint(dbConnection)
        for (const { method, path, init } of staffCalls()) {
          for (const [why, headers] of refused) {
            const answer = await call(method, path, { ...init, headers })
            expect(answer.status, `${why}: ${method} ${path}`).toBe(401)
            expect(answer.body.detail, `${why}: ${method} ${path}`).toMatch(
              /^(Authentication credentials were not provided\.|Given token not valid: .+)$/
            )
            expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/)
          }
        }
        expect(await storeFingerprint(dbConnection)).toEqual(before)
        // And our tokens are not Medusa Admin tokens either.
        const asAdmin = await api.get("/admin/products", { headers: { authorization: `Bearer ${access}` }, validateStatus: () => true })
        expect(asAdmin.status).toBe(401)
      })

      it("stop working as soon as the staff member's Medusa user is removed", async () => {
        const temp = await staffTokens(call, { email: "temp.staff@example.com", password: "temp-password-1" })
        expect((await call("POST", "/api/categories/", { token: temp.access, json: { name: "Before removal" } })).status).toBe(201)
        await deleteUsersWorkflow(getContainer()).run({ input: { ids: [tempUserId] } })
        const after = await call("POST", "/api/categories/", { token: temp.access, json: { name: "After removal" } })
        expect(after.status).toBe(401)
        expect(after.body.detail).toBe("Given token not valid: This staff account no longer exists.")
        expect((await call("POST", "/api/token/refresh/", { json: { refresh: temp.refresh } })).status).toBe(401)
      })

      it("leave public reads and guest calls open, even with a stale token", async () => {
        const stale = "Bearer not-a-valid-token"
        expect((await call("GET", "/api/products/", { headers: { authorization: stale } })).status).toBe(200)
        expect((await call("GET", `/api/products/${productId}/`, { headers: { authorization: stale } })).status).toBe(200)
        expect((await call("GET", "/api/categories/", { headers: { authorization: stale } })).status).toBe(200)
        const form = await call("POST", "/api/prescription-request/", {
          headers: { authorization: stale },
          json: { formType: "insulin", name: "Sam Doe", email: "sam@example.com", phone: "555-010-2000", age: 40 },
        })
        expect(form.status).toBe(201)
      })
    })

    describe("sign-in rate limit", () => {
      it("counts concurrent failures one by one: five at once block the client", async () => {
        const attacker = { "x-forwarded-for": "203.0.113.90" }
        const answers = await Promise.all(
          Array.from({ length: 5 }, (_, i) =>
            call("POST", "/api/token/", { json: { username: DEV_ADMIN.email, password: `burst-${i}` }, headers: attacker })
          )
        )
        expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401])
        const blocked = await call("POST", "/api/token/", {
          json: { username: DEV_ADMIN.email, password: DEV_ADMIN.password },
          headers: attacker,
        })
        expect(blocked.status).toBe(429)
      })

      it("refuses a client with 429 after 5 failures, even with the right password; other clients are not affected", async () => {
        const attacker = { "x-forwarded-for": "203.0.113.66" }
        for (let i = 0; i < 5; i++) {
          const answer = await call("POST", "/api/token/", {
            json: { username: DEV_ADMIN.email, password: `guess-${i}` },
            headers: attacker,
          })
          expect(answer.status).toBe(401)
        }
        const blocked = await call("POST", "/api/token/", {
          json: { username: DEV_ADMIN.email, password: DEV_ADMIN.password },
          headers: attacker,
        })
        expect(blocked.status).toBe(429)
        expect(blocked.body.detail).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minute\(s\)\.$/)
        expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(800)

        const colleague = await call("POST", "/api/token/", {
          json: { username: DEV_ADMIN.email, password: DEV_ADMIN.password },
          headers: { "x-forwarded-for": "203.0.113.67" },
        })
        expect(colleague.status).toBe(200)
      })

      it("also limits failures per account, whatever address they claim to come from", async () => {
        const account = { username: "temp.staff@example.com", password: "temp-password-1" }
        for (let i = 0; i < 30; i++) {
          // API_LOGIN_MAX_FAILURES_PER_ACCOUNT
          const answer = await call("POST", "/api/token/", {
            json: { ...account, password: `guess-${i}` },
            headers: { "x-forwarded-for": `192.0.2.${i + 1}` },
          })
          expect(answer.status).toBe(401)
        }
        const locked = await call("POST", "/api/token/", { json: account, headers: { "x-forwarded-for": "192.0.2.200" } })
        expect(locked.status).toBe(429)
        // Other accounts still sign in from anywhere.
        const admin = await call("POST", "/api/token/", {
          json: { username: DEV_ADMIN.email, password: DEV_ADMIN.password },
          headers: { "x-forwarded-for": "192.0.2.201" },
        })
        expect(admin.status).toBe(200)
      })

      it("forgets a client's failures once it signs in", async () => {
        const client = { "x-forwarded-for": "203.0.113.77" }
        const attempt = (password: string) =>
          call("POST", "/api/token/", { json: { username: DEV_ADMIN.email, password }, headers: client })
        for (let i = 0; i < 4; i++) expect((await attempt("typo")).status).toBe(401)
        expect((await attempt(DEV_ADMIN.password)).status).toBe(200)
        for (let i = 0; i < 4; i++) expect((await attempt("typo")).status).toBe(401)
        expect((await attempt(DEV_ADMIN.password)).status).toBe(200)
      })

      it("does not let a sign-in from another client erase an account's failures", async () => {
        const account = await newStaff("guarded.staff@example.com")
        const attempt = (client: string, password: string) =>
          call("POST", "/api/token/", { json: { username: account.email, password }, headers: { "x-forwarded-for": client } })
        await withSettings({ API_LOGIN_MAX_FAILURES_PER_ACCOUNT: "3" }, async () => {
          expect((await attempt("198.51.100.31", "guess-1")).status).toBe(401)
          expect((await attempt("198.51.100.32", "guess-2")).status).toBe(401)
          // The real staff member (or the guesser with the password of their own account) signs in elsewhere...
          expect((await attempt("198.51.100.33", account.password)).status).toBe(200)
          expect((await attempt("198.51.100.34", "guess-3")).status).toBe(401)
          // ...and the account's three failures still count.
          const locked = await attempt("198.51.100.35", account.password)
          expect(locked.status).toBe(429)
        })
      })

      it("believes X-Forwarded-For only from a trusted proxy: spoofed addresses neither dodge nor reset the limit", async () => {
        const account = await newStaff("spoofed.staff@example.com")
        await withSettings({ TRUST_PROXY: "" }, async () => {
          try {
            for (let i = 0; i < 5; i++) {
              const answer = await call("POST", "/api/token/", {
                json: { username: account.email, password: `guess-${i}` },
                headers: { "x-forwarded-for": `203.0.113.${100 + i}` },
              })
              expect(answer.status).toBe(401)
            }
            // Another made-up address is still this client; so is one claiming to be a known colleague.
            for (const spoofed of ["203.0.113.200", "203.0.113.67"]) {
              const answer = await call("POST", "/api/token/", {
                json: { username: account.email, password: account.password },
                headers: { "x-forwarded-for": spoofed },
              })
              expect(answer.status).toBe(429)
            }
          } finally {
            // This test process is now blocked as a client: the later tests sign in from it.
            await dbConnection.raw(`DELETE FROM rate_limit_window WHERE key IN ('sign-in:client:127.0.0.1', 'sign-in:client:::1')`)
          }
        })
      })

      it("applies the same limits to Medusa's own sign-in (Medusa Admin), sharing the counts with /api/token/", async () => {
        const account = await newStaff("medusa.admin.staff@example.com")
        const client = { "x-forwarded-for": "198.51.100.41" }
        const medusaSignIn = (password: string) =>
          call("POST", "/auth/user/emailpass", { json: { email: account.email, password }, headers: client })
        expect((await medusaSignIn(account.password)).status).toBe(200)
        for (let i = 0; i < 3; i++) expect((await medusaSignIn(`guess-${i}`)).status).toBe(401)
        for (let i = 3; i < 5; i++) {
          expect(
            (await call("POST", "/api/token/", { json: { username: account.email, password: `guess-${i}` }, headers: client })).status
          ).toBe(401)
        }
        const blocked = await medusaSignIn(account.password)
        expect(blocked.status).toBe(429)
        expect(blocked.body.message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minute\(s\)\.$/)
        expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0)
        expect(
          (await call("POST", "/api/token/", { json: { username: account.email, password: account.password }, headers: client })).status
        ).toBe(429)
      })
    })

    describe("staff sessions", () => {
      const signIn = async (account: { email: string; password: string }) => {
        const answer = await call("POST", "/api/token/", { json: { username: account.email, password: account.password } })
        expect(answer.status).toBe(200)
        return answer.body as { access: string; refresh: string }
      }
      const refreshWith = (refresh: string) => call("POST", "/api/token/refresh/", { json: { refresh } })
      const works = async (access: string) => (await call("GET", "/api/token/session/", { token: access })).status === 200

      it("tells the staff area whose session an access token is", async () => {
        const { access } = await signIn(DEV_ADMIN)
        const answer = await call("GET", "/api/token/session/", { token: access })
        expect(answer.status).toBe(200)
        expect(answer.body).toEqual({ user_id: expect.stringMatching(/^user_/), email: DEV_ADMIN.email, mfa_verified: false })
        expect((await call("GET", "/api/token/session/")).status).toBe(401)
      })

      it("ends the session on logout: its access and refresh tokens are refused afterwards", async () => {
        const copied = await signIn(DEV_ADMIN) // what a copied cookie would hold
        expect(await works(copied.access)).toBe(true)
        expect((await call("POST", "/api/token/logout/", { json: { refresh: copied.refresh } })).status).toBe(204)
        const after = await call("GET", "/api/token/session/", { token: copied.access })
        expect(after.status).toBe(401)
        expect(after.body.detail).toBe("Given token not valid: The session has ended.")
        expect((await refreshWith(copied.refresh)).status).toBe(401)
        // Logging out with the access token (Bearer) works too; other sessions of the same user go on.
        const mine = await signIn(DEV_ADMIN)
        const other = await signIn(DEV_ADMIN)
        expect((await call("POST", "/api/token/logout/", { token: mine.access })).status).toBe(204)
        expect(await works(mine.access)).toBe(false)
        expect(await works(other.access)).toBe(true)
        expect((await call("POST", "/api/token/logout/", { json: { refresh: "not-a-token" } })).status).toBe(401)
      })

      it("rotates the refresh token; a replaced one used again ends the session (a stolen copy)", async () => {
        const first = await signIn(DEV_ADMIN)
        const second = (await refreshWith(first.refresh)).body
        expect(second.refresh).not.toBe(first.refresh)
        const third = (await refreshWith(second.refresh)).body
        expect(await works(third.access)).toBe(true)

        const reused = await refreshWith(first.refresh)
        expect(reused.status).toBe(401)
        expect(reused.body.detail).toBe("Given token not valid: Token was already used; the session has ended.")
        // Whoever held the newest tokens is signed out too: the session is over.
        expect(await works(third.access)).toBe(false)
        expect((await refreshWith(third.refresh)).status).toBe(401)
      })

      it("lets two refreshes of the same token at once both succeed (one browser, two page loads)", async () => {
        const { refresh } = await signIn(DEV_ADMIN)
        const [a, b] = await Promise.all([refreshWith(refresh), refreshWith(refresh)])
        expect([a.status, b.status]).toEqual([200, 200])
        expect(await works(a.body.access)).toBe(true)
        expect(await works(b.body.access)).toBe(true)
        const next = await refreshWith(b.body.refresh)
        expect(next.status).toBe(200)
      })

      it("ends every session of a staff member whose password changed", async () => {
        const account = await newStaff("changing.staff@example.com")
        const one = await signIn(account)
        const two = await signIn(account)
        await getContainer().resolve(Modules.AUTH).updateProvider("emailpass", { entity_id: account.email, password: "a-new-password-2" })
        const refused = await call("GET", "/api/token/session/", { token: one.access })
        expect(refused.status).toBe(401)
        expect(refused.body.detail).toBe("Given token not valid: The password was changed; please sign in again.")
        expect(await works(two.access)).toBe(false)
        expect((await refreshWith(two.refresh)).status).toBe(401)
        expect(await works((await signIn({ email: account.email, password: "a-new-password-2" })).access)).toBe(true)
      })
    })

    describe("CORS and the API's front door", () => {
      it("answers preflights from the listed origins only", async () => {
        const preflight = (origin: string, path = "/api/products/") =>
          call("OPTIONS", path, {
            headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type" },
          })
        for (const origin of [STOREFRONT, OTHER_ALLOWED]) {
          const answer = await preflight(origin)
          expect(answer.status).toBe(204)
          expect(answer.headers.get("access-control-allow-origin")).toBe(origin)
          expect(answer.headers.get("access-control-allow-methods")).toBe("GET, POST, HEAD, OPTIONS")
          expect(answer.headers.get("access-control-allow-headers")).toMatch(/Authorization/)
          expect(answer.headers.get("access-control-allow-headers")).toMatch(/Idempotency-Key/)
        }
        const orders = await preflight(STOREFRONT, "/api/orders")
        expect(orders.headers.get("access-control-allow-methods")).toBe("GET, POST, HEAD, OPTIONS")
        const stranger = await preflight("https://evil.example.com")
        expect(stranger.headers.get("access-control-allow-origin")).toBeNull()
        expect(stranger.headers.get("access-control-allow-methods")).toBeNull()
      })

      it("marks answers (errors included) readable by the listed origins only", async () => {
        const ok = await call("GET", "/api/categories/", { headers: { origin: STOREFRONT } })
        expect(ok.headers.get("access-control-allow-origin")).toBe(STOREFRONT)
        expect(ok.headers.get("vary")).toMatch(/Origin/)
        const refused = await call("POST", "/api/categories/", { headers: { origin: STOREFRONT }, json: { name: "X" } })
        expect(refused.status).toBe(401)
        expect(refused.headers.get("access-control-allow-origin")).toBe(STOREFRONT)
        const malformed = await call("POST", "/api/orders/", { headers: { origin: STOREFRONT }, raw: "{oops" })
        expect(malformed.status).toBe(400)
        expect(malformed.headers.get("access-control-allow-origin")).toBe(STOREFRONT)
        const stranger = await call("GET", "/api/categories/", { headers: { origin: "https://evil.example.com" } })
        expect(stranger.status).toBe(200) // CORS is for browsers; the data is public anyway
        expect(stranger.headers.get("access-control-allow-origin")).toBeNull()
      })

      it("answers unknown paths with a JSON 404 and unsupported methods with a JSON 405", async () => {
        const missing = await call("GET", "/api/nothing-here/")
        expect(missing.status).toBe(404)
        expect(missing.body).toEqual({ detail: "Not found.", message: "Not found." })
        const wrongMethod = await call("PUT", "/api/products/")
        expect(wrongMethod.status).toBe(405)
        expect(wrongMethod.body.detail).toBe('Method "PUT" not allowed.')
        expect(wrongMethod.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS")
        expect((await call("DELETE", "/api/orders/HH-2222-3333/")).status).toBe(405)
        expect((await call("GET", "/api/token/")).status).toBe(405)
      })
    })
  }
)
