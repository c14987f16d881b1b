import { MedusaError } from "@medusajs/framework/utils"
import type { z } from "zod"

/** Parses with a shared zod schema; bad input becomes a 400 naming each field, values never echoed. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const message = result.error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ")
  throw new MedusaError(MedusaError.Types.INVALID_DATA, message)
}
