/**
 * The multipart body of a patient's prescription document upload (issue 24): one file field,
 * `document`, held in memory, at most 10 MB. Over the size, or another file field, the answer is a
 * Store API error (`{ type, message }`) before anything is stored.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import multer from "multer"

import { DOCUMENT_MISSING_MESSAGE, DOCUMENT_SIZE_MESSAGE, MAX_DOCUMENT_BYTES } from "../../shared/prescription-documents"

const parse = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
}).single("document")

const refuse = (res: MedusaResponse, status: number, message: string) =>
  res.status(status).json({ type: MedusaError.Types.INVALID_DATA, message })

export function documentUpload(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  res.setHeader("Cache-Control", "no-store")
  if (!req.is("multipart/form-data")) return refuse(res, 400, DOCUMENT_MISSING_MESSAGE)
  parse(req, res, (error: unknown) => {
    if (!error) return next()
    if (error instanceof multer.MulterError) {
      if (error.code === "LIMIT_FILE_SIZE") return refuse(res, 413, DOCUMENT_SIZE_MESSAGE)
      if (error.code === "LIMIT_UNEXPECTED_FILE") return refuse(res, 400, `Only the "document" field may hold a file.`)
      return refuse(res, 400, `Invalid form data: ${error.message}.`)
    }
    refuse(res, 400, "Malformed multipart form data.")
  })
}
