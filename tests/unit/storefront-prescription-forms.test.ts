import fs from "node:fs"
import path from "node:path"

import { FetchError } from "@medusajs/js-sdk"
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node"
import { fieldErrors } from "@shared/schemas/fields"
import {
  fullPrescriptionRequestSchema,
  medicationRequestSchema,
  type PrescriptionRequestInput,
  prescriptionRequestSchema,
} from "@shared/schemas/prescription-request"
import { afterEach, describe, expect, it, vi } from "vitest"

import { verifiedCookieHeader } from "~/lib/age-gate.server"
import { config } from "~/lib/config.server"
import { refusedForTheStore, submitPrescriptionRequest } from "~/lib/data/prescriptions.server"
import { MedusaApiError } from "~/lib/medusa.server"
import { MEDICATION_FORM_MODULE, MEDICATION_FORM_PAGES, medicationFormPage } from "~/modules/prescriptions/medication-forms"
import { MEDICATION_FIELDS, PRESCRIPTION_FIELDS } from "~/modules/prescriptions/prescription-fields"
import {
  formClientAction,
  missingRequiredFields,
  PRESCRIPTION_REQUIRED_FIELDS,
  requiredFieldsMessage,
  submitFailureMessage,
  TERMS_MESSAGE,
} from "~/modules/prescriptions/prescription-form"
import { describeSubmitFailure, submittedValues, validateSubmission } from "~/modules/prescriptions/prescription-form.server"
import * as medicationRequestPage from "~/pages/medication-request-form"

const formData = (fields: Record<string, string>) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return form
}

describe("the spec's messages for a failed prescription request (§8)", () => {
  it("depend on the status", () => {
    expect(submitFailureMessage({ kind: "response", status: 400, message: "Email is required" })).toBe(
      "Invalid form data: Email is required"
    )
    expect(submitFailureMessage({ kind: "response", status: 404, message: "Not found." })).toBe(
      "The prescription request endpoint was not found. Please contact support."
    )
    expect(submitFailureMessage({ kind: "response", status: 500, message: "A server error occurred." })).toBe(
      "Server error. Please try again later or contact support."
    )
    expect(submitFailureMessage({ kind: "response", status: 429, message: "Too many requests" })).toBe("Error 429: Too many requests")
    expect(submitFailureMessage({ kind: "response", status: 503, message: null })).toBe("Error 503: Unknown error")
    expect(submitFailureMessage({ kind: "network" })).toBe("Network error. Please check your connection and try again.")
    expect(submitFailureMessage({ kind: "unexpected" })).toBe("An unexpected error occurred. Please try again.")
  })

  it("read the status and the backend's message from the SDK's error; no answer at all counts as a server error", () => {
    expect(describeSubmitFailure(new FetchError("Date of birth is required", "Bad Request", 400))).toEqual({
      kind: "response",
      status: 400,
      message: "Date of birth is required",
    })
    expect(describeSubmitFailure(new FetchError("Not Found", "Not Found", 404))).toEqual({
      kind: "response",
      status: 404,
      message: null,
    })
    expect(describeSubmitFailure(new TypeError("fetch failed"))).toEqual({
      kind: "response",
      status: 500,
      message: null,
    })
    expect(describeSubmitFailure(new RangeError("bug"))).toEqual({ kind: "unexpected" })
  })
})

describe("the full form's script check (§5)", () => {
  it("names the missing ones among email, date of birth, phone and state, in that order", () => {
    expect(missingRequiredFields(formData({ phone: "555-0100", email: "  " })).map((f) => f.label)).toEqual([
      "Email",
      "Date of Birth",
      "State",
    ])
    expect(requiredFieldsMessage(["Email", "State"])).toBe("Please fill in the following required fields: Email, State")
    expect(missingRequiredFields({ email: "a@b.co", dateOfBirth: "1980-01-01", phone: "555-0100", state: "Texas" })).toEqual([])
  })

  it("words each field's error as the shared schema does, and the terms as the spec does", () => {
    const result = prescriptionRequestSchema.safeParse({ formType: "prescription" })
    const errors = fieldErrors(result.error!)
    for (const field of PRESCRIPTION_REQUIRED_FIELDS) expect(errors[field.name]).toBe(field.message)
    expect(errors.agreeToTerms).toBe(TERMS_MESSAGE)
    expect(TERMS_MESSAGE).toBe("Please agree to the terms and conditions to continue.")
  })
})

