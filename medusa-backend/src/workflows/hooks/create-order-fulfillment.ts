/**
 * Nothing ships before it is paid, and no prescription medicine ships without a
 * pharmacist (decision 0034). Fulfilment of an order whose payment is not
 * captured is refused (issue 24: the confirmation promises "we ship as soon as
 * the payment arrives"), and so is fulfilment of an order that contains a
 * prescription-only product unless its prescription review is approved; the
 * prescription reason is given first when both apply. Inside
 * createOrderFulfillmentWorkflow, so Medusa Admin, the Admin API, the staff
 * area's "Ship" and any plugin are held to it. The workflow has no hook before
 * the fulfilment is created, so this one refuses right after, and Medusa rolls
 * the fulfilment back (inventory, reservations and the provider's fulfilment
 * included). Decided from the order's lines as they entered the order and as
 * their products are now (decision 0045: a flag switched off later releases
 * nothing), and from the review: it must be approved and cover every
 * prescription line the order has now (a line an edit, exchange or claim added
 * after the approval is not covered, before any subscriber runs). A missing
 * review means "refused". Payment: src/lib/orders/order-payment.ts. Prescription items
 * also ship only to a state the pharmacy serves (order/utils/rx-ship-states.ts, issue 25), and
 * refrigerated items only by cold chain (order/utils/cold-chain.ts, decision 0059: a draft order
 * gets its shipping after it is created, so this is where its choice is checked).
 */
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { StepResponse } from "@medusajs/framework/workflows-sdk"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"

import { assertOrderPaidForShipping } from "../../lib/orders/order-payment"
import { assertMayShip, orderPrescriptionState } from "../../lib/orders/order-prescription"
import { assertOrderShipsColdChain } from "../order/utils/cold-chain"
import { assertRxStateServed, orderShippingProvince } from "../order/utils/rx-ship-states"

createOrderFulfillmentWorkflow.hooks.fulfillmentCreated(async ({ fulfillment }, { container }) => {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "fulfillment", fields: ["id", "order.id"], filters: { id: fulfillment.id } })
  const orderId = (data[0] as { order?: { id: string } | null } | undefined)?.order?.id
  if (!orderId) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This fulfilment belongs to no order; it was not created.")
  const prescription = await orderPrescriptionState(container, orderId)
  assertMayShip(prescription)
  if (prescription.requires_prescription) await assertRxStateServed(container, await orderShippingProvince(container, orderId))
  await assertOrderShipsColdChain(container, orderId)
  await assertOrderPaidForShipping(container, orderId)
  return new StepResponse(undefined)
})
