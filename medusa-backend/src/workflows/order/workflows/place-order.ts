/**
 * Placing an order from the legacy payload (spec §3, `POST /api/orders/`)
 * through Medusa's own cart completion: prices, promotion, tax and shipping
 * come from Medusa, stock is reserved under Medusa's inventory locks, and every
 * step before completion is compensated if a later one fails. The pharmacy
 * rules (order number, prescription hold, per-variant stock lock, confirmation
 * email) are Medusa's hooks, module options and subscribers, the same for every
 * path to an order; this workflow only adds the legacy client's checks (its
 * total and prices) and its idempotency record.
 *
 * `placeOrder` wraps the workflow with the idempotency key: the same key
 * returns the same order, never a second one.
 */
import crypto from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  completeCartWorkflow,
  createPaymentCollectionForCartWorkflow,
  createPaymentSessionsWorkflow,
  createRemoteLinkStep,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import { customerFacingError } from "../utils/customer-facing-error"
import { ORDER_STATUS_FIELDS, orderStatus, paymentAndFulfillment, type OrderStatus } from "../../../lib/order-status"
import { displayTotals, TOTALS_FIELDS, type DisplayTotals } from "../../../lib/order-totals"
import { paymentMethodOfProvider, paymentProviderId } from "../../../lib/payment-providers"
import { resolveStoreContext } from "../../../lib/store-context"
import { CHECKOUT_MODULE } from "../../../modules/checkout"
import type CheckoutModuleService from "../../../modules/checkout/service"
import type { PaymentMethod } from "../../../shared/store-constants"
import { orderPrescriptionState } from "../../prescription/utils/order-prescription"
import { checkExpectedTotalsStep, type ExpectedTotals } from "../steps/check-expected-totals"
import type { OrderItemInput } from "../steps/check-order-items"
import { createCheckoutOrderStep } from "../steps/create-checkout-order"
import { buildCartWorkflow, type BuildCartInput, type CartAddress } from "./build-cart"

export type PlaceOrderInput = {
  email: string
  phone: string
  first_name?: string
  last_name?: string
  company?: string
  /** Structured, for Medusa (tax, shipping zone, fulfillment). */
  address: Omit<CartAddress, "phone" | "first_name" | "last_name" | "company">
  /** As the customer sent it, kept verbatim for staff and the legacy API. */
  shipping_address_text: string
  items: (OrderItemInput & { expected_unit_price?: number })[]
  payment_method: PaymentMethod
  discount_code?: string
  expected_total?: number
  idempotency_key?: string
}

type PlaceOrderWorkflowInput = PlaceOrderInput & {
  region_id: string
  sales_channel_id: string
  request_hash: string
}

export type PlacedOrder = {
  order_id: string
  unique_order_id: string
  status: OrderStatus
  totals: DisplayTotals
  payment_method: PaymentMethod
}

/** What a placed order answers with, read back from Medusa. */
const PLACED_ORDER_FIELDS = [
  "id",
  "custom_display_id",
  ...TOTALS_FIELDS,
  ...ORDER_STATUS_FIELDS,
  "order_prescription_review.status",
  "payment_collections.payment_sessions.provider_id",
]

function toPlacedOrder(order: any, requiresPrescription: boolean): PlacedOrder {
  const providerId = order.payment_collections?.[0]?.payment_sessions?.[0]?.provider_id ?? ""
  return {
    order_id: order.id,
    unique_order_id: order.custom_display_id,
    status: orderStatus({
      status: order.status,
      ...paymentAndFulfillment(order),
      requires_prescription: requiresPrescription,
      review_status: order.order_prescription_review?.status,
    }),
    totals: displayTotals(order),
    payment_method: paymentMethodOfProvider(providerId) as PaymentMethod,
  }
}

