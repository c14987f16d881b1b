/**
 * Building blocks of the legacy `/api` payloads (spec §3, §5). Legacy clients
 * send numbers as JSON numbers or, in multipart forms, as strings; both are
 * accepted, anything else is refused with a message naming the field.
 */
import { z } from "zod"

/** "12", " 12.5 " -> number; anything else is left for zod to refuse. */
const numericString = (value: unknown) => (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value)

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6

/** A price in dollars: a number >= 0 with at most 2 decimals (spec: step 0.01). */
export const price = (label = "Price", max = 100_000) =>
  z.preprocess(
    numericString,
    z
      .number({ error: `${label} must be a number` })
      .finite(`${label} must be a number`)
      .min(0, `${label} must be at least 0`)
      .max(max, `${label} must be at most ${max}`)
      .refine(hasAtMostTwoDecimals, `${label} must have at most 2 decimals`)
      .transform((value) => Math.round(value * 100) / 100)
  )

/** An amount a client computed (order totals): any number >= 0, never trusted, only compared. */
export const clientAmount = (label: string) =>
  z.preprocess(
    numericString,
    z
      .number({ error: `${label} must be a number` })
      .finite(`${label} must be a number`)
      .min(0, `${label} must be at least 0`)
      .max(10_000_000)
  )

/** A stock quantity: a whole number >= 0. */
export const stock = (label = "Stock", max = 1_000_000) =>
  z.preprocess(
    numericString,
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(0, `${label} must be at least 0`)
      .max(max, `${label} must be at most ${max}`)
  )

/** An id as legacy clients send it: a string, or a number (the legacy backend's ids). */
export const entityId = (label: string) =>
  z.preprocess(
    (value) => (typeof value === "number" && Number.isInteger(value) ? String(value) : value),
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(100, `${label} is too long`)
  )

/**
 * An optional boolean flag (`is_popular`, `prescription`): JSON booleans or
 * form values ("true"/"false", "on", "1"/"0"). Absent stays undefined, so an
 * update leaves the flag as it is.
 */
export const optionalFlag = (label: string) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === "") return undefined
      if (value === "true" || value === "on" || value === "1" || value === 1) return true
      if (value === "false" || value === "off" || value === "0" || value === 0) return false
      return value
    },
    z.boolean({ error: `${label} must be true or false` }).optional()
  )

/** `limit`/`offset` paging of list calls (optional: without them, the whole list). */
export const paging = {
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(100, "limit must be at most 100")
    .optional(),
  offset: z.coerce
    .number({ error: "offset must be a whole number" })
    .int("offset must be a whole number")
    .min(0, "offset must be at least 0")
    .max(1_000_000)
    .optional(),
}
