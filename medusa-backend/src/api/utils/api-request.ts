/**
 * Middlewares of the legacy `/api`: multipart bodies (multer; the same schema then validates a
 * JSON body and multipart fields, validate.ts), the optional product image, and staff
 * authentication.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import multer from "multer"

import { runAsStaffRequest } from "../../lib/staff-request-context"
import { IMAGE_EXTENSIONS, type ImageType, MAX_IMAGE_BYTES, sniffImageType } from "../../shared/schemas/product"
import { ApiError } from "./api-errors"
import { InvalidTokenError, type StaffIdentity, verifyApiToken } from "./api-tokens"

const limits = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 40 }
const withImage = multer({ storage: multer.memoryStorage(), limits }).single("image")
const fieldsOnly = multer({ storage: multer.memoryStorage(), limits }).none()

function multipart(parse: typeof withImage) {
  return function multipartBody(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
    if (!req.is("multipart/form-data")) return next()
    parse(req, res, (error: unknown) => {
      if (!error) return next()
      if (error instanceof multer.MulterError) {
        if (error.code === "LIMIT_FILE_SIZE") {
          return next(new ApiError(413, "The image must be at most 5 MB.", { image: "The image must be at most 5 MB." }))
        }
        if (error.code === "LIMIT_UNEXPECTED_FILE") {
          return next(
            new ApiError(
              400,
              parse === withImage ? `Only the "image" field may hold a file (got "${error.field}").` : "This call takes no files."
            )
          )
        }
        return next(new ApiError(400, `Invalid form data: ${error.message}.`))
      }
      next(new ApiError(400, "Malformed multipart form data."))
    })
  }
}

/**
 * Parses multipart/form-data (other content types pass through to the JSON
 * and form parsers): text fields into `req.body`, the optional `image` file
 * into `req.file`, at most 5 MB.
 */
export const multipartForm = multipart(withImage)

/** The same for calls that take no file: legacy clients may send any form as multipart. */
export const multipartFields = multipart(fieldsOnly)

export type UploadedImage = { content: string; mimeType: ImageType; extension: string }

/**
 * The uploaded image, checked by its content (PNG, JPEG, GIF or WebP; not
 * SVG, which can carry scripts). An empty file field means "no new image".
 */
export function uploadedImage(req: MedusaRequest): UploadedImage | null {
  const file = (req as MedusaRequest & { file?: { buffer: Buffer; size: number } }).file
  if (!file || file.size === 0) return null
  const mimeType = sniffImageType(file.buffer)
  if (!mimeType) {
    const message = "The image must be a PNG, JPEG, GIF or WebP picture."
    throw new ApiError(400, message, { image: message })
  }
  return { content: file.buffer.toString("base64"), mimeType, extension: IMAGE_EXTENSIONS[mimeType] }
}

export type StaffRequest = MedusaRequest & { staff?: StaffIdentity }

const UNAUTHENTICATED = { "WWW-Authenticate": 'Bearer realm="api"' }

/** Writes and the staff order view: a valid access token of a Medusa admin user, or 401. */
export async function requireStaff(req: StaffRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  const header = req.headers.authorization ?? ""
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!match) throw new ApiError(401, "Authentication credentials were not provided.", undefined, UNAUTHENTICATED)
  try {
    req.staff = await verifyApiToken(req.scope, match[1])
  } catch (error) {
    if (error instanceof InvalidTokenError) {
      throw new ApiError(401, `Given token not valid: ${error.message}.`, undefined, {
        "WWW-Authenticate": 'Bearer realm="api", error="invalid_token"',
      })
    }
    throw error
  }
  // The rest of the request knows who asks and how they signed in (the prescription module checks it, decision 0044).
  const context = { user_id: req.staff.user_id, mfa_verified: req.staff.mfa_verified === true }
  runAsStaffRequest({ ...context, method: req.method, path: req.originalUrl ?? req.url ?? "" }, () => next())
}
