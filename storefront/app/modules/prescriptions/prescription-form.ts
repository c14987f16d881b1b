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

import { answerOrKeepForm, NETWORK_ERROR, noReloadAfterSubmit, UNEXPECTED_ERROR } from "~/modules/checkout/checkout"

import { PRESCRIPTION_FORM_FIELDS, type PrescriptionField } from "./prescription-fields"

export { NETWORK_ERROR, noReloadAfterSubmit, UNEXPECTED_ERROR }

export const TERMS_MESSAGE = "Please agree to the terms and conditions to continue."

/** Spec §5: the full form's script check covers these four, in this order. Messages as the shared schema words them. */
const REQUIRED_BY_SCRIPT: readonly { name: PrescriptionField; message: string }[] = [
  { name: "email", message: "Email is required" },
  { name: "dateOfBirth", message: "Date of birth is required" },
  { name: "phone", message: "Phone is required" },
  { name: "state", message: "State is required" },
]

/** Those four with their labels (the message names the missing ones by their labels). */
export const PRESCRIPTION_REQUIRED_FIELDS = REQUIRED_BY_SCRIPT.map((field) => ({
  ...field,
  label: PRESCRIPTION_FORM_FIELDS[field.name].label,
}))

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

/**
 * The forms' `clientAction`: when the request to our server gets no answer,
 * the form stays with what was typed and says so (spec §8) instead of showing
 * an error page. Redirects (confirmation, age gate) pass through.
 */
export const formClientAction = (args: ClientActionFunctionArgs): Promise<FormAnswer> =>
  answerOrKeepForm<FormAnswer>(args, (form, why) => {
    const values: Record<string, string> = {}
    form.forEach((value, name) => {
      if (typeof value === "string") values[name] = value
    })
    return { fieldErrors: {}, formError: why, values }
  })
