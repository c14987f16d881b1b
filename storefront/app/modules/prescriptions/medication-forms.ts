/**
 * The insulin and weight-loss request forms (spec §2: step 2 of 3, identical fields, a
 * formType each) are one route module, app/pages/medication-request-form.tsx, mounted at two
 * paths by vite.config.ts (the Remix plugin's `routes` option). What differs between the two
 * pages is here, keyed by path; the module's loader, action and meta pick the entry of the
 * URL they serve. No imports but types: vite.config.ts reads this file too.
 */
import type { PrescriptionFormType } from "@shared/schemas/prescription-request"

export type MedicationFormType = Extract<PrescriptionFormType, "insulin" | "weight_loss">

export type MedicationFormPage = {
  /** The page's URL. */
  path: string
  /** Its Remix route id (the id the former file routes/<name>.tsx had). */
  id: string
  formType: MedicationFormType
  /** `<title>` and meta description. */
  title: string
  description: string
}

/** The route module both pages use, relative to app/. */
export const MEDICATION_FORM_MODULE = "pages/medication-request-form.tsx"

export const MEDICATION_FORM_PAGES: readonly MedicationFormPage[] = [
  {
    path: "/insulin-form",
    id: "routes/insulin-form",
    formType: "insulin",
    title: "Insulin and Diabetes Supplies Request",
    description: "Request insulin or diabetes supplies. Tell us what you need and our pharmacy team contacts you.",
  },
  {
    path: "/weight-loss-form",
    id: "routes/weight-loss-form",
    formType: "weight_loss",
    title: "Medical Weight Loss Request",
    description: "Request a medical weight-loss treatment. Tell us about you and our pharmacy team contacts you.",
  },
]

/**
 * The page served at this path. Remix matches paths case-insensitively and with or without a
 * trailing slash, so they are compared the same way. Null for any other path.
 */
export function medicationFormPage(pathname: string): MedicationFormPage | null {
  const path = pathname.replace(/\/+$/, "").toLowerCase()
  return MEDICATION_FORM_PAGES.find((page) => page.path === path) ?? null
}
