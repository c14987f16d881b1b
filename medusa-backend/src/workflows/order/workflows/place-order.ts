/**
 * Placing an order (spec §3 order payload) through Medusa's own cart
 * completion: prices, promotion, tax and shipping come from Medusa, stock is
 * reserved under Medusa's inventory locks, and every step before completion is
 * compensated if a later one fails. After completion, the order gets its
 * customer-facing number (checkout module) and, when it contains a
 * prescription-only product, a pending prescription hold.
 *
 * `placeOrder` wraps the workflow with the idempotency key: the same key
 * returns the same order, never a second one.
 */
import crypto from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  completeCartWorkflow,
  createPaymentCollectionForCartWorkflow,
  createPaymentSessionsWorkflow,
  createRemoteLinkStep,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import { invalidateCatalog } from "../../../lib/catalog"
import { legacyOrderStatus } from "../../../lib/order-status"
import { legacyTotals, TOTALS_FIELDS, type LegacyTotals } from "../../../lib/order-totals"
import { paymentProviderId } from "../../../lib/payment-providers"
import { CHECKOUT_MODULE } from "../../../modules/checkout"
import type CheckoutModuleService from "../../../modules/checkout/service"
import { newPublicOrderId } from "../../../modules/checkout/service"
import { PRESCRIPTION_MODULE } from "../../../modules/prescription"
import { customerFacingError } from "../../../lib/customer-facing-error"
import { resolveStoreContext } from "../../../lib/store-context"
import type { PaymentMethod } from "../../../shared/store-constants"
import { buildCartWorkflow, type BuildCartInput, type CartAddress } from "./build-cart"
import { checkExpectedTotalsStep, type ExpectedTotals } from "../steps/check-expected-totals"
import { createCheckoutOrderStep } from "../steps/create-checkout-order"
import { createOrderPrescriptionReviewStep } from "../../prescription/steps/create-order-prescription-review"
import type { OrderItemInput } from "../steps/check-order-items"

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
  public_id: string
  request_hash: string
}

export type PlacedOrder = {
  order_id: string
  unique_order_id: string
  status: string
  totals: LegacyTotals
  payment_method: PaymentMethod
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
    // Copied onto the order: ops see the customer-facing number in Medusa Admin.
    metadata: { unique_order_id: input.public_id, payment_method: input.payment_method },
  }))
  const built = buildCartWorkflow.runAsStep({ input: cartInput })

  const totals = checkExpectedTotalsStep({
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
      data: { unique_order_id: input.public_id },
    })),
  })

  const order = completeCartWorkflow.runAsStep({ input: transform({ cartId }, ({ cartId }) => ({ id: cartId })) })

  const checkoutOrder = createCheckoutOrderStep(
    transform({ input }, ({ input }) => ({
      public_id: input.public_id,
      idempotency_key: input.idempotency_key,
      request_hash: input.request_hash,
      payment_method: input.payment_method,
      phone: input.phone,
      shipping_address: input.shipping_address_text,
    }))
  )
  createRemoteLinkStep(
    transform({ order, checkoutOrder }, ({ order, checkoutOrder }) => [
      { [Modules.ORDER]: { order_id: order.id }, [CHECKOUT_MODULE]: { checkout_order_id: checkoutOrder.id } },
    ])
  ).config({ name: "link-checkout-order" })

  const hold = when("hold-for-prescription", { built }, ({ built }) => built.requires_prescription).then(() => {
    const review = createOrderPrescriptionReviewStep({})
    createRemoteLinkStep(
      transform({ order, review }, ({ order, review }) => [
        { [Modules.ORDER]: { order_id: order.id }, [PRESCRIPTION_MODULE]: { order_prescription_review_id: review.id } },
      ])
    ).config({ name: "link-prescription-review" })
    return review
  })

  return new WorkflowResponse(
    transform({ order, input, totals, hold }, ({ order, input, totals, hold }): PlacedOrder => ({
      order_id: order.id,
      unique_order_id: input.public_id,
      status: legacyOrderStatus({ status: "pending" }, hold ? { status: "pending" } : null),
      totals,
      payment_method: input.payment_method,
    }))
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
          throw new MedusaError(
            MedusaError.Types.CONFLICT,
            "This Idempotency-Key was already used for a different order"
          )
        }
        return existing.order
      }
    }
    const context = await resolveStoreContext(container)
    try {
      // Orders for the same variants complete one at a time, so the loser of a race for the last
      // units is refused by Medusa's inventory check before completion, not inside
      // completeCartWorkflow's parallel reservation batch: a failure there can leave an orphaned
      // order and a stuck workflow (medusajs/medusa#16825). Keys are sorted: no deadlock.
      const { result } = await locking.execute(
        stockLockKeys(input),
        () =>
          placeOrderWorkflow(container).run({
            input: { ...input, ...context, public_id: newPublicOrderId(), request_hash: hash },
          }),
        { timeout: 60 }
      )
      invalidateCatalog("stock") // the order reserved stock
      return result
    } catch (error) {
      throw customerFacingError(error)
    }
  }
  // Redis locks across servers when REDIS_URL is set, in-memory otherwise.
  const locking = container.resolve(Modules.LOCKING)
  if (!input.idempotency_key) return run()
  // One submission per key at a time.
  return locking.execute(`place-order:${input.idempotency_key}`, run, { timeout: 60 })
}

const stockLockKeys = (input: PlaceOrderInput) =>
  [...new Set(input.items.map((item) => `stock:${item.variant_id}`))].sort()

async function placedOrderForKey(container: MedusaContainer, key: string) {
  const checkout = container.resolve<CheckoutModuleService>(CHECKOUT_MODULE)
  const record = await checkout.retrieveByIdempotencyKey(key)
  if (!record) return null
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "checkout_order",
    fields: [
      "id",
      "order.id",
      "order.status",
      "order.fulfillment_status",
      ...TOTALS_FIELDS.map((f) => `order.${f}`),
      "order.order_prescription_review.status",
    ],
    filters: { id: record.id },
  })
  const order = (data[0] as any)?.order
  if (!order) return null
  return {
    request_hash: record.request_hash,
    order: {
      order_id: order.id,
      unique_order_id: record.public_id,
      status: legacyOrderStatus(order, order.order_prescription_review),
      totals: legacyTotals(order),
      payment_method: record.payment_method,
    } satisfies PlacedOrder,
  }
}
