/**
 * Staff sign-in, second audit (issue 21, decision 0044): one limiter on every route that checks
 * a staff password or code (whatever the method or the path's spelling), counted before the
 * check; per-account limits that do not lock a staff member out of their own known client;
 * staff accounts by invitation only; the password policy; two-step sign-in with real
 * authenticator-app codes; pharmacists need it to read prescriptions; refused reads audited.
 */
import http from "node:http"
import { createRequire } from "node:module"

import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { generateResetPasswordTokenWorkflow } from "@medusajs/medusa/core-flows"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import jwt from "jsonwebtoken"

import type * as StaffRequestContextModule from "../../medusa-backend/src/lib/staff-request-context"
import { PRESCRIPTION_MODULE } from "../../medusa-backend/src/modules/prescription"
import type PrescriptionModuleService from "../../medusa-backend/src/modules/prescription/service"
import { DEV_ADMIN } from "../../medusa-backend/src/scripts/seed/admin-credentials"
import { ensureAdminUser } from "../../medusa-backend/src/scripts/seed/admin-user"
import { manageTwoStep } from "../../medusa-backend/src/scripts/staff-two-step"
import { MFA_REQUIRED_FOR_PHI } from "../../medusa-backend/src/shared/staff-security"
import { totp, wrongTotp } from "../support/totp"
import { type ApiAnswer, apiCaller, type Call, enrolTotp, staffTokens } from "./api-helpers"
import { BACKEND_DIR, withSettings } from "./helpers"

type StaffRequestContext = typeof StaffRequestContextModule

// Medusa loads the app's code with Node's require: the test must use that same copy of the
// request context (vitest's own import of the file would be a second, separate one).
const { runAsStaffRequest } = createRequire(__filename)("../../medusa-backend/src/lib/staff-request-context") as StaffRequestContext

const TOO_MANY = /^Too many failed sign-in attempts\. Try again in \d+ minute\(s\)\.$/
const INVITATION_ONLY = /^Staff accounts are created by invitation only\./

