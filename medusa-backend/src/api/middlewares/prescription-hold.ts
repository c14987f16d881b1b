import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * An order waiting for prescription review (or rejected) must not ship:
 * refuses Medusa Admin's "create fulfillment" for it with 409.
 */
export async function refuseFulfillmentOfHeldOrders(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const orderId = req.params.id ?? /\/admin\/orders\/([^/]+)\/fulfillments/.exec(req.path)?.[1]
  if (!orderId) return next()
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "order_prescription_review.status"],
    filters: { id: orderId },
  })
  const status = (data[0] as any)?.order_prescription_review?.status
  if (status === "pending" || status === "rejected") {
    res.status(409).json({
      type: "not_allowed",
      message:
        status === "pending"
          ? "This order is awaiting prescription review and cannot be fulfilled until a pharmacist approves it."
          : "This order's prescription was rejected; it cannot be fulfilled.",
    })
    return
  }
  next()
}
