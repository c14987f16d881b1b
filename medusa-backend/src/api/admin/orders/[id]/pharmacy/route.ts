import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"

import { readOrderPharmacyView } from "../../../../../lib/orders/order-pharmacy-view"
import type { OrderPharmacyView } from "../../../../../shared/dto/order-pharmacy"

/**
 * The pharmacy's state of an order for Medusa Admin's order page (issue 24): order number, payment
 * in the shop's words, the prescription hold, how the customer was asked to pay. Under /admin, so
 * Medusa lets only signed-in admin users in; personal, so never stored by a cache.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse<{ pharmacy: OrderPharmacyView }>) {
  res.setHeader("Cache-Control", "no-store")
  const pharmacy = await readOrderPharmacyView(req.scope, String(req.params.id))
  if (!pharmacy) throw new MedusaError(MedusaError.Types.NOT_FOUND, "This order is not one of the shop's orders (a draft, or none).")
  res.json({ pharmacy })
}