medusaIntegrationTestRunner({
  cwd: BACKEND_DIR,
  env: {
    // This test process plays the storefront: a trusted proxy naming each visitor in X-Forwarded-For.
    TRUST_PROXY: "loopback",
  },
  testSuite: ({ getContainer, api, dbConnection }) => {
    let call: Call
    let adminId: string

    // Top level: the runner snapshots the database after this and restores it before each test.
    beforeAll(async () => {
      call = apiCaller(api)
      // The first staff user is the pharmacy's pharmacist (decision 0041).
      adminId = (await ensureAdminUser(getContainer(), DEV_ADMIN)).user_id
    })

    /** A request as written, method and path untouched (fetch refuses a GET with a body). */
    const raw = (method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer> => {
      const base = new URL(api.defaults.baseURL!)
      const payload = json === undefined ? undefined : JSON.stringify(json)
      return new Promise((resolve, reject) => {
        const request = http.request(
          {
            host: base.hostname,
            port: base.port,
            method,
            path,
            headers: {
              ...(payload ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) } : {}),
              ...headers,
            },
          },
          (response) => {
            let text = ""
            response.setEncoding("utf8")
            response.on("data", (chunk) => (text += chunk))
            response.on("end", () => {
              let body: any = text
              try {
                body = text ? JSON.parse(text) : null
              } catch {}
              const answerHeaders = new Headers()
              for (const [name, value] of Object.entries(response.headers)) {
                for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answerHeaders.append(name, one)
              }
              resolve({ status: response.statusCode!, body, headers: answerHeaders })
            })
          }
        )
        request.on("error", reject)
        if (payload) request.write(payload)
        request.end()
      })
    }

    const from = (client: string, more: Record<string, string> = {}) => ({ "x-forwarded-for": client, ...more })

    /** A staff member of their own, so that one test's attempts do not lock another's account. */
    const newStaff = async (email: string) => {
      const account = { email, password: "staff-lantern-orbit" }
      await ensureAdminUser(getContainer(), account)
      return account
    }

    const apiSignIn = (account: { email: string }, password: string, headers: Record<string, string>) =>
      call("POST", "/api/token/", { json: { username: account.email, password }, headers })

    const identities = async (email: string) =>
      Number((await dbConnection.raw("SELECT count(*) AS n FROM provider_identity WHERE lower(entity_id) = lower(?)", [email])).rows[0].n)

    /** Medusa Admin's token for the seeded admin (who has no authenticator app in these tests). */
    const medusaAdminToken = async () => {
      const answer = await call("POST", "/auth/user/emailpass", {
        json: { email: DEV_ADMIN.email, password: DEV_ADMIN.password },
        headers: from("192.0.2.1"),
      })
      expect(answer.status).toBe(200)
      return answer.body.token as string
    }

    describe("one sign-in limit on every route that checks a staff password", () => {
      it("after a lockout, GET with a JSON body and percent-encoded or re-cased sign-in paths get 429 and no token", async () => {
        const account = await newStaff("locked.out@example.com")
        const right = { email: account.email, password: account.password }
        const spellings: [string, string][] = [
          ["GET", "/auth/user/emailpass"], // Medusa's sign-in route answers GET too, reading the JSON body
          ["POST", "/auth/user/email%70ass"], // Express matches middleware paths before decoding
          ["POST", "/auth/%75ser/emailpass"],
          ["POST", "/Auth/user/emailpass"], // Express routes ignore case
          ["POST", "/auth/user/emailpass/"],
          ["POST", "/auth/user/emailpass"],
        ]
        // Unblocked, every spelling reaches Medusa's sign-in and answers a Medusa Admin token.
        for (const [method, path] of spellings) {
          const answer = await raw(method, path, right, from("198.51.100.20"))
          expect(answer.status, `${method} ${path}`).toBe(200)
          expect(answer.body.token, `${method} ${path}`).toEqual(expect.any(String))
        }

        const attacker = from("203.0.113.10")
        for (let i = 0; i < 5; i++)
          expect((await raw("POST", "/auth/user/emailpass", { ...right, password: `guess-${i}` }, attacker)).status).toBe(401)
        for (const [method, path] of spellings) {
          const blocked = await raw(method, path, right, attacker)
          expect(blocked.status, `${method} ${path}`).toBe(429)
          expect(blocked.body.message).toMatch(TOO_MANY)
          expect(blocked.body.token).toBeUndefined()
          expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0)
        }
        const legacy = await apiSignIn(account, account.password, attacker)
        expect(legacy.status).toBe(429)
        expect(legacy.body.access).toBeUndefined()
      })

      it("counts and blocks the other /auth routes that check a secret: register, reset, update, callback, MFA", async () => {
        const account = await newStaff("many.routes@example.com")
        const client = from("203.0.113.11")
        // Five registrations without an invite: each is an attempt, so the client's sign-ins are blocked next.
        for (let i = 0; i < 5; i++) {
          expect(
            (
              await raw(
                "POST",
                "/auth/user/emailpass/register",
                { email: `walk-in-${i}@example.com`, password: "quiet-harbor-lantern" },
                client
              )
            ).status
          ).toBe(403)
        }
        expect((await raw("POST", "/auth/user/emailpass", { email: account.email, password: account.password }, client)).status).toBe(429)
        for (const [method, path, body] of [
          ["POST", "/auth/user/emailpass/register", { email: account.email, password: "quiet-harbor-lantern" }],
          ["POST", "/auth/user/emailpass/reset-password", { identifier: account.email }],
          ["POST", "/auth/user/emailpass/update", { password: "quiet-harbor-lantern" }],
          ["GET", "/auth/user/emailpass/callback", undefined],
          ["POST", "/auth/mfa/challenges/authmfachal_1/verify", { method: "totp", code: "123456" }],
          // (Customer sign-in is not a route of this shop at all: 404, tests/integration/store-api-surface.test.ts.)
        ] as [string, string, unknown][]) {
          const answer = await raw(method, path, body, client)
          expect(answer.status, `${method} ${path}`).toBe(429)
        }
      })

      it("20 parallel wrong sign-ins from one client: exactly 5 are checked, 15 get 429 (/api/token/ and Medusa's route)", async () => {
        const account = await newStaff("parallel@example.com")
        const legacy = await Promise.all(Array.from({ length: 20 }, (_, i) => apiSignIn(account, `wrong-${i}`, from("203.0.113.20"))))
        const statuses = legacy.map((answer) => answer.status)
        expect(statuses.filter((s) => s === 401)).toHaveLength(5)
        expect(statuses.filter((s) => s === 429)).toHaveLength(15)

        const medusa = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            raw("POST", "/auth/user/emailpass", { email: account.email, password: `wrong-${i}` }, from("203.0.113.21"))
          )
        )
        expect(medusa.filter((a) => a.status === 401)).toHaveLength(5)
        expect(medusa.filter((a) => a.status === 429)).toHaveLength(15)
      })

      it("a stranger's guesses close an account to unknown clients only: known addresses and markers still sign in", async () => {
        await withSettings({ API_LOGIN_MAX_FAILURES_PER_ACCOUNT: "3" }, async () => {
          const account = await newStaff("guarded@example.com")
          const office = "198.51.100.50"
          const first = await apiSignIn(account, account.password, from(office))
          expect(first.status).toBe(200)
          const marker = first.headers.get("x-known-device")!
          expect(marker).toEqual(expect.any(String))

          // Guesses from many addresses: three are checked, then the account is closed to unknown clients...
          for (let i = 0; i < 3; i++) expect((await apiSignIn(account, `guess-${i}`, from(`203.0.113.${60 + i}`))).status).toBe(401)
          expect((await apiSignIn(account, "guess-3", from("203.0.113.63"))).status).toBe(429)
          // ...even with the right password (a guesser who found it).
          expect((await apiSignIn(account, account.password, from("203.0.113.64"))).status).toBe(429)
          expect(
            (await raw("POST", "/auth/user/emailpass", { email: account.email, password: account.password }, from("203.0.113.65"))).status
          ).toBe(429)

          // The staff member is not locked out: from the address they signed in from before...
          expect((await apiSignIn(account, account.password, from(office))).status).toBe(200)
          // ...and from a new address with the marker their staff area keeps (X-Known-Device).
          const travelling = await apiSignIn(account, account.password, from("192.0.2.99", { "x-known-device": marker }))
          expect(travelling.status).toBe(200)
          // A marker is for its own account only, and a forged one is nothing.
          const other = await newStaff("other.guarded@example.com")
          for (let i = 0; i < 4; i++) await apiSignIn(other, `guess-${i}`, from(`203.0.113.${70 + i}`))
          expect((await apiSignIn(other, other.password, from("192.0.2.98", { "x-known-device": marker }))).status).toBe(429)
          const forged = jwt.sign({}, "guessed-secret", { subject: account.email, audience: "pharmacy-known-staff-device", jwtid: "x" })
          expect((await apiSignIn(account, account.password, from("192.0.2.97", { "x-known-device": forged }))).status).toBe(429)

          // Medusa Admin's browser gets its marker as a cookie for /auth, and signs in with it from anywhere.
          const medusa = await raw("POST", "/auth/user/emailpass", { email: account.email, password: account.password }, from(office))
          expect(medusa.status).toBe(200)
          const cookie = medusa.headers.get("set-cookie")!
          expect(cookie).toMatch(/^staff_known_device=[^;]+; Path=\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict/)
          const withCookie = await raw(
            "POST",
            "/auth/user/emailpass",
            { email: account.email, password: account.password },
            from("192.0.2.96", { cookie: cookie.split(";")[0] })
          )
          expect(withCookie.status).toBe(200)
          expect(withCookie.body.token).toEqual(expect.any(String))
        })
      })
    })

    describe("staff accounts by invitation only", () => {
      it("registration without a pending invite is refused on every spelling of the route, and creates nothing", async () => {
        const email = "walk.in@example.com"
        for (const [index, path] of [
          "/auth/user/emailpass/register",
          "/auth/user/emailpass/regist%65r",
          "/auth/User/emailpass/REGISTER",
          "/auth/admin/emailpass/register", // an emailpass identity of any actor type could sign in as staff
          "/auth/customer/emailpass/register",
        ].entries()) {
          const answer = await raw("POST", path, { email, password: "quiet-harbor-lantern" }, from(`198.51.100.${80 + index}`))
          expect(answer.status, path).toBeGreaterThanOrEqual(400)
          expect(answer.status, path).toBeLessThan(500)
          expect(answer.body.token, path).toBeUndefined()
        }
        const refused = await raw(
          "POST",
          "/auth/user/emailpass/register",
          { email, password: "quiet-harbor-lantern" },
          from("198.51.100.90")
        )
        expect(refused.status).toBe(403)
        expect(refused.body.message).toMatch(INVITATION_ONLY)
        expect(await identities(email)).toBe(0)

        // An invite that expired does not count either.
        const token = await medusaAdminToken()
        expect((await call("POST", "/admin/invites", { json: { email }, token })).status).toBe(200)
        await dbConnection.raw("UPDATE invite SET expires_at = now() - interval '1 minute' WHERE email = ?", [email])
        expect(
          (await raw("POST", "/auth/user/emailpass/register", { email, password: "quiet-harbor-lantern" }, from("198.51.100.91"))).status
        ).toBe(403)
        expect(await identities(email)).toBe(0)
      })

      it("Medusa Admin's invitation flow still works: invite, register the invited email (strong password), accept, sign in", async () => {
        const email = "New.Pharmacist@example.com"
        const invite = await call("POST", "/admin/invites", { json: { email }, token: await medusaAdminToken() })
        expect(invite.status).toBe(200)
        const client = from("198.51.100.95")

        const weak = await raw("POST", "/auth/user/emailpass/register", { email, password: "Password2024!" }, client)
        expect(weak.status).toBe(400)
        expect(weak.body.message).toMatch(/^This password is too common or too easy to guess\./)
        expect(await identities(email)).toBe(0)

        const registered = await raw(
          "POST",
          "/auth/user/emailpass/register",
          { email: email.toLowerCase(), password: "quiet-harbor-lantern" },
          client
        )
        expect(registered.status).toBe(200)
        const registrationToken = registered.body.token as string

        // Medusa's shortcut that makes a user from any identity is closed: users come from accepted invites.
        const shortcut = await raw("POST", "/auth/emailpass/user", undefined, { ...client, authorization: `Bearer ${registrationToken}` })
        expect(shortcut.status).toBe(403)
        expect(shortcut.body.message).toMatch(INVITATION_ONLY)
        expect(Number((await dbConnection.raw(`SELECT count(*) AS n FROM "user" WHERE lower(email) = lower(?)`, [email])).rows[0].n)).toBe(
          0
        )

        const accepted = await call("POST", `/admin/invites/accept?token=${encodeURIComponent(invite.body.invite.token)}`, {
          json: { first_name: "New", last_name: "Pharmacist" },
          token: registrationToken,
        })
        expect(accepted.status).toBe(200)
        expect(accepted.body.user.email.toLowerCase()).toBe(email.toLowerCase())
        expect((await apiSignIn({ email: email.toLowerCase() }, "quiet-harbor-lantern", client)).status).toBe(200)
      })

      it("a password reset must meet the policy too; a refused one leaves the reset link usable", async () => {
        const account = await newStaff("resetting@example.com")
        const container = getContainer()
        const { http: httpConfig } = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE).projectConfig
        const { result: resetToken } = await generateResetPasswordTokenWorkflow(container).run({
          input: { entityId: account.email, actorType: "user", provider: "emailpass", secret: httpConfig.jwtSecret as string },
        })
        const update = (password: string) =>
          raw("POST", "/auth/user/emailpass/update", { password }, from("198.51.100.96", { authorization: `Bearer ${resetToken}` }))
        const weak = await update("short-one")
        expect(weak.status).toBe(400)
        expect(weak.body.message).toMatch(/^Use at least 12 characters/)
        expect((await update("resetting-2024")).body.message).toMatch(/must not contain your email/)
        expect((await apiSignIn(account, account.password, from("198.51.100.97"))).status).toBe(200)

        expect((await update("velvet-crane-harbor")).status).toBe(200)
        expect((await apiSignIn(account, "velvet-crane-harbor", from("198.51.100.97"))).status).toBe(200)
      })
    })

    describe("two-step sign-in with an authenticator app", () => {
      it("staff enrol an app (secret and otpauth URL, stored encrypted), then sign in with a real code; wrong codes count", async () => {
        const account = await newStaff("two.step@example.com")
        const client = from("198.51.100.100")
        const { access } = await staffTokens(call, account)
        expect((await call("GET", "/api/mfa/", { token: access })).body).toEqual({
          enabled: false,
          session_verified: false,
          pharmacist: false,
        })

        const started = await call("POST", "/api/mfa/totp/", { token: access })
        expect(started.status).toBe(201)
        const { factor_id, secret, otpauth_url } = started.body
        expect(secret).toMatch(/^[A-Z2-7]{32}$/)
        expect(otpauth_url).toBe(
          `otpauth://totp/Harbor%20Health%20Pharmacy:two.step%40example.com?secret=${secret}&issuer=Harbor%20Health%20Pharmacy`
        )
        const stored = await dbConnection.raw("SELECT provider_metadata FROM auth_mfa_factor WHERE id = ?", [factor_id])
        expect(JSON.stringify(stored.rows[0].provider_metadata)).not.toContain(secret)

        const wrongSetup = await call("POST", `/api/mfa/totp/${factor_id}/verify/`, { token: access, json: { code: wrongTotp(secret) } })
        expect(wrongSetup.status).toBe(400)
        expect(wrongSetup.body.detail).toMatch(/^That code is not right\./)
        expect((await call("POST", `/api/mfa/totp/${factor_id}/verify/`, { token: access, json: { code: "12a456" } })).status).toBe(400)
        const enabled = await call("POST", `/api/mfa/totp/${factor_id}/verify/`, { token: access, json: { code: totp(secret) } })
        expect(enabled.status).toBe(200)
        expect((await call("GET", "/api/mfa/", { token: access })).body).toEqual({
          enabled: true,
          session_verified: true,
          pharmacist: false,
        })
        expect((await call("POST", "/api/mfa/totp/", { token: access })).status).toBe(409)

        // The password alone now opens nothing.
        const first = await apiSignIn(account, account.password, client)
        expect(first.status).toBe(200)
        expect(first.body).toEqual({ mfa_required: true, mfa_token: expect.any(String), methods: ["totp"] })
        expect(first.body.access).toBeUndefined()

        // A wrong code: refused, and counted as a failed attempt of this client (the right password was given back).
        const wrong = await call("POST", "/api/token/mfa/", {
          json: { mfa_token: first.body.mfa_token, code: wrongTotp(secret) },
          headers: client,
        })
        expect(wrong.status).toBe(401)
        expect(wrong.body.detail).toBe("That code is not right. Enter the current 6-digit code from your authenticator app.")
        const counted = await dbConnection.raw("SELECT count FROM rate_limit_window WHERE key = 'sign-in:client:198.51.100.100'")
        expect(counted.rows[0].count).toBe(1)

        const signedIn = await call("POST", "/api/token/mfa/", {
          json: { mfa_token: first.body.mfa_token, code: totp(secret) },
          headers: client,
        })
        expect(signedIn.status).toBe(200)
        expect(Object.keys(signedIn.body).sort()).toEqual(["access", "refresh"])
        expect((await call("GET", "/api/token/session/", { token: signedIn.body.access })).body).toEqual({
          user_id: expect.any(String),
          email: account.email,
          mfa_verified: true,
        })
        expect(
          (await dbConnection.raw("SELECT count(*)::int AS n FROM rate_limit_window WHERE key = 'sign-in:client:198.51.100.100'")).rows[0].n
        ).toBe(0)

        // Codes are limited like passwords: after five wrong ones from a client, even the right one gets 429.
        const guesser = from("203.0.113.101")
        const pending = (await apiSignIn(account, account.password, guesser)).body.mfa_token
        for (let i = 0; i < 5; i++) {
          expect(
            (await call("POST", "/api/token/mfa/", { json: { mfa_token: pending, code: wrongTotp(secret) }, headers: guesser })).status
          ).toBe(401)
        }
        const blocked = await call("POST", "/api/token/mfa/", { json: { mfa_token: pending, code: totp(secret) }, headers: guesser })
        expect(blocked.status).toBe(429)
        expect(blocked.body.access).toBeUndefined()
        // A forged or stale mfa_token is no way around the password.
        const forged = await call("POST", "/api/token/mfa/", {
          json: { mfa_token: "x.y.z", code: totp(secret) },
          headers: from("198.51.100.102"),
        })
        expect(forged.status).toBe(401)
        expect(forged.body.detail).toBe("This sign-in is not valid. Enter your email and password again.")
      })

      it("Medusa Admin's own sign-in asks for the code too, and a wrong code counts", async () => {
        const account = await newStaff("medusa.two.step@example.com")
        const secret = await enrolTotp(call, (await staffTokens(call, account)).access, account.email)
        const client = from("198.51.100.110")
        const first = await raw("POST", "/auth/user/emailpass", { email: account.email, password: account.password }, client)
        expect(first.status).toBe(200)
        expect(first.body.mfa_required).toBe(true)
        const actorless = first.body.token as string
        expect((await call("GET", "/admin/users/me", { token: actorless })).status).toBe(401)

        const verify = (code: string) =>
          raw(
            "POST",
            `/auth/mfa/challenges/${first.body.mfa_challenge.id}/verify`,
            { method: "totp", code },
            { ...client, authorization: `Bearer ${actorless}` }
          )
        expect((await verify(wrongTotp(secret))).status).not.toBe(200)
        const counted = await dbConnection.raw(
          "SELECT count FROM rate_limit_window WHERE key = 'sign-in:account:medusa.two.step@example.com'"
        )
        expect(counted.rows[0].count).toBe(1)
        const verified = await verify(totp(secret))
        expect(verified.status).toBe(200)
        expect((await call("GET", "/admin/users/me", { token: verified.body.token })).status).toBe(200)
      })

      it("ops reset a lost authenticator app from the command line; sessions end, the password signs in again", async () => {
        const account = await newStaff("lost.phone@example.com")
        const { access } = await staffTokens(call, account)
        await enrolTotp(call, access, account.email)
        expect(await manageTwoStep(getContainer(), ["reset", account.email])).toMatch(
          /^Two-step sign-in of lost\.phone@example\.com was reset/
        )
        expect((await call("GET", "/api/token/session/", { token: access })).status).toBe(401)
        const again = await apiSignIn(account, account.password, from("198.51.100.125"))
        expect(Object.keys(again.body).sort()).toEqual(["access", "refresh"])
        await expect(manageTwoStep(getContainer(), ["reset"])).rejects.toThrow(/^Usage:/)
      })

      it("ends a pending sign-in whose password changed before the code step", async () => {
        const account = await newStaff("changing.two.step@example.com")
        const secret = await enrolTotp(call, (await staffTokens(call, account)).access, account.email)
        const pending = (await apiSignIn(account, account.password, from("198.51.100.120"))).body.mfa_token
        await getContainer().resolve("auth").updateProvider("emailpass", { entity_id: account.email, password: "brand-new-lantern-2" })
        const answer = await call("POST", "/api/token/mfa/", {
          json: { mfa_token: pending, code: totp(secret) },
          headers: from("198.51.100.120"),
        })
        expect(answer.status).toBe(401)
        expect(answer.body.detail).toBe("This sign-in is no longer valid. Enter your email and password again.")
      })
    })

    describe("pharmacists need two-step sign-in to read prescriptions; refusals are audited", () => {
      const submitRequest = async () => {
        const answer = await call("POST", "/api/prescription-request/", {
          json: { formType: "insulin", name: "Robin Private", email: "robin@example.com", phone: "555-010-2000", age: 40 },
        })
        expect(answer.status).toBe(201)
        return answer.body.id as string
      }
      const refusals = async () =>
        (
          await dbConnection.raw(
            `SELECT actor_id, subject_type, subject_id, details FROM prescription_audit_entry
              WHERE action = 'refused' ORDER BY created_at, id`
          )
        ).rows

      it("a pharmacist without it gets 403 on a prescription read, told where to turn it on; the refusal is audited", async () => {
        const requestId = await submitRequest()
        const { access } = await staffTokens(call) // the seeded admin: a pharmacist, no authenticator app
        for (const path of [
          `/api/prescription-requests/${requestId}/`,
          "/api/prescription-requests/",
          "/api/orders/?status=awaiting_prescription_review",
        ]) {
          const answer = await call("GET", path, { token: access })
          expect(answer.status, path).toBe(403)
          expect(answer.body.detail, path).toBe(MFA_REQUIRED_FOR_PHI)
          expect(JSON.stringify(answer.body)).not.toContain("Robin")
        }
        expect(MFA_REQUIRED_FOR_PHI).toContain("/admin/security")
        const rows = await refusals()
        expect(
          rows.map((row: { actor_id: string; subject_type: string; subject_id: string }) => [
            row.actor_id,
            row.subject_type,
            row.subject_id,
          ])
        ).toEqual([
          [adminId, "prescription_request", requestId],
          [adminId, "prescription_request", "*"],
          [adminId, "order", "*"],
        ])
        expect(rows[0].details).toEqual({ reason: "mfa_required", method: "GET", path: `/api/prescription-requests/${requestId}/` })
        expect(Number((await dbConnection.raw("SELECT count(*) AS n FROM prescription_audit_entry WHERE action = 'read'")).rows[0].n)).toBe(
          0
        )

        // Enrolling in this session verifies it: the same token now reads, and that read is audited.
        await enrolTotp(call, access, DEV_ADMIN.email)
        const read = await call("GET", `/api/prescription-requests/${requestId}/`, { token: access })
        expect(read.status).toBe(200)
        expect(read.body.name).toBe("Robin Private")
        const audited = await dbConnection.raw(
          "SELECT actor_id, action FROM prescription_audit_entry WHERE subject_id = ? AND action = 'read'",
          [requestId]
        )
        expect(audited.rows).toEqual([{ actor_id: adminId, action: "read" }])
      })

      it("the prescription module refuses and audits too, when a route forgot the check", async () => {
        const requestId = await submitRequest()
        const prescriptions = getContainer().resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
        const unverified = { user_id: adminId, mfa_verified: false, method: "GET", path: `/api/some-new-route/${requestId}` }
        await expect(runAsStaffRequest(unverified, () => prescriptions.readRequestAsStaff(requestId, adminId))).rejects.toMatchObject({
          type: "forbidden",
          message: MFA_REQUIRED_FOR_PHI,
        })
        expect((await refusals()).map((row: { details: { reason: string; path: string } }) => row.details)).toEqual([
          { reason: "mfa_required", method: "GET", path: `/api/some-new-route/${requestId}` },
        ])
        const verified = { ...unverified, mfa_verified: true }
        expect((await runAsStaffRequest(verified, () => prescriptions.readRequestAsStaff(requestId, adminId))).name).toBe("Robin Private")
      })
    })
  },
})