describe("the forms' fields", () => {
  it("are the shared schema's own, but the formType the route sets", () => {
    const schemaFields = (shape: object) => Object.keys(shape).filter((name) => name !== "formType")
    expect([...MEDICATION_FIELDS].sort()).toEqual(schemaFields(medicationRequestSchema.shape).sort())
    expect([...PRESCRIPTION_FIELDS].sort()).toEqual(schemaFields(fullPrescriptionRequestSchema.shape).sort())
  })

  it("are listed in page order, the first in error first", () => {
    expect(MEDICATION_FIELDS.slice(0, 4)).toEqual(["name", "email", "phone", "age"])
    expect(PRESCRIPTION_FIELDS.at(-1)).toBe("agreeToTerms")
  })
})

describe("the forms' validation on the server", () => {
  it("keeps only this form's fields, never a formType from the browser", () => {
    const form = formData({ name: "Ana", formType: "prescription", isAdmin: "1", age: "34" })
    expect(submittedValues(form, "insulin")).toEqual({ name: "Ana", age: "34" })
  })

  it("medication forms: each field's error and the 400 message; blank counts as absent", () => {
    const checked = validateSubmission({ name: " ", age: "", phone: "555-0100", email: "ana@" }, "weight_loss")
    expect(checked).toEqual({
      ok: false,
      fieldErrors: { name: "Name is required", email: "Enter a valid email address", age: "Age is required" },
      formError: "Invalid form data: Name is required; Enter a valid email address; Age is required",
    })
    const ok = validateSubmission({ name: "Ana", email: "ana@example.com", phone: "555-0100", age: "34", noPrescription: "on" }, "insulin")
    expect(ok.ok && ok.data).toMatchObject({
      formType: "insulin",
      age: 34,
      noPrescription: true,
      duration: "Less Than A Year",
      hasPrescription: "Yes",
    })
  })

  it("full form: required fields first, then the terms, then the rest of the schema", () => {
    const missing = validateSubmission({ email: "sam@example.com" }, "prescription")
    expect(!missing.ok && missing.formError).toBe("Please fill in the following required fields: Date of Birth, Phone, State")
    const complete = { email: "sam@example.com", dateOfBirth: "1980-05-17", phone: "555-987-6543", state: "Texas" }
    const terms = validateSubmission(complete, "prescription")
    expect(!terms.ok && terms.formError).toBe(TERMS_MESSAGE)
    expect(!terms.ok && terms.fieldErrors).toEqual({ agreeToTerms: TERMS_MESSAGE })
    const future = validateSubmission({ ...complete, dateOfBirth: "2999-01-01", agreeToTerms: "on" }, "prescription")
    expect(!future.ok && future.formError).toBe("Invalid form data: Date of birth must be a real date in the past")
    const ok = validateSubmission({ ...complete, agreeToTerms: "on", glp1Allergy: "on" }, "prescription")
    expect(ok.ok && ok.data).toMatchObject({
      formType: "prescription",
      gender: "male",
      glp1Allergy: true,
      agreeToTerms: true,
    })
  })
})

describe("the forms' clientAction", () => {
  const request = () => new Request("http://store.test/insulin-form", { method: "POST", body: formData({ name: "Ana", age: "34" }) })
  const args = (serverAction: () => Promise<unknown>) =>
    ({ request: request(), params: {}, serverAction }) as unknown as Parameters<typeof formClientAction>[0]

  it("passes the server's answer and its redirects through", async () => {
    const answer = { fieldErrors: {}, formError: "x", values: {} }
    await expect(formClientAction(args(async () => answer))).resolves.toBe(answer)
    const redirect = new Response(null, { status: 302, headers: { Location: "/confirmation?form=insulin" } })
    await expect(formClientAction(args(async () => Promise.reject(redirect)))).rejects.toBe(redirect)
  })

  it("keeps what was typed and says so when our server gives no answer", async () => {
    await expect(formClientAction(args(async () => Promise.reject(new TypeError("Failed to fetch"))))).resolves.toEqual({
      fieldErrors: {},
      formError: "Network error. Please check your connection and try again.",
      values: { name: "Ana", age: "34" },
    })
    await expect(formClientAction(args(async () => Promise.reject(new Error("boom"))))).resolves.toMatchObject({
      formError: "An unexpected error occurred. Please try again.",
    })
  })
})

/** The backend's answers, one per call; records what the storefront sent. */
function backend(...answers: { status: number; body: unknown }[]) {
  const calls: { url: string; method: string; headers: Headers; body: unknown }[] = []
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: URL | string, init: RequestInit) => {
      calls.push({ url: String(url), method: String(init.method), headers: new Headers(init.headers), body: JSON.parse(String(init.body)) })
      const { status, body } = answers[Math.min(calls.length, answers.length) - 1]
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })
    })
  )
  return calls
}

