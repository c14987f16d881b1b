/**
 * Errors of the legacy `/api` (spec §8): JSON a legacy client can show,
 * `{"detail": "..."}`, with `message` equal to `detail` (what
 * @medusajs/js-sdk's FetchError shows) and, for invalid input, the message of
 * each field under `errors`. Never a stack trace; an unexpected failure is a
 * plain 500 "A server error occurred." and is logged on the server.
 */
import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>
  ) {
    super(detail)
  }
}

export const notFound = (what: string) => new ApiError(404, `${what} not found.`)

export function sendApiError(res: MedusaResponse, status: number, detail: string, errors?: Record<string, string>) {
  res.status(status).json({ detail, message: detail, ...(errors && Object.keys(errors).length ? { errors } : {}) })
}

const MEDUSA_STATUS: Record<string, number> = {
  [MedusaError.Types.INVALID_DATA]: 400,
  [MedusaError.Types.NOT_ALLOWED]: 400,
  [MedusaError.Types.INVALID_ARGUMENT]: 400,
  [MedusaError.Types.NOT_FOUND]: 404,
  [MedusaError.Types.CONFLICT]: 409,
  [MedusaError.Types.DUPLICATE_ERROR]: 409,
  [MedusaError.Types.UNAUTHORIZED]: 401,
  [MedusaError.Types.FORBIDDEN]: 403,
}

/** A Medusa record id: a prefix and a 26-character ULID (prod_01H..., iitem_01H...). */
const MEDUSA_ID = /\b[a-z][a-z0-9]*_[0-9A-HJKMNP-TV-Z]{26}\b/
const ID_SRC = MEDUSA_ID.source

/**
 * Messages staff and customers read never show internal ids: Medusa's own
 * messages ("... reservations: [iitem_01H...]", "Product with id: prod_01H...
 * was not found") lose them and still read as sentences.
 */
export function withoutInternalIds(message: string): string {
  if (!MEDUSA_ID.test(message)) return message
  return message
    .replace(new RegExp(`\\s*with (?:the )?ids?:?\\s*(?:\\[[^\\]]*\\]|${ID_SRC}(?:\\s*,\\s*${ID_SRC})*)`, "gi"), "")
    .replace(new RegExp(`:?\\s*\\[[^\\]]*${ID_SRC}[^\\]]*\\]`, "g"), "")
    .replace(new RegExp(`["']?${ID_SRC}["']?`, "g"), "")
    .replace(/\s{2,}/g, " ")
    .replace(/\s+([.,;:!?])/g, "$1")
    .replace(/:([.!?])/g, "$1")
    .trim()
}

/** Status, detail and field messages of any error thrown while serving an /api call. */
export function describeError(error: unknown): {
  status: number
  detail: string
  errors?: Record<string, string>
  headers?: Record<string, string>
} {
  const described = describeRawError(error)
  return {
    ...described,
    detail: withoutInternalIds(described.detail),
    ...(described.errors
      ? {
          errors: Object.fromEntries(
            Object.entries(described.errors).map(([field, message]) => [field, withoutInternalIds(String(message))])
          ),
        }
      : {}),
  }
}

function describeRawError(error: unknown): {
  status: number
  detail: string
  errors?: Record<string, string>
  headers?: Record<string, string>
} {
  if (error instanceof ApiError) return { status: error.status, detail: error.detail, errors: error.errors, headers: error.headers }
  const e = (error ?? {}) as { type?: unknown; status?: unknown; statusCode?: unknown; message?: unknown; expose?: unknown }
  // body-parser and other HTTP errors (malformed JSON, payload too large, bad encoding): http-errors set `expose`.
  const httpStatus = Number(e.statusCode ?? e.status)
  if (typeof e.expose === "boolean" && httpStatus >= 400 && httpStatus < 500) {
    return { status: httpStatus, detail: httpDetail(httpStatus, error) }
  }
  const type = typeof e.type === "string" ? e.type : undefined
  if (type && MEDUSA_STATUS[type]) {
    const errors = (error as { errors?: unknown }).errors
    return {
      status: MEDUSA_STATUS[type],
      detail: String(e.message || "Invalid request."),
      ...(errors && typeof errors === "object" && !Array.isArray(errors) ? { errors: errors as Record<string, string> } : {}),
    }
  }
  return { status: 500, detail: "A server error occurred." }
}

function httpDetail(status: number, error: unknown): string {
  const type = (error as { type?: string }).type
  if (type === "entity.parse.failed") return "Malformed JSON in the request body."
  if (type === "entity.too.large" || status === 413) return "The request body is too large."
  if (status === 415 || type === "encoding.unsupported" || type === "charset.unsupported") return "Unsupported request encoding."
  return "Invalid request."
}
