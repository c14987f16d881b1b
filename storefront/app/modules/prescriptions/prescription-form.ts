/**
 * The prescription request forms' words and checks that run in the browser as
 * well as on the server (spec §2, §4, §5, §8): the required-fields message of
 * the full form, the terms message, and the status-specific failure messages.
 * No zod here (it stays on the server): the schema is
 * @shared/schemas/prescription-request, used by prescription-form.server.ts.
 * See docs/decisions/0023-prescription-forms.md.
 */
import type { ClientActionFunctionArgs } from "@remix-run/react"
import type { PrescriptionFormType } from "@shared/schemas/prescription-request"

import { NETWORK_ERROR, noReloadAfterSubmit, UNEXPECTED_ERROR } from "~/modules/checkout/checkout"

export { NETWORK_ERROR, noReloadAfterSubmit, UNEXPECTED_ERROR }

export const TERMS_MESSAGE = "Please agree to the terms and conditions to continue."

/** Spec §5: the full form's script check covers these four, in this order. Messages as the shared schema words them. */
export const PRESCRIPTION_REQUIRED_FIELDS = [
  { name: "email", label: "Email", message: "Email is required" },
  { name: "dateOfBirth", label: "Date of Birth", message: "Date of birth is required" },
  { name: "phone", label: "Phone", message: "Phone is required" },
  { name: "state", label: "State", message: "State is required" },
] as const

export const requiredFieldsMessage = (labels: readonly string[]) => `Please fill in the following required fields: ${labels.join(", ")}`

/** The required fields of the full form that are blank in this submission. */
export function missingRequiredFields(form: FormData | Record<string, unknown>) {
  const get = (name: string) => (form instanceof FormData ? form.get(name) : form[name])
  return PRESCRIPTION_REQUIRED_FIELDS.filter(({ name }) => {
    const value = get(name)
    return typeof value !== "string" || value.trim() === ""
  })
}

/** How a submission to the backend failed. */
export type SubmitFailure = { kind: "response"; status: number; message: string | null } | { kind: "network" } | { kind: "unexpected" }

/** Spec §8 (full prescription form), used for all three forms: the insulin and weight-loss forms say it too. */
export function submitFailureMessage(failure: SubmitFailure): string {
  if (failure.kind === "network") return NETWORK_ERROR
  if (failure.kind === "unexpected") return UNEXPECTED_ERROR
  const message = failure.message || "Unknown error"
  switch (failure.status) {
    case 400:
      return `Invalid form data: ${message}`
    case 404:
      return "The prescription request endpoint was not found. Please contact support."
    case 500:
      return "Server error. Please try again later or contact support."
    default:
      return `Error ${failure.status}: ${message}`
  }
}

/** What a form's action answers when it did not redirect to /confirmation. */
export type FormAnswer = {
  fieldErrors: Record<string, string>
  formError: string | null
  /** What was submitted (text fields and ticked boxes), so the page rendered without JavaScript keeps it. */
  values: Record<string, string>
}

export const FORM_TITLES: Record<PrescriptionFormType, string> = {
  insulin: "Insulin and Diabetes Supplies",
  weight_loss: "Medical Weight Loss",
  prescription: "Apply for Prescription",
}

/** Step 2 of 3 forms (insulin, weight loss): their fields in page order. */
export const MEDICATION_FIELDS = [
  "name",
  "email",
  "phone",
  "age",
  "medicationName",
  "duration",
  "allergies",
  "hasPrescription",
  "pharmacyInfo",
  "noPrescription",
] as const

/** The full form's fields in page order. */
export const PRESCRIPTION_FIELDS = [
  "name",
  "email",
  "gender",
  "dateOfBirth",
  "phone",
  "address",
  "state",
  "zipCode",
  "pastMedicalProblems",
  "currentMedications",
  "knownAllergies",
  "medicationNeeded",
  "dosageNeeded",
  "thyroidCancer",
  "menSyndrome",
  "glp1Allergy",
  "agreeToTerms",
] as const

/**
 * The forms' `clientAction`: when the request to our server gets no answer,
 * the form stays with what was typed and says so (spec §8) instead of showing
 * an error page. Redirects (confirmation, age gate) pass through.
 */
export async function formClientAction({ request, serverAction }: ClientActionFunctionArgs): Promise<FormAnswer> {
  const form = await request.clone().formData()
  try {
    return await serverAction<FormAnswer>()
  } catch (error) {
    if (error instanceof Response) throw error
    const values: Record<string, string> = {}
    form.forEach((value, name) => {
      if (typeof value === "string") values[name] = value
    })
    const formError = submitFailureMessage(error instanceof TypeError ? { kind: "network" } : { kind: "unexpected" })
    return { fieldErrors: {}, formError, values }
  }
}
