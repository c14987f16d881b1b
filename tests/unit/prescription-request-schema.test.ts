import { fieldErrors } from "@shared/schemas/fields"
import { ageOn, isRealPastDate, prescriptionRequestSchema } from "@shared/schemas/prescription-request"
import { describe, expect, it } from "vitest"

const insulinForm = { formType: "insulin", name: "Ana Diaz", email: "ana@example.com", phone: "(555) 123-4567", age: "34" }
const fullForm = {
  formType: "prescription",
  email: "sam@example.com",
  dateOfBirth: "1980-05-17",
  phone: "555-987-6543",
  state: "Texas",
  agreeToTerms: true,
}

describe("prescription request payloads", () => {
  it("accept the insulin form with the spec's defaults filled in", () => {
    const result = prescriptionRequestSchema.parse(insulinForm)
    expect(result).toMatchObject({
      formType: "insulin",
      age: 34,
      duration: "Less Than A Year",
      hasPrescription: "Yes",
      noPrescription: false,
      medicationName: "",
    })
  })

  it("require name, email, phone and an age of at least 1 on the medication forms", () => {
    const result = prescriptionRequestSchema.safeParse({ formType: "weight_loss", age: 0, email: "nope" })
    expect(result.success).toBe(false)
    expect(fieldErrors(result.error!)).toMatchObject({
      name: "Name is required",
      email: "Enter a valid email address",
      phone: "Phone is required",
      age: "Age must be at least 1",
    })
  })

  it("accept the full form and read HTML checkbox values", () => {
    const result = prescriptionRequestSchema.parse({ ...fullForm, agreeToTerms: "on", thyroidCancer: "on" })
    expect(result).toMatchObject({ formType: "prescription", gender: "male", agreeToTerms: true, thyroidCancer: true, glp1Allergy: false })
  })

  it("refuse the full form without the terms or its four required fields", () => {
    const result = prescriptionRequestSchema.safeParse({ formType: "prescription", agreeToTerms: false })
    expect(result.success).toBe(false)
    const errors = fieldErrors(result.error!)
    expect(errors.agreeToTerms).toBe("Please agree to the terms and conditions to continue.")
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(["email", "dateOfBirth", "phone", "state"]))
  })

  it("refuse an unknown form type and dates of birth that are not real past dates", () => {
    expect(fieldErrors(prescriptionRequestSchema.safeParse({ formType: "other" }).error!).formType).toMatch(/insulin/)
    for (const dateOfBirth of ["2999-01-01", "1980-13-40", "yesterday"]) {
      expect(prescriptionRequestSchema.safeParse({ ...fullForm, dateOfBirth }).success).toBe(false)
    }
  })

  it("refuse days that do not exist (no rolling over to the next month)", () => {
    for (const dateOfBirth of ["2001-02-29", "1990-02-31", "1985-04-31", "1899-12-31", "1900-01-01"]) {
      const result = prescriptionRequestSchema.safeParse({ ...fullForm, dateOfBirth })
      expect(result.success, dateOfBirth).toBe(false)
      expect(fieldErrors(result.error!).dateOfBirth).toBe("Date of birth must be a real date in the past")
    }
    expect(prescriptionRequestSchema.safeParse({ ...fullForm, dateOfBirth: "2000-02-29" }).success).toBe(true)
  })

  it("refuse a patient under 18 (the store's minimum age), today included", () => {
    const today = new Date()
    const iso = (date: Date) => date.toISOString().slice(0, 10)
    const yearsAgo = (years: number, days = 0) =>
      iso(new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days)))
    for (const dateOfBirth of [yearsAgo(13), yearsAgo(17), yearsAgo(18, 1), yearsAgo(0, -1)]) {
      const result = prescriptionRequestSchema.safeParse({ ...fullForm, dateOfBirth })
      expect(result.success, dateOfBirth).toBe(false)
      expect(fieldErrors(result.error!)).toEqual({ dateOfBirth: "Sorry, you must be at least 18 to apply for a prescription." })
    }
    // The 18th birthday is today: old enough.
    for (const dateOfBirth of [yearsAgo(18), yearsAgo(18, -1), yearsAgo(90)]) {
      expect(prescriptionRequestSchema.safeParse({ ...fullForm, dateOfBirth }).success, dateOfBirth).toBe(true)
    }
  })

  it("count whole years as birthdays do, 29 February included", () => {
    const on = (day: string) => new Date(`${day}T12:00:00Z`)
    expect(ageOn("2008-06-15", on("2026-06-14"))).toBe(17)
    expect(ageOn("2008-06-15", on("2026-06-15"))).toBe(18)
    expect(ageOn("2008-02-29", on("2026-02-28"))).toBe(17)
    expect(ageOn("2008-02-29", on("2026-03-01"))).toBe(18)
    expect(ageOn("2008-02-30", on("2026-03-01"))).toBeNaN()
    expect(isRealPastDate("2026-06-14", on("2026-06-15"))).toBe(true)
    expect(isRealPastDate("2026-06-15", on("2026-06-15"))).toBe(false)
  })

  it("never echo the submitted values in error messages", () => {
    const secret = "my-secret-medical-history"
    const result = prescriptionRequestSchema.safeParse({ ...fullForm, pastMedicalProblems: secret.repeat(200) })
    expect(result.success).toBe(false)
    expect(JSON.stringify(result.error!.issues.map((i) => i.message))).not.toContain(secret)
  })
})
