import type { MedusaResponse } from "@medusajs/framework/http"

import { PRESCRIPTION_MODULE } from "../../../modules/prescription"
import type PrescriptionModuleService from "../../../modules/prescription/service"
import type { PrescriptionRequestSummary } from "../../../shared/dto/prescriptions"
import type { PrescriptionRequestListQuery } from "../../../shared/schemas/prescription-review"
import type { StaffRequest } from "../../utils/api-request"
import { isoDate } from "../../utils/iso-date"

/**
 * GET /api/prescription-requests/ (pharmacists): newest first, optionally one
 * form_type and one status, paged by limit/offset (X-Total-Count). Names and
 * emails only: the health fields are in the single-request view. Audited (one
 * `list` entry: who, the filters, the ids returned).
 */
export async function GET(req: StaffRequest, res: MedusaResponse) {
  const { form_type, status, limit, offset } = req.validatedQuery as PrescriptionRequestListQuery
  const prescriptions = req.scope.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
  const { requests, count } = await prescriptions.listRequestSummaries(
    req.staff!.user_id,
    { form_type, status },
    { skip: offset ?? 0, take: limit ?? 50 }
  )
  res.setHeader("X-Total-Count", String(count))
  const body: PrescriptionRequestSummary[] = requests.map((request) => ({
    ...request,
    created_at: isoDate(request.created_at),
    reviewed_at: request.reviewed_at ? isoDate(request.reviewed_at) : null,
  }))
  res.json(body)
}
