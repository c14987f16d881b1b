/**
 * No prescription medicine ships without a pharmacist: fulfilment of an order
 * that contains a prescription-only product is refused unless its prescription
 * review is approved. Inside createOrderFulfillmentWorkflow, so Medusa Admin,
 * the Admin API and any plugin are held to it. The workflow has no hook before
 * the fulfilment is created, so this one refuses right after, and Medusa rolls
 * the fulfilment back (inventory, reservations and the provider's fulfilment
 * included). Decided from the order's lines as they entered the order and as
 * their products are now (decision 0045: a flag switched off later releases
 * nothing), and from the review: it must be approved and cover every
 * prescription line the order has now (a line an edit, exchange or claim added
 * after the approval is not covered, before any subscriber runs). A missing
 * review means "refused".
 */
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"

import { assertMayShip, orderPrescriptionState } from "../../lib/orders/order-prescription"

createOrderFulfillmentWorkflow.hooks.fulfillmentCreated(async ({ fulfillment }, { container }) => {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "fulfillment", fields: ["id", "order.id"], filters: { id: fulfillment.id } })
  const orderId = (data[0] as { order?: { id: string } | null } | undefined)?.order?.id
  if (!orderId) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This fulfilment belongs to no order; it was not created.")
  assertMayShip(await orderPrescriptionState(container, orderId))
  return new StepResponse(undefined)
})
