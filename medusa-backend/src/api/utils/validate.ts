/**
 * The one validator of request input (decisions 0005, 0051): bodies, queries and headers of the
 * legacy `/api` and of our Store API routes, parsed with the shared zod schemas
 * (src/shared/schemas). Unknown fields are ignored, as the legacy API did; values are never
 * echoed. Bad input is an `InvalidInputError` (400), whose `detail` gives each field's first
 * message (nested fields say where they are) and `errors` one message per field. The
 * application's error handler (api-error-handler.ts) answers it in the namespace's shape:
 * `{"detail", "message", "errors"}` under /api, Medusa's `{"type": "invalid_data", "message",
 * "errors"}` elsewhere (Medusa's own handler would drop `errors`).
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { z } from "zod"

import { fieldErrors } from "../../shared/schemas/fields"
import { ApiError } from "./api-errors"

export class InvalidInputError extends ApiError {
  constructor(detail: string, errors?: Record<string, string>) {
    super(400, detail, errors)
    this.name = "InvalidInputError"
  }
}

/** The messages of a failed parse: detail (all of them) and one per field. */
export function invalidInput(error: z.ZodError): InvalidInputError {
  const errors = fieldErrors(error)
  const rootIsNotAnObject = error.issues.some((issue) => issue.path.length === 0 && issue.code === "invalid_type")
  if (rootIsNotAnObject) return new InvalidInputError("The request body must be a JSON object or a form.")
  // One message per field (the first), as in `errors`; nested fields say where they are.
  const seen = new Set<string>()
  const detail = error.issues
    .filter((issue) => {
      const key = issue.path.join(".") || "_"
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .map((issue) => (issue.path.length > 1 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ")
  return new InvalidInputError(detail || "Invalid input.", errors)
}

/** `input` parsed with `schema`; an InvalidInputError when it does not fit. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {})
  if (!result.success) throw invalidInput(result.error)
  return result.data
}

/** Validates the body (JSON, form or multipart fields) into `req.validatedBody`. */
export function validateBody(schema: z.ZodType) {
  return function validateRequestBody(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
    req.validatedBody = parseInput(schema, req.body)
    next()
  }
}

/** Validates the query string into `req.validatedQuery`. */
export function validateQuery(schema: z.ZodType) {
  return function validateRequestQuery(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
    req.validatedQuery = parseInput(schema, req.query) as MedusaRequest["validatedQuery"]
    next()
  }
}

/**
 * A request header parsed with `schema` (its first value when repeated); undefined when it is
 * absent. A header is not a field: bad input is its message alone, without `errors`.
 */
export function parseHeader<T extends z.ZodType>(req: MedusaRequest, name: string, schema: T): z.output<T> | undefined {
  const header = req.headers[name.toLowerCase()]
  if (header === undefined) return undefined
  const result = schema.safeParse(Array.isArray(header) ? header[0] : header)
  if (!result.success) throw new InvalidInputError(invalidInput(result.error).detail)
  return result.data
}
