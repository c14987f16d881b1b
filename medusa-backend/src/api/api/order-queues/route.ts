import type { MedusaResponse } from "@medusajs/framework/http"

import { readOrderQueue } from "../../../lib/orders/order-queues"
import type { OrderQueueQuery } from "../../../shared/schemas/order-queues"
import type { StaffRequest } from "../../utils/api-request"
import { isPharmacist } from "../../utils/pharmacist"

/**
 * GET /api/order-queues/ (staff; issue 24): one page of a work queue (`queue`: awaiting_payment,
 * ready_to_ship, awaiting_prescription_review, shipped, canceled), searched by order number or
 * email (`q`), `page`/`limit`, with the counts of every queue the caller may see
 * (`StaffOrderQueuePage`). The prescription review queue is a pharmacist's: 403 for other staff,
 * and not counted for them. Audited like every staff list (decision 0047).
 */
export async function GET(req: StaffRequest, res: MedusaResponse) {
  const request = req.validatedQuery as OrderQueueQuery
  res.json(await readOrderQueue(req.scope, request, { actor_id: req.staff!.user_id, pharmacist: await isPharmacist(req) }))
}
