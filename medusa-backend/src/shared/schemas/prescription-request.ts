/**
 * The prescription request forms of the spec (§3): the insulin and weight-loss
 * forms (identical fields) and the full "apply for prescription" form. Used by
 * the storefront's form actions and by the backend's routes (the Store API's
 * and the legacy /api's), so all refuse exactly the same input.
 */
import { z } from "zod"

import { email, formBoolean, optionalText, phone, requiredText } from "./fields"

export const PRESCRIPTION_FORM_TYPES = ["insulin", "weight_loss", "prescription"] as const
export type PrescriptionFormType = (typeof PRESCRIPTION_FORM_TYPES)[number]

export const DURATIONS = ["Less Than A Year", "More Than A Year"] as const
export const YES_NO = ["Yes", "No"] as const
export const GENDERS = ["male", "female"] as const

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
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`)
      return !Number.isNaN(date.getTime()) && date.getTime() < Date.now() && date.getUTCFullYear() > 1900
    }, "Date of birth must be a real date in the past"),
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
