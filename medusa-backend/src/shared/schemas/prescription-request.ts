/**
 * The prescription request forms of the spec (§3): the insulin and weight-loss
 * forms (identical fields) and the full "apply for prescription" form. Used by
 * the storefront's form actions and by the backend's routes (the Store API's
 * and the legacy /api's), so all refuse exactly the same input.
 */
import { z } from "zod"

import { STORE } from "../store-constants"
import { email, formBoolean, optionalText, phone, requiredText } from "./fields"

export const PRESCRIPTION_FORM_TYPES = ["insulin", "weight_loss", "prescription"] as const
export type PrescriptionFormType = (typeof PRESCRIPTION_FORM_TYPES)[number]

export const DURATIONS = ["Less Than A Year", "More Than A Year"] as const
export const YES_NO = ["Yes", "No"] as const
export const GENDERS = ["male", "female"] as const

/** The store's own age rule (spec: "Sorry, you must be at least 18 to access this site."), for the full form's date of birth. */
export const UNDER_AGE_APPLICATION_MESSAGE = `Sorry, you must be at least ${STORE.minimumAge} to apply for a prescription.`

/** The calendar date of `YYYY-MM-DD`, or null when there is no such day (2023-02-31, 1980-13-40). */
function calendarDate(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return null
  const [year, month, day] = match.slice(1).map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  // Date.UTC rolls 2023-02-31 over to March 3: a real day comes back as itself.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return { year, month, day }
}

/** A day that exists, after 1900 and before today (UTC). */
export function isRealPastDate(value: string, today: Date = new Date()): boolean {
  const date = calendarDate(value)
  if (!date || date.year <= 1900) return false
  return Date.UTC(date.year, date.month - 1, date.day) < Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
}

/**
 * Whole years from a `YYYY-MM-DD` birth date to `today` (UTC), as birthdays count them: one born
 * on 29 February turns a year older on 1 March in other years. NaN for a day that does not exist.
 */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const date = calendarDate(dateOfBirth)
  if (!date) return Number.NaN
  const [year, month, day] = [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()]
  const beforeBirthday = month < date.month || (month === date.month && day < date.day)
  return year - date.year - (beforeBirthday ? 1 : 0)
}

export const medicationRequestSchema = z.object({
  formType: z.enum(["insulin", "weight_loss"], { error: "formType must be insulin or weight_loss" }),
  name: requiredText("Name"),
  email,
  phone,
  age: z.coerce
    .number({ error: "Age is required" })
    .int("Age must be a whole number")
    .min(1, "Age must be at least 1")
    .max(130, "Age must be at most 130"),
  medicationName: optionalText("Medication name", 200),
  duration: z.enum(DURATIONS, { error: "Duration must be Less Than A Year or More Than A Year" }).default("Less Than A Year"),
  allergies: optionalText("Allergies"),
  hasPrescription: z.enum(YES_NO, { error: "Has prescription must be Yes or No" }).default("Yes"),
  pharmacyInfo: optionalText("Pharmacy information"),
  noPrescription: formBoolean.default(false),
})

export const fullPrescriptionRequestSchema = z.object({
  formType: z.literal("prescription", { error: "formType must be prescription" }),
  name: optionalText("Name", 200),
  email,
  gender: z.enum(GENDERS, { error: "Gender must be male or female" }).default("male"),
  dateOfBirth: z
    .string({ error: "Date of birth is required" })
    .trim()
    .min(1, "Date of birth is required")
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Date of birth must be a date (YYYY-MM-DD)")
    .refine((value) => isRealPastDate(value), "Date of birth must be a real date in the past")
    // Checked only on a real past date, so a wrong date gets the message above alone.
    .refine((value) => !isRealPastDate(value) || ageOn(value) >= STORE.minimumAge, UNDER_AGE_APPLICATION_MESSAGE),
  phone,
  address: optionalText("Address", 300),
  state: requiredText("State", 100),
  zipCode: optionalText("ZIP code", 20),
  pastMedicalProblems: optionalText("Past medical problems"),
  currentMedications: optionalText("Current medications"),
  knownAllergies: optionalText("Known allergies"),
  medicationNeeded: optionalText("Medication needed", 300),
  dosageNeeded: optionalText("Dosage needed", 300),
  thyroidCancer: formBoolean.default(false),
  menSyndrome: formBoolean.default(false),
  glp1Allergy: formBoolean.default(false),
  agreeToTerms: formBoolean.refine((agreed) => agreed, "Please agree to the terms and conditions to continue."),
})

export const prescriptionRequestSchema = z.discriminatedUnion("formType", [medicationRequestSchema, fullPrescriptionRequestSchema], {
  error: "formType must be one of insulin, weight_loss, prescription",
})

export type MedicationRequest = z.output<typeof medicationRequestSchema>
export type FullPrescriptionRequest = z.output<typeof fullPrescriptionRequestSchema>
export type PrescriptionRequestInput = z.output<typeof prescriptionRequestSchema>

/**
 * The backend's answer (201) to a stored request, the same from the legacy
 * `POST /api/prescription-request/` and the Store API's
 * `POST /store/prescription-requests`: nothing the visitor typed.
 */
export type PrescriptionRequestReceipt = {
  id: string
  formType: PrescriptionFormType
  status: string
  /** ISO 8601. */
  created_at: string
  detail: string
}
