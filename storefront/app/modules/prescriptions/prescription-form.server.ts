/**
 * The prescription request forms' actions (spec §2, §5, §8): the submission is
 * validated with the backend's own `prescriptionRequestSchema`, sent to the
 * Store API's POST /store/prescription-requests (app/lib/data/prescriptions.server.ts),
 * and the visitor goes to /confirmation; or
 * the form comes back with the fields' errors and one message for the form.
 * Works the same with and without JavaScript.
 */
import { FetchError } from "@medusajs/js-sdk"
import { type AppLoadContext, redirect } from "@remix-run/node"
import { fieldErrors } from "@shared/schemas/fields"
import { DURATIONS, GENDERS, type PrescriptionFormType, prescriptionRequestSchema, YES_NO } from "@shared/schemas/prescription-request"

import { requireAgeVerified } from "~/lib/age-gate.server"
import { backendMessage, noBackendAnswer } from "~/lib/backend-errors.server"
import { refusedForTheStore, submitPrescriptionRequest } from "~/lib/data/prescriptions.server"
import { shopperHeaders } from "~/lib/shopper.server"

import { MEDICATION_FIELDS, PRESCRIPTION_FIELDS } from "./prescription-fields"
import {
  type FormAnswer,
  missingRequiredFields,
  requiredFieldsMessage,
  type SubmitFailure,
  submitFailureMessage,
  TERMS_MESSAGE,
} from "./prescription-form"

/** The choices the forms offer, from the schema itself (sent by the loaders, so zod stays on the server). */
export const FORM_CHOICES = { durations: DURATIONS, yesNo: YES_NO, genders: GENDERS }

const MAX_VALUE_LENGTH = 5000

export const confirmationPath = (formType: PrescriptionFormType) => `/confirmation?form=${formType}`

/** The submitted fields of this form only (no formType: the route sets it), as strings. */
export function submittedValues(form: FormData, formType: PrescriptionFormType): Record<string, string> {
  const names: readonly string[] = formType === "prescription" ? PRESCRIPTION_FIELDS : MEDICATION_FIELDS
  const values: Record<string, string> = {}
  for (const name of names) {
    const value = form.get(name)
    if (typeof value === "string") values[name] = value.slice(0, MAX_VALUE_LENGTH)
  }
  return values
}

/** The field errors of the schema and the one message for the form (spec §5's order: required fields, then terms). */
export function validateSubmission(values: Record<string, string>, formType: PrescriptionFormType) {
  // Blank fields count as absent: "Age is required", not "Age must be at least 1" for an empty box.
  const present = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ""))
  const parsed = prescriptionRequestSchema.safeParse({ ...present, formType })
  if (parsed.success) return { ok: true as const, data: parsed.data }
  const errors = fieldErrors(parsed.error)
  let formError: string
  const missing = formType === "prescription" ? missingRequiredFields(values) : []
  if (missing.length) formError = requiredFieldsMessage(missing.map((field) => field.label))
  else if (errors.agreeToTerms) formError = TERMS_MESSAGE
  // What the backend would answer (400): every field's message, as its `detail` joins them.
  else formError = submitFailureMessage({ kind: "response", status: 400, message: Object.values(errors).join("; ") })
  return { ok: false as const, fieldErrors: errors, formError }
}

/** Why the backend did not take the request, in the spec's words. */
export function describeSubmitFailure(error: unknown): SubmitFailure {
  if (error instanceof FetchError && error.status) {
    // Refused for the storefront's own configuration (e.g. its publishable key): a server error for the visitor.
    if (refusedForTheStore(error)) return { kind: "response", status: 500, message: null }
    return { kind: "response", status: error.status, message: backendMessage(error) }
  }
  // The backend gave no answer: for the visitor, the service is down (a 5xx), not their connection.
  if (noBackendAnswer(error)) return { kind: "response", status: 500, message: null }
  return { kind: "unexpected" }
}

/**
 * The action of every form: the age gate, validation, the backend call.
 * Redirects to /confirmation on success; otherwise answers (HTTP 200: a
 * refusal is shown on the page, not logged as a failed request).
 */
export async function submitPrescriptionForm(
  request: Request,
  formType: PrescriptionFormType,
  context?: AppLoadContext
): Promise<FormAnswer> {
  await requireAgeVerified(request)
  const values = submittedValues(await request.formData(), formType)
  const checked = validateSubmission(values, formType)
  if (!checked.ok) return { fieldErrors: checked.fieldErrors, formError: checked.formError, values }
  try {
    // The shopper's address goes along: the backend's limit counts the shopper, not the storefront.
    await submitPrescriptionRequest(checked.data, shopperHeaders(context))
  } catch (error) {
    const failure = describeSubmitFailure(error)
    if (failure.kind !== "response" || failure.status >= 500) {
      console.error(`Prescription form (${formType}): ${error instanceof Error ? error.message : String(error)}`)
    }
    return { fieldErrors: {}, formError: submitFailureMessage(failure), values }
  }
  throw redirect(confirmationPath(formType))
}
