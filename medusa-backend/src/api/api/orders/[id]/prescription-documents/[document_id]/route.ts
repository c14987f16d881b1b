import type { MedusaResponse } from "@medusajs/framework/http"

import { queryOrderByNumber } from "../../../../../../lib/orders/staff-orders"
import { PRESCRIPTION_MODULE } from "../../../../../../modules/prescription"
import type PrescriptionModuleService from "../../../../../../modules/prescription/service"
import { notFound } from "../../../../../utils/api-errors"
import type { StaffRequest } from "../../../../../utils/api-request"

/** A file name as a quoted-string of Content-Disposition: no quotes, backslashes or control characters; ASCII only. */
const asciiFileName = (name: string) => name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_")

/**
 * GET /api/orders/{unique_order_id}/prescription-documents/{document_id}/ (pharmacists, after
 * two-step sign-in; issue 24, decision 0053): a prescription document the patient uploaded for the
 * order, decrypted, as an attachment (never shown inline, never stored by a cache). The module
 * checks the role and writes a `read` audit entry per download.
 */
export async function GET(req: StaffRequest, res: MedusaResponse) {
  res.setHeader("Cache-Control", "no-store")
  const order = await queryOrderByNumber(req.scope, req.params.id, ["id"])
  if (!order) throw notFound("Order")
  const document = await req.scope.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).readOrderDocumentAsStaff({
    order_id: String(order.id),
    document_id: req.params.document_id,
    actor_id: req.staff!.user_id,
  })
  res.setHeader("Content-Type", document.content_type)
  res.setHeader("Content-Length", String(document.bytes.length))
  res.setHeader(
    "Content-Disposition",
    `attachment; filename="${asciiFileName(document.file_name)}"; filename*=UTF-8''${encodeURIComponent(document.file_name)}`
  )
  res.setHeader("X-Content-Type-Options", "nosniff")
  res.status(200).end(document.bytes)
}
