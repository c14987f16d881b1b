/** Small zod building blocks shared by the payload schemas. */
import { z } from "zod"

/** A required text field: trimmed, non-blank, bounded. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

/** An optional text field: trimmed, bounded, "" when absent. */
export const optionalText = (label: string, max = 2000) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .default("")

export const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"))

export const phone = z
  .string({ error: "Phone is required" })
  .trim()
  .min(1, "Phone is required")
  .max(40, "Phone is too long")
  .regex(/^[0-9+().\-\s]{7,}$/, "Enter a valid phone number")

/** Booleans from JSON (true/false) or HTML forms ("on", "true", "false", absent). */
export const formBoolean = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === "") return false
    if (value === "on" || value === "true" || value === "1") return true
    if (value === "false" || value === "0" || value === "off") return false
    return value
  },
  z.boolean({ error: "Must be true or false" })
)

/** Field errors keyed by field name, first message per field: what forms and the legacy API show. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_"
    if (!errors[key]) errors[key] = issue.message
  }
  return errors
}