export const placeOrderWorkflow = createWorkflow("place-order", (input: PlaceOrderWorkflowInput) => {
  const cartInput = transform({ input }, ({ input }): BuildCartInput => ({
    region_id: input.region_id,
    sales_channel_id: input.sales_channel_id,
    email: input.email,
    items: input.items.map(({ product_id, variant_id, quantity }) => ({ product_id, variant_id, quantity })),
    discount_code: input.discount_code,
    address: {
      ...input.address,
      first_name: input.first_name,
      last_name: input.last_name,
      company: input.company,
      phone: input.phone,
    },
  }))
  const built = buildCartWorkflow.runAsStep({ input: cartInput })

  checkExpectedTotalsStep({
    cart: built.cart,
    expected: transform({ input }, ({ input }): ExpectedTotals => ({
      discount_code: input.discount_code,
      total: input.expected_total,
      unit_prices: Object.fromEntries(
        input.items.filter((i) => i.expected_unit_price !== undefined).map((i) => [i.variant_id, i.expected_unit_price!])
      ),
    })),
  })

  const cartId = transform({ built }, ({ built }) => built.cart.id as string)
  createPaymentCollectionForCartWorkflow.runAsStep({ input: transform({ cartId }, ({ cartId }) => ({ cart_id: cartId })) })
  const { data: withCollection } = useQueryGraphStep({
    entity: "cart",
    fields: ["payment_collection.id"],
    filters: transform({ cartId }, ({ cartId }) => ({ id: cartId })),
  }).config({ name: "read-payment-collection" })
  createPaymentSessionsWorkflow.runAsStep({
    input: transform({ withCollection, input }, ({ withCollection, input }) => ({
      payment_collection_id: withCollection[0].payment_collection!.id,
      provider_id: paymentProviderId(input.payment_method),
    })),
  })

  const order = completeCartWorkflow.runAsStep({ input: transform({ cartId }, ({ cartId }) => ({ id: cartId })) })

  const checkoutOrder = createCheckoutOrderStep(
    transform({ input }, ({ input }) => ({
      idempotency_key: input.idempotency_key,
      request_hash: input.request_hash,
      shipping_address: input.shipping_address_text,
    }))
  )
  createRemoteLinkStep(
    transform({ order, checkoutOrder }, ({ order, checkoutOrder }) => [
      { [Modules.ORDER]: { order_id: order.id }, [CHECKOUT_MODULE]: { checkout_order_id: checkoutOrder.id } },
    ])
  ).config({ name: "link-checkout-order" })

  const { data: placed } = useQueryGraphStep({
    entity: "order",
    fields: PLACED_ORDER_FIELDS,
    filters: transform({ order }, ({ order }) => ({ id: order.id })),
  }).config({ name: "read-placed-order" })

  return new WorkflowResponse(
    transform({ placed, built }, ({ placed, built }) => toPlacedOrder(placed[0], built.requires_prescription))
  )
})

const requestHash = (input: PlaceOrderInput) => {
  const { idempotency_key: _key, ...rest } = input
  return crypto.createHash("sha256").update(JSON.stringify(rest)).digest("hex")
}

/** Places an order once per idempotency key; a repeated key returns the first order. */
export async function placeOrder(container: MedusaContainer, input: PlaceOrderInput): Promise<PlacedOrder> {
  const hash = requestHash(input)
  const run = async (): Promise<PlacedOrder> => {
    if (input.idempotency_key) {
      const existing = await placedOrderForKey(container, input.idempotency_key)
      if (existing) {
        if (existing.request_hash !== hash) {
          throw new MedusaError(MedusaError.Types.CONFLICT, "This Idempotency-Key was already used for a different order")
        }
        return existing.order
      }
    }
    const context = await resolveStoreContext(container)
    try {
      const { result } = await placeOrderWorkflow(container).run({ input: { ...input, ...context, request_hash: hash } })
      return result
    } catch (error) {
      throw customerFacingError(error)
    }
  }
  if (!input.idempotency_key) return run()
  // One submission per key at a time (Redis locks across servers when REDIS_URL is set).
  return container.resolve(Modules.LOCKING).execute(`place-order:${input.idempotency_key}`, run, { timeout: 60 })
}

async function placedOrderForKey(container: MedusaContainer, key: string) {
  const record = await container.resolve<CheckoutModuleService>(CHECKOUT_MODULE).retrieveByIdempotencyKey(key)
  if (!record) return null
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "checkout_order",
    fields: ["id", ...PLACED_ORDER_FIELDS.map((f) => `order.${f}`)],
    filters: { id: record.id },
  })
  const order = (data[0] as any)?.order
  if (!order) return null
  const { requires_prescription } = await orderPrescriptionState(container, order.id)
  return { request_hash: record.request_hash, order: toPlacedOrder(order, requires_prescription) }
}
