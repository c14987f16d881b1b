import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import { orderPrescriptionState } from "../../../../../lib/orders/order-prescription"
import { awaitsPrescription, readStatusOrderByToken } from "../../../../../lib/orders/order-status-view"
import { PRESCRIPTION_MODULE } from "../../../../../modules/prescription"
import type PrescriptionModuleService from "../../../../../modules/prescription/service"
import { ORDER_STATUS_NOT_FOUND_MESSAGE, type OrderStatusDocument } from "../../../../../shared/dto/order-status"
import {
  DOCUMENT_MISSING_MESSAGE,
  DOCUMENT_NOT_AWAITED_MESSAGE,
  DOCUMENT_SIZE_MESSAGE,
  DOCUMENT_TYPE_MESSAGE,
  MAX_DOCUMENT_BYTES,
  sanitizeFileName,
  sniffDocumentType,
} from "../../../../../shared/prescription-documents"

type Answer = { document: OrderStatusDocument } | { type: string; message: string }

/**
 * POST /store/order-status/{token}/documents (multipart, one file `document`; issue 24, decision
 * 0053): the patient's prescription for an order awaiting review, through the status link of
 * their emails. A link that opens nothing answers the GET's 404; an order not awaiting a
 * prescription 409; a file over 10 MB 413 (documentUpload) and one that is not a PDF, JPEG, PNG or
 * HEIC by its first bytes 415, with nothing stored. Stored encrypted by the prescription module;
 * the answer is the name and date the status page lists.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse<Answer>) {
  res.setHeader("Cache-Control", "no-store")
  res.setHeader("X-Robots-Tag", "noindex")
  const order = await readStatusOrderByToken(req.scope, String(req.params.token ?? ""))
  if (!order) return res.status(404).json({ type: MedusaError.Types.NOT_FOUND, message: ORDER_STATUS_NOT_FOUND_MESSAGE })

  const state = await orderPrescriptionState(req.scope, order.id)
  if (order.status === "canceled" || !state.requires_prescription || !awaitsPrescription(state.review?.status)) {
    return res.status(409).json({ type: MedusaError.Types.CONFLICT, message: DOCUMENT_NOT_AWAITED_MESSAGE })
  }

  const file = req.file
  if (!file?.buffer?.length) return res.status(400).json({ type: MedusaError.Types.INVALID_DATA, message: DOCUMENT_MISSING_MESSAGE })
  if (file.buffer.length > MAX_DOCUMENT_BYTES) {
    return res.status(413).json({ type: MedusaError.Types.INVALID_DATA, message: DOCUMENT_SIZE_MESSAGE })
  }
  const contentType = sniffDocumentType(file.buffer)
  if (!contentType) return res.status(415).json({ type: MedusaError.Types.INVALID_DATA, message: DOCUMENT_TYPE_MESSAGE })

  const stored = await req.scope.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).storeOrderDocument({
    order_id: order.id,
    file_name: sanitizeFileName(file.originalname, contentType),
    content_type: contentType,
    bytes: file.buffer,
  })
  res.status(201).json({ document: { file_name: stored.file_name, uploaded_at: new Date(stored.created_at).toISOString() } })
}
