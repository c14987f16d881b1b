import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { z } from "zod"

import { invalidInput } from "./api-request"

/** Parses with a shared zod schema; bad input becomes a 400 naming each field, values never echoed. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const message = result.error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ")
  throw new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

/**
 * A Store API route's body, validated with a shared zod schema into `req.validatedBody`
 * (unknown fields are ignored). Invalid input is Medusa's 400 `invalid_data`, whose message
 * joins each field's message (as the legacy /api's `detail`), with one message per field
 * under `errors`; values are never echoed. Answered here because Medusa's error handler
 * keeps only the type and message.
 */
export function validateStoreBody(schema: z.ZodType) {
  return function validateStoreApiBody(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
    const result = schema.safeParse(req.body ?? {})
    if (result.success) {
      req.validatedBody = result.data
      return next()
    }
    const { detail, errors } = invalidInput(result.error)
    res
      .status(400)
      .json({ type: MedusaError.Types.INVALID_DATA, message: detail, ...(errors && Object.keys(errors).length ? { errors } : {}) })
  }
}
