/**
 * The product flags, kept in Medusa's product `metadata` (see
 * docs/decisions/0002-product-flags-in-metadata.md, amended by 0045 and 0059): the spec's two and
 * `refrigerated` (issue 25).
 * Always read and write them through these helpers: metadata is free-form
 * JSON that ops can also edit in Medusa Admin.
 *
 * Parsing is strict. A flag is true (`true`, `"true"`, `1`, `"1"`), false
 * (`false`, `"false"`, `0`, `"0"`) or absent (`undefined`, `null`: false).
 * Anything else is refused on write (`flagValueErrors`) and, on read, never
 * taken for "no": an unknown `prescription` value reads as prescription-only
 * and an unknown `refrigerated` value as refrigerated (both fail closed); an
 * unknown `is_popular` value reads as not popular.
 */
export type ProductFlags = {
  /** Prescription-only: shown with an Rx badge; orders containing it are held for review. */
  prescription: boolean
  /** Shown with a Popular badge and sorted first by "popularity". */
  is_popular: boolean
  /** Kept cold (insulin, GLP-1 pens): ships only by cold chain (decision 0059). */
  refrigerated: boolean
}

export const PRODUCT_FLAG_NAMES = ["prescription", "is_popular", "refrigerated"] as const
export type ProductFlagName = (typeof PRODUCT_FLAG_NAMES)[number]

const TRUE_VALUES: unknown[] = [true, 1, "true", "1"]
const FALSE_VALUES: unknown[] = [false, 0, "false", "0"]

/** A stored flag value: true, false, or "invalid" for anything that is neither (absent counts as false). */
export function parseFlagValue(value: unknown): boolean | "invalid" {
  if (value === undefined || value === null) return false
  if (TRUE_VALUES.includes(value)) return true
  if (FALSE_VALUES.includes(value)) return false
  return "invalid"
}

export function readProductFlags(metadata: Record<string, unknown> | null | undefined): ProductFlags {
  const prescription = parseFlagValue(metadata?.prescription)
  const popular = parseFlagValue(metadata?.is_popular)
  const refrigerated = parseFlagValue(metadata?.refrigerated)
  return {
    // Fail closed: a value nobody can read is not a "no".
    prescription: prescription === "invalid" ? true : prescription,
    is_popular: popular === true,
    refrigerated: refrigerated === "invalid" ? true : refrigerated,
  }
}

/** The message of a flag value refused on write. */
export const invalidFlagMessage = (name: ProductFlagName) =>
  `metadata.${name} must be true or false (got a value that is neither); the product was not changed.`

/** Messages for the flags of this metadata that hold a value that is neither true nor false (empty when all are fine). */
export function flagValueErrors(metadata: Record<string, unknown> | null | undefined): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const name of PRODUCT_FLAG_NAMES) {
    if (metadata && parseFlagValue(metadata[name]) === "invalid") errors[`metadata.${name}`] = invalidFlagMessage(name)
  }
  return errors
}

export function productFlagsMetadata(flags: Partial<ProductFlags>): Record<string, boolean> {
  const metadata: Record<string, boolean> = {}
  if (flags.prescription !== undefined) metadata.prescription = flags.prescription
  if (flags.is_popular !== undefined) metadata.is_popular = flags.is_popular
  if (flags.refrigerated !== undefined) metadata.refrigerated = flags.refrigerated
  return metadata
}

/** The schedules of the Controlled Substances Act a pharmacy may dispense (Schedule I is never sold). */
export const CONTROLLED_SCHEDULES = ["II", "III", "IV", "V"] as const
export type ControlledSchedule = (typeof CONTROLLED_SCHEDULES)[number]

/**
 * A product's controlled-substance schedule from `metadata.controlled_schedule` ("II" to "V", any
 * case): null when absent or blank. Fails closed: a value that is not a schedule reads as "II", the
 * strictest one that can be dispensed, so it is never taken for "not controlled".
 */
export function readControlledSchedule(metadata: Record<string, unknown> | null | undefined): ControlledSchedule | null {
  const value = metadata?.controlled_schedule
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "") || value === false) return null
  const text = String(value).trim().toUpperCase()
  return (CONTROLLED_SCHEDULES as readonly string[]).includes(text) ? (text as ControlledSchedule) : "II"
}
