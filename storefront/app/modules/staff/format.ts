/** Words for the codes staff pages show (order status, payment method, prescription forms). */
const ORDER_STATUS: Record<string, string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  awaiting_prescription_review: "Awaiting prescription review",
  prescription_rejected: "Prescription rejected",
  canceled: "Canceled",
  fulfilled: "Fulfilled",
}
export const orderStatusLabel = (status: string) => ORDER_STATUS[status] ?? status

/** A customer email's delivery, in words (a failed send is retried for 24 hours, then given up). */
const EMAIL_STATUS: Record<string, string> = {
  sent: "Sent",
  sending: "Sending",
  retrying: "Not sent yet, retrying",
  failed: "Failed, gave up",
}
export const emailStatusLabel = (status: string) => EMAIL_STATUS[status] ?? status

// Payment methods are named in one place, for shoppers, staff and emails.
export { paymentLabel } from "@shared/payment-methods"

/** A filter's choices, in the order of their words. */
const choices = (words: Record<string, string>) => Object.entries(words).map(([value, label]) => ({ value, label }))

const FORM_TYPE: Record<string, string> = { insulin: "Insulin", weight_loss: "Weight loss", prescription: "Prescription application" }
export const FORM_TYPES = choices(FORM_TYPE)
export const formTypeLabel = (type: string) => FORM_TYPE[type] ?? type

const REQUEST_STATUS: Record<string, string> = { received: "Awaiting review", approved: "Approved", rejected: "Rejected" }
export const REQUEST_STATUSES = choices(REQUEST_STATUS)
export const requestStatusLabel = (status: string) => REQUEST_STATUS[status] ?? status

/** The request form's fields, in the order staff read them. */
export const CONTACT_FIELDS: [string, string][] = [
  ["name", "Name"],
  ["email", "Email"],
  ["phone", "Phone"],
  ["age", "Age"],
  ["gender", "Gender"],
  ["dateOfBirth", "Date of birth"],
  ["address", "Address"],
  ["state", "State"],
  ["zipCode", "ZIP code"],
]
export const HEALTH_FIELDS: [string, string][] = [
  ["medicationName", "Medication"],
  ["duration", "Taking it for"],
  ["allergies", "Allergies"],
  ["hasPrescription", "Has a prescription"],
  ["pharmacyInfo", "Pharmacy information"],
  ["noPrescription", "Has no prescription yet"],
  ["pastMedicalProblems", "Past medical problems"],
  ["currentMedications", "Current medications"],
  ["knownAllergies", "Known allergies"],
  ["medicationNeeded", "Medication needed"],
  ["dosageNeeded", "Dosage needed"],
  ["thyroidCancer", "History of thyroid cancer"],
  ["menSyndrome", "MEN 2 syndrome"],
  ["glp1Allergy", "Allergy to GLP-1 medicines"],
  ["agreeToTerms", "Agreed to the terms"],
]

/** A form value as text: Yes/No for flags, "—" for nothing. */
export function formValueText(value: unknown): string {
  if (value === true) return "Yes"
  if (value === false) return "No"
  if (value === null || value === undefined || value === "") return "—"
  return String(value)
}

/** The fields of a request's form that its form type has, labelled, in the list's order. */
export const presentFields = (form: Record<string, unknown>, fields: [string, string][]) =>
  fields.filter(([key]) => key in form).map(([key, label]) => ({ key, label, value: formValueText(form[key]) }))
