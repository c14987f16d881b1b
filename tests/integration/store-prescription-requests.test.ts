/**
 * The Store API's POST /store/prescription-requests (the storefront's prescription forms,
 * decision 0023): Medusa's publishable key, the shared schema with field messages, the same
 * per-shopper limit as the legacy POST /api/prescription-request/ (counted together), and the
 * same 201 answer. The legacy route stays for legacy clients (api-orders.test.ts).
 */
import { full, medication } from "../support/prescription-forms"
import { storeFingerprint } from "./api-helpers"
import { integrationSuite } from "./suite"

const RECEIVED = "Your request was received. Our pharmacy team will contact you."

integrationSuite(
  {
    env: {
      // This test process plays the storefront: a trusted proxy naming each shopper.
      TRUST_PROXY: "loopback",
      // A long window, so that a slow machine cannot see it end in the middle of a test.
      RATE_LIMIT_PRESCRIPTION_REQUESTS: "3/10m",
    },
  },
  ({ setup, call }, { dbConnection }) => {
    /** As the storefront sends it: JSON, the publishable key, the shopper's address. */
    const submit = (shopper: string, json: unknown, headers: Record<string, string> = { "x-publishable-api-key": setup.publishableKey }) =>
      call("POST", "/store/prescription-requests", { json, headers: { ...headers, "x-forwarded-for": shopper } })

    const stored = async (ids: string[]) =>
      (await dbConnection.raw("SELECT id, form_type, status FROM prescription_request WHERE id = ANY(?) ORDER BY id", [ids])).rows as {
        id: string
        form_type: string
        status: string
      }[]

    it("stores each of the three forms for a guest and answers 201 with the legacy route's body, echoing nothing typed", async () => {
      const forms = [medication, { ...medication, formType: "insulin" }, full]
      const answers = []
      for (const [i, json] of forms.entries()) {
        const answer = await submit(`198.51.100.${40 + i}`, json)
        expect(answer.status, JSON.stringify(answer.body)).toBe(201)
        expect(answer.body).toEqual({
          id: expect.stringMatching(/^rxreq_/),
          formType: json.formType,
          status: "received",
          created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
          detail: RECEIVED,
        })
        expect(JSON.stringify(answer.body)).not.toContain(json.email)
        answers.push(answer.body)
      }
      const expected = answers.map((a) => ({ id: a.id, form_type: a.formType, status: "received" }))
      expect(await stored(answers.map((a) => a.id))).toEqual(expected.sort((a, b) => (a.id < b.id ? -1 : 1)))

      // The legacy route answers the same shape (one builder for both).
      const legacy = await call("POST", "/api/prescription-request/", { json: medication, headers: { "x-forwarded-for": "198.51.100.49" } })
      expect(legacy.status).toBe(201)
      expect(Object.keys(legacy.body).sort()).toEqual(Object.keys(answers[0]).sort())
      expect(legacy.body).toMatchObject({ formType: "weight_loss", status: "received", detail: RECEIVED })
    })

    it("refuses missing or invalid fields with Medusa's 400 invalid_data and each field's message, storing nothing", async () => {
      const before = await storeFingerprint(dbConnection)
      const cases: [unknown, Record<string, string>][] = [
        [{ ...full, agreeToTerms: false }, { agreeToTerms: "Please agree to the terms and conditions to continue." }],
        [
          { ...full, email: "", dateOfBirth: "", phone: "", state: "" },
          { email: "Email is required", dateOfBirth: "Date of birth is required", phone: "Phone is required", state: "State is required" },
        ],
        [{ ...medication, age: 0 }, { age: "Age must be at least 1" }],
        [{ ...medication, name: " " }, { name: "Name is required" }],
        [{ ...medication, formType: "vitamins" }, { formType: "formType must be one of insulin, weight_loss, prescription" }],
        [{ ...medication, duration: "Forever" }, { duration: "Duration must be Less Than A Year or More Than A Year" }],
      ]
      for (const [i, [json, errors]] of cases.entries()) {
        // One shopper per case: the limit (3) is not what is tested here.
        const answer = await submit(`198.51.100.${60 + i}`, json)
        expect(answer.status, JSON.stringify(errors)).toBe(400)
        expect(answer.body).toEqual({ type: "invalid_data", message: Object.values(errors).join("; "), errors })
      }
      const notAnObject = await submit("198.51.100.70", ["formType", "insulin"])
      expect(notAnObject.status).toBe(400)
      expect(notAnObject.body.type).toBe("invalid_data")
      expect(await storeFingerprint(dbConnection)).toEqual(before)
    })

    it("limits requests per shopper, counted with the legacy route's: over the limit 429 with Retry-After, storing nothing", async () => {
      const shopper = "198.51.100.80"
      expect((await submit(shopper, medication)).status).toBe(201)
      // The legacy route counts against the same limit: one shopper, one limit, whichever path.
      expect((await call("POST", "/api/prescription-request/", { json: medication, headers: { "x-forwarded-for": shopper } })).status).toBe(
        201
      )
      expect((await submit(shopper, { ...medication, formType: "insulin" })).status).toBe(201)

      const before = await storeFingerprint(dbConnection)
      const refused = await submit(shopper, medication)
      expect(refused.status).toBe(429)
      expect(refused.body).toEqual({
        type: "too_many_requests",
        message: expect.stringMatching(/^Too many requests from your connection\. Please try again in \d+ (second|minute)\(s\)\.$/),
      })
      const retryAfter = Number(refused.headers.get("retry-after"))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(600)
      // Counted before parsing: an invalid body over the limit is refused for the limit.
      expect((await submit(shopper, { formType: "vitamins" })).status).toBe(429)
      expect(await storeFingerprint(dbConnection)).toEqual(before)

      // A busy storefront is many shoppers, not one client.
      expect((await submit("198.51.100.81", medication)).status).toBe(201)
    })

    it("refuses a request without a valid publishable key (Medusa's not_allowed), storing and counting nothing", async () => {
      const shopper = "198.51.100.90"
      const before = await storeFingerprint(dbConnection)
      const missing = await submit(shopper, medication, {})
      expect(missing.status).toBe(400)
      expect(missing.body.type).toBe("not_allowed")
      expect(missing.body.message).toMatch(/publishable api key required/i)
      const unknown = await submit(shopper, medication, { "x-publishable-api-key": "pk_not_a_key" })
      expect(unknown.status).toBe(400)
      expect(unknown.body.type).toBe("not_allowed")
      const third = await submit(shopper, medication, {})
      expect(third.status).toBe(400)
      expect(await storeFingerprint(dbConnection)).toEqual(before)
      // Refused before the limit counts: this shopper still has all three requests.
      for (let i = 0; i < 3; i++) expect((await submit(shopper, medication)).status).toBe(201)
    })
  }
)
