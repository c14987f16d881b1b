/**
 * The three prescription request forms' fields, one table per form in page order, keyed by the
 * shared schema's own fields (@shared/schemas/prescription-request, its types only: zod stays on
 * the server), so a field the schema gains or loses fails the type check here. The pages render
 * their fields from these tables (usePrescriptionForm), the actions keep only these fields of a
 * submission, and the first field in error, in this order, takes the focus.
 */
import type { FullPrescriptionRequest, MedicationRequest } from "@shared/schemas/prescription-request"

/** The lists a select or a radio group offers: the schema's choices (sent by the loaders) or the states. */
export type ChoiceList = "durations" | "yesNo" | "genders" | "states"

/** One field: its control, label and hint, and what the control says of it (required, type, autofill). */
export type FieldSpec = { label: string; hint?: string; required?: boolean } & (
  | { control: "text"; type?: "email" | "tel" | "number" | "date"; autoComplete?: string; inputMode?: "numeric"; min?: number }
  | { control: "textarea" }
  | { control: "select"; choices: ChoiceList; autoComplete?: string; placeholder?: string }
  | { control: "radio"; choices: ChoiceList; choiceLabels?: Record<string, string> }
  | { control: "checkbox" }
)

export type MedicationField = Exclude<keyof MedicationRequest, "formType">
export type PrescriptionField = Exclude<keyof FullPrescriptionRequest, "formType">

/** The contact fields both forms ask alike (the full form's name is optional). */
const CONTACT = {
  name: { control: "text", label: "Full Name", autoComplete: "name" },
  email: { control: "text", label: "Email", type: "email", required: true, autoComplete: "email" },
  phone: { control: "text", label: "Phone", type: "tel", required: true, autoComplete: "tel" },
} satisfies Record<string, FieldSpec>

/** Step 2 of 3 forms (insulin, weight loss). */
export const MEDICATION_FORM_FIELDS: Record<MedicationField, FieldSpec> = {
  name: { ...CONTACT.name, required: true },
  email: CONTACT.email,
  phone: CONTACT.phone,
  age: { control: "text", label: "Age", type: "number", inputMode: "numeric", min: 1, required: true },
  medicationName: { control: "text", label: "Medication Name" },
  duration: { control: "select", label: "How long have you used it?", choices: "durations" },
  allergies: { control: "textarea", label: "Allergies", hint: "Medicines, foods or anything else. Leave blank if none." },
  hasPrescription: { control: "radio", label: "Do you have a prescription?", choices: "yesNo" },
  pharmacyInfo: {
    control: "textarea",
    label: "Pharmacy Information",
    hint: "If you have a prescription: the pharmacy or prescriber that holds it (name and phone).",
  },
  noPrescription: { control: "checkbox", label: "I don't have a prescription and would like a licensed provider to review my request" },
}

/** The full form (Apply for Prescription): about you, your health, the terms. */
export const PRESCRIPTION_FORM_FIELDS: Record<PrescriptionField, FieldSpec> = {
  name: CONTACT.name,
  email: CONTACT.email,
  gender: { control: "radio", label: "Gender", choices: "genders", choiceLabels: { male: "Male", female: "Female" } },
  dateOfBirth: { control: "text", label: "Date of Birth", type: "date", required: true, autoComplete: "bday" },
  phone: CONTACT.phone,
  address: { control: "text", label: "Address", autoComplete: "street-address" },
  state: {
    control: "select",
    label: "State",
    required: true,
    choices: "states",
    autoComplete: "address-level1",
    placeholder: "Select your state",
  },
  zipCode: { control: "text", label: "ZIP Code", autoComplete: "postal-code", inputMode: "numeric" },
  pastMedicalProblems: {
    control: "textarea",
    label: "Past Medical Problems",
    hint: "Conditions you have or had, surgeries, hospital stays.",
  },
  currentMedications: {
    control: "textarea",
    label: "Current Medications",
    hint: "Prescription and over-the-counter medicines, vitamins and supplements, with doses.",
  },
  knownAllergies: { control: "textarea", label: "Known Allergies" },
  medicationNeeded: { control: "text", label: "Medication Needed" },
  dosageNeeded: { control: "text", label: "Dosage Needed" },
  thyroidCancer: { control: "checkbox", label: "I or a family member have had medullary thyroid cancer" },
  menSyndrome: { control: "checkbox", label: "I have Multiple Endocrine Neoplasia syndrome type 2 (MEN 2)" },
  glp1Allergy: { control: "checkbox", label: "I have had an allergic reaction to a GLP-1 medication" },
  agreeToTerms: {
    control: "checkbox",
    label: "I agree to the terms and conditions, and I confirm that the information I gave is true and complete.",
  },
}

/** A form's field names in page order (a table's own order). */
export const fieldNames = <Name extends string>(fields: Record<Name, FieldSpec>) => Object.keys(fields) as Name[]

/** Step 2 of 3 forms (insulin, weight loss): their fields in page order. */
export const MEDICATION_FIELDS = fieldNames(MEDICATION_FORM_FIELDS)

/** The full form's fields in page order. */
export const PRESCRIPTION_FIELDS = fieldNames(PRESCRIPTION_FORM_FIELDS)