const receipt = (formType: string) => ({
  id: "rxreq_01JABCDEFGHJKMNPQRSTVWXYZ0",
  formType,
  status: "received",
  created_at: "2025-01-02T03:04:05.678Z",
  detail: "Your request was received. Our pharmacy team will contact you.",
})

const TOO_MANY = "Too many requests from your connection. Please try again in 40 second(s)."

describe("the prescriptions data layer (Store API)", () => {
  const key = config.publishableKey
  afterEach(() => {
    vi.unstubAllGlobals()
    config.publishableKey = key
  })

  const input = prescriptionRequestSchema.parse({
    formType: "insulin",
    name: "Ana",
    email: "ana@example.com",
    phone: "555-0100",
    age: 34,
  }) as PrescriptionRequestInput

  it("posts the parsed request to POST /store/prescription-requests with the publishable key and the shopper's address", async () => {
    config.publishableKey = "pk_test_storefront"
    const calls = backend({ status: 201, body: receipt("insulin") })
    await expect(submitPrescriptionRequest(input, { "x-forwarded-for": "203.0.113.9" })).resolves.toEqual(receipt("insulin"))
    expect(calls).toHaveLength(1)
    expect(calls[0].url).toBe(`${config.backendUrl}/store/prescription-requests`)
    expect(calls[0].method).toBe("POST")
    expect(calls[0].headers.get("x-publishable-api-key")).toBe("pk_test_storefront")
    expect(calls[0].headers.get("x-forwarded-for")).toBe("203.0.113.9")
    expect(calls[0].headers.get("content-type")).toBe("application/json")
    expect(calls[0].body).toEqual(JSON.parse(JSON.stringify(input)))
  })

  it("throws Medusa's type and status; the form decides by them, not by the message", async () => {
    backend({ status: 400, body: { type: "invalid_data", message: "Age must be at least 1", errors: { age: "Age must be at least 1" } } })
    const invalid = await submitPrescriptionRequest(input).catch((error) => error)
    expect(invalid).toBeInstanceOf(MedusaApiError)
    expect(invalid).toMatchObject({ status: 400, type: "invalid_data" })
    expect(refusedForTheStore(invalid)).toBe(false)
    expect(describeSubmitFailure(invalid)).toEqual({ kind: "response", status: 400, message: "Age must be at least 1" })

    backend({ status: 429, body: { type: "too_many_requests", message: TOO_MANY } })
    const limited = await submitPrescriptionRequest(input).catch((error) => error)
    expect(limited).toMatchObject({ status: 429, type: "too_many_requests" })
    expect(submitFailureMessage(describeSubmitFailure(limited))).toBe(`Error 429: ${TOO_MANY}`)

    // A refused publishable key is the storefront's problem, not the visitor's data: a server error.
    backend({ status: 400, body: { type: "not_allowed", message: "A valid publishable key is required to proceed with the request" } })
    const keyRefused = await submitPrescriptionRequest(input).catch((error) => error)
    expect(refusedForTheStore(keyRefused)).toBe(true)
    expect(describeSubmitFailure(keyRefused)).toEqual({ kind: "response", status: 500, message: null })
  })
})

