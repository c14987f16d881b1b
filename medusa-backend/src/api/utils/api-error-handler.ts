/** The application's error handler: legacy JSON for /api, Medusa's own handler everywhere else. */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { errorHandler } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

import { describeError, sendApiError } from "./api-errors"
import { applyCors, requestPath } from "./api-gateway"
import { InvalidInputError } from "./validate"

const medusaErrorHandler = errorHandler()

/**
 * A lock another request holds, in the words of Medusa's locking providers: Redis already throws a
 * CONFLICT, the in-memory (embedded default) and Postgres providers throw a plain Error, which
 * Medusa's handler would answer as an unknown 500. To a client all three mean "busy, retry" (409).
 */
const LOCK_REFUSED = /^(Failed to acquire lock for key "|".*" is already locked\.$|Timed-out acquiring lock\.$)/

export function asLockConflict(error: unknown): unknown {
  const message = error && typeof error === "object" && "message" in error ? error.message : null
  if (typeof message !== "string" || !LOCK_REFUSED.test(message)) return error
  if (error instanceof MedusaError && error.type === MedusaError.Types.CONFLICT) return error
  return new MedusaError(MedusaError.Types.CONFLICT, "This is being changed by another request. Please try again.")
}

/**
 * The application's error handler (defineMiddlewares' errorHandler): legacy
 * JSON for /api, Medusa's own handler for everything else, except bad input
 * to our Store API routes (validate.ts), which keeps its messages per field.
 * A refused lock is a 409 on every route (asLockConflict).
 */
export function apiAwareErrorHandler(thrown: unknown, req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const error = asLockConflict(thrown)
  const path = requestPath(req)
  if (!/^\/api(\/|$)/.test(path)) {
    if (error instanceof InvalidInputError && !res.headersSent) {
      const { detail, errors } = error
      res
        .status(400)
        .json({ type: MedusaError.Types.INVALID_DATA, message: detail, ...(errors && Object.keys(errors).length ? { errors } : {}) })
      return
    }
    return medusaErrorHandler(error as Error, req, res, next)
  }
  const { status, detail, errors, headers } = describeError(error)
  if (status >= 500) {
    const logger = req.scope?.resolve(ContainerRegistrationKeys.LOGGER) ?? console
    logger.error(`Error ${status} at ${req.method} ${path}: ${(error as Error)?.stack ?? String(error)}`)
  }
  if (res.headersSent) return
  applyCors(req, res) // errors raised before the gateway (malformed JSON) must be readable by the browser too
  for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value)
  sendApiError(res, status, detail, errors)
}
