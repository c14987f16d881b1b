import { FetchError } from "@medusajs/js-sdk"
import { fieldErrors } from "@shared/schemas/fields"
import { prescriptionRequestSchema } from "@shared/schemas/prescription-request"
import { describe, expect, it } from "vitest"
import {
  formClientAction,
  missingRequiredFields,
  PRESCRIPTION_REQUIRED_FIELDS,
  requiredFieldsMessage,
  submitFailureMessage,
  TERMS_MESSAGE,
} from "~/lib/prescription-form"
import { describeSubmitFailure, submittedValues, validateSubmission } from "~/lib/prescription-form.server"

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
    expect(submitFailureMessage({ kind: "response", status: 429, message: "Too many requests" })).toBe(
      "Error 429: Too many requests"
    )
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
    expect(
      missingRequiredFields({ email: "a@b.co", dateOfBirth: "1980-01-01", phone: "555-0100", state: "Texas" })
    ).toEqual([])
  })

  it("words each field's error as the shared schema does, and the terms as the spec does", () => {
    const result = prescriptionRequestSchema.safeParse({ formType: "prescription" })
    const errors = fieldErrors(result.error!)
    for (const field of PRESCRIPTION_REQUIRED_FIELDS) expect(errors[field.name]).toBe(field.message)
    expect(errors.agreeToTerms).toBe(TERMS_MESSAGE)
    expect(TERMS_MESSAGE).toBe("Please agree to the terms and conditions to continue.")
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
    const ok = validateSubmission(
      { name: "Ana", email: "ana@example.com", phone: "555-0100", age: "34", noPrescription: "on" },
      "insulin"
    )
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
    expect(!missing.ok && missing.formError).toBe(
      "Please fill in the following required fields: Date of Birth, Phone, State"
    )
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
  const request = () =>
    new Request("http://store.test/insulin-form", { method: "POST", body: formData({ name: "Ana", age: "34" }) })
  const args = (serverAction: () => Promise<unknown>) =>
    ({ request: request(), params: {}, serverAction } as unknown as Parameters<typeof formClientAction>[0])

  it("passes the server's answer and its redirects through", async () => {
    const answer = { fieldErrors: {}, formError: "x", values: {} }
    await expect(formClientAction(args(async () => answer))).resolves.toBe(answer)
    const redirect = new Response(null, { status: 302, headers: { Location: "/confirmation?form=insulin" } })
    await expect(formClientAction(args(async () => Promise.reject(redirect)))).rejects.toBe(redirect)
  })

  it("keeps what was typed and says so when our server gives no answer", async () => {
    await expect(formClientAction(args(async () => Promise.reject(new TypeError("Failed to fetch"))))).resolves.toEqual(
      {
        fieldErrors: {},
        formError: "Network error. Please check your connection and try again.",
        values: { name: "Ana", age: "34" },
      }
    )
    await expect(formClientAction(args(async () => Promise.reject(new Error("boom"))))).resolves.toMatchObject({
      formError: "An unexpected error occurred. Please try again.",
    })
  })
})