describe("/insulin-form and /weight-loss-form: one route module, two pages", () => {
  afterEach(() => vi.unstubAllGlobals())

  const appDir = path.resolve(__dirname, "../../storefront/app")

  it("is registered (vite.config.ts) under the former route ids, and is not a file route", () => {
    expect(MEDICATION_FORM_PAGES.map(({ path, id, formType }) => ({ path, id, formType }))).toEqual([
      { path: "/insulin-form", id: "routes/insulin-form", formType: "insulin" },
      { path: "/weight-loss-form", id: "routes/weight-loss-form", formType: "weight_loss" },
    ])
    expect(fs.existsSync(path.join(appDir, MEDICATION_FORM_MODULE))).toBe(true)
    expect(MEDICATION_FORM_MODULE.startsWith("routes/")).toBe(false)
    const routeFiles = fs.readdirSync(path.join(appDir, "routes"))
    expect(routeFiles.filter((file) => /insulin-form|weight-loss-form|medication-request/.test(file))).toEqual([])
    const viteConfig = fs.readFileSync(path.resolve(appDir, "../vite.config.ts"), "utf8")
    expect(viteConfig).toMatch(/route\(page\.path\.slice\(1\), MEDICATION_FORM_MODULE, \{ id: page\.id \}\)/)
  })

  it("finds the page by URL as Remix matches it (any case, trailing slash), and no other", () => {
    expect(medicationFormPage("/insulin-form")?.formType).toBe("insulin")
    expect(medicationFormPage("/Weight-Loss-Form/")?.formType).toBe("weight_loss")
    expect(medicationFormPage("/apply-for-prescription")).toBeNull()
  })

  it("keeps each page's title and description", () => {
    const meta = (pathname: string) =>
      medicationRequestPage.meta({ location: { pathname }, matches: [] } as unknown as Parameters<typeof medicationRequestPage.meta>[0])
    expect(meta("/insulin-form")).toEqual([
      { title: "Insulin and Diabetes Supplies Request | Harbor Health Pharmacy" },
      {
        name: "description",
        content: "Request insulin or diabetes supplies. Tell us what you need and our pharmacy team contacts you.",
      },
      { property: "og:title", content: "Insulin and Diabetes Supplies Request" },
      {
        property: "og:description",
        content: "Request insulin or diabetes supplies. Tell us what you need and our pharmacy team contacts you.",
      },
    ])
    expect(meta("/weight-loss-form")).toContainEqual({ title: "Medical Weight Loss Request | Harbor Health Pharmacy" })
    expect(meta("/weight-loss-form")).toContainEqual({
      name: "description",
      content: "Request a medical weight-loss treatment. Tell us about you and our pharmacy team contacts you.",
    })
    // Its canonical link is the page's own path, however the URL was spelt (decision 0055).
    const root = { id: "root", data: { origin: "https://shop.example" } }
    const withOrigin = medicationRequestPage.meta({
      location: { pathname: "/Weight-Loss-Form/" },
      matches: [root],
    } as unknown as Parameters<typeof medicationRequestPage.meta>[0])
    expect(withOrigin).toContainEqual({ tagName: "link", rel: "canonical", href: "https://shop.example/weight-loss-form" })
  })

  const ageCookie = async () => (await verifiedCookieHeader(new Request("http://store.test/age-check", { method: "POST" }))).split(";")[0]

  it("loader: behind the age gate; the form type of its URL", async () => {
    const load = (url: string, headers: Record<string, string> = {}) =>
      medicationRequestPage.loader({ request: new Request(url, { headers }), params: {}, context: {} } as LoaderFunctionArgs)
    const gated = await load("http://store.test/weight-loss-form").catch((error) => error)
    expect(gated).toBeInstanceOf(Response)
    expect(gated.headers.get("Location")).toBe("/age-check?redirectTo=%2Fweight-loss-form")
    const cookie = await ageCookie()
    for (const [url, formType] of [
      ["http://store.test/weight-loss-form", "weight_loss"],
      ["http://store.test/insulin-form", "insulin"],
    ]) {
      const answer = (await load(url, { Cookie: cookie })) as unknown as { data: { formType: string }; init: ResponseInit }
      expect(answer.data.formType).toBe(formType)
      expect(new Headers(answer.init.headers).get("Cache-Control")).toBe("private, no-cache")
    }
  })

  it("action: sends its URL's form type (never the browser's) for the shopper, then /confirmation; a refusal comes back on the page", async () => {
    const cookie = await ageCookie()
    const post = (path: string) => {
      const form = new FormData()
      for (const [name, value] of Object.entries({
        name: "Ana",
        email: "ana@example.com",
        phone: "555-0100",
        age: "34",
        formType: "prescription",
      }))
        form.set(name, value)
      return medicationRequestPage.action({
        request: new Request(`http://store.test${path}`, { method: "POST", body: form, headers: { Cookie: cookie } }),
        params: {},
        context: { clientAddress: "203.0.113.7" },
      } as ActionFunctionArgs)
    }
    const calls = backend(
      { status: 201, body: receipt("insulin") },
      { status: 429, body: { type: "too_many_requests", message: TOO_MANY } }
    )

    const sent = await post("/insulin-form").catch((error) => error)
    expect(sent).toBeInstanceOf(Response)
    expect(sent.headers.get("Location")).toBe("/confirmation?form=insulin")
    expect(calls[0].url).toMatch(/\/store\/prescription-requests$/)
    expect(calls[0].body).toMatchObject({ formType: "insulin", name: "Ana", age: 34 })
    expect(calls[0].headers.get("x-forwarded-for")).toBe("203.0.113.7")

    const refused = (await post("/weight-loss-form")) as unknown as { data: { formError: string; values: Record<string, string> } }
    expect(calls[1].body).toMatchObject({ formType: "weight_loss" })
    expect(refused.data.formError).toBe(`Error 429: ${TOO_MANY}`)
    expect(refused.data.values).toMatchObject({ name: "Ana", age: "34" })
  })
})
