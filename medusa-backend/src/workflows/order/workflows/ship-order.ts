/**
 * Staff ship an order with a carrier and tracking number (issue 24): Medusa's own
 * createOrderFulfillmentWorkflow fulfils every unit not fulfilled yet (stock leaves the
 * warehouse, its reservations go), then createOrderShipmentWorkflow marks that fulfilment
 * shipped with the tracking label, as Medusa Admin's "Create fulfillment" and "Mark as shipped"
 * do. So the fulfilment gate (paid, prescription approved: src/workflows/hooks/create-order-fulfillment.ts)
 * holds, Medusa Admin and the Admin API see the shipment, and `shipment.created` sends the
 * customer the shipped email with the tracking (src/subscribers/order-emails.ts).
 *
 * Under the order's payment lock, the one mark-paid and cancel take: a ship and a cancel never
 * interleave, and a second ship of the same order (a double click) finds nothing left to ship.
 * The refusals come first, before anything is created; a shipment that fails rolls the
 * fulfilment back (Medusa's compensation).
 */
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  createOrderFulfillmentWorkflow,
  createOrderShipmentWorkflow,
  releaseLockStep,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"

import { type Carrier, CARRIER_RULES, trackingLabel } from "../../../shared/shipping-carriers"
import { planOrderShipmentStep, SHIP_ORDER_FIELDS, type ShippableOrderRow } from "../steps"
import { orderPaymentLockKey } from "../utils/payment-lock"

export type ShipOrderInput = { order_id: string; carrier: Carrier; tracking_number: string; actor_id: string }

export const shipOrderWorkflow = createWorkflow("ship-order", (input: ShipOrderInput) => {
  const lockKey = transform({ input }, ({ input }) => orderPaymentLockKey(input.order_id))
  acquireLockStep({ key: lockKey, timeout: 10, ttl: 60 })
  const { data: orders } = useQueryGraphStep({ entity: "order", fields: SHIP_ORDER_FIELDS, filters: { id: input.order_id } })
  const plan = planOrderShipmentStep({
    order: transform({ orders }, ({ orders }) => {
      const order: ShippableOrderRow | undefined = orders[0]
      return order
    }),
  })
  const fulfillment = createOrderFulfillmentWorkflow.runAsStep({
    input: transform({ input, plan }, ({ input, plan }) => ({
      order_id: input.order_id,
      items: plan.items,
      created_by: input.actor_id,
      // The carrier's name, which the customer's email and status page show (order-status-view.ts).
      metadata: {
        carrier_code: input.carrier,
        ...(CARRIER_RULES[input.carrier].name ? { carrier: CARRIER_RULES[input.carrier].name } : {}),
      },
    })),
  })
  createOrderShipmentWorkflow.runAsStep({
    input: transform({ input, plan, fulfillment }, ({ input, plan, fulfillment }) => ({
      order_id: input.order_id,
      fulfillment_id: fulfillment.id,
      items: plan.items,
      created_by: input.actor_id,
      labels: [trackingLabel(input.carrier, input.tracking_number)],
    })),
  })
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(transform({ fulfillment }, ({ fulfillment }) => ({ fulfillment_id: fulfillment.id })))
})
