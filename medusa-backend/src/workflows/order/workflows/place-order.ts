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
 * `placeOrder` wraps the workflow with the idempotency record (decision 0047):
 * the key is reserved BEFORE anything is created (a pending row of the checkout
 * module), the workflow records the cart on it before completing the cart, and
 * the row is linked to the order after. However the placement is interrupted
 * (an error, a crash, a lost answer), the same key returns the same order, or
 * 409 while an attempt may still be running, never a second order; the
 * recovery job links what a crash left pending.
 */
import crypto from "node:crypto"

import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  completeCartWorkflow,
  createPaymentCollectionForCartWorkflow,
  createPaymentSessionsWorkflow,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"

import { orderPrescriptionState } from "../../../lib/orders/order-prescription"
import { ORDER_STATUS_FIELDS, type OrderForStatus, orderStatus, paymentAndFulfillment } from "../../../lib/orders/order-status"
import { queryRows } from "../../../lib/query-rows"
import { resolveStoreContext } from "../../../lib/store-context"
import { CHECKOUT_MODULE } from "../../../modules/checkout"
import type CheckoutModuleService from "../../../modules/checkout/service"
import type { OrderStatus } from "../../../shared/dto/orders"
import { type DisplayTotals, displayTotals, type MedusaTotals, TOTALS_FIELDS } from "../../../shared/order-totals"
import { paymentMethodOfProvider, paymentProviderId } from "../../../shared/payment-methods"
import type { PaymentMethod } from "../../../shared/store-constants"
import { checkExpectedTotalsStep, type ExpectedTotals, type OrderItemInput, recordCheckoutCartStep } from "../steps"
import { ABANDONED_AFTER_MS, finishCheckoutOrder, orderOfReservation, releaseReservation } from "../utils/checkout-reservation"
import { customerFacingError } from "../utils/customer-facing-error"
import { type BuildCartInput, buildCartWorkflow, type CartAddress } from "./build-cart"

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
  /** The reservation (checkout module) this placement fills. */
  checkout_order_id: string
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

/** An order as PLACED_ORDER_FIELDS read it. */
type PlacedOrderRow = OrderForStatus &
  MedusaTotals & {
    id: string
    custom_display_id: string
    order_prescription_review?: { status: string } | null
    payment_collections?: ({ payment_sessions?: ({ provider_id: string } | null)[] | null } | null)[] | null
  }

function toPlacedOrder(order: PlacedOrderRow, requiresPrescription: boolean): PlacedOrder {
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
  // Before the cart becomes an order: from now on the order can be found from the reservation.
  recordCheckoutCartStep(
    transform({ input, cartId }, ({ input, cartId }) => ({ checkout_order_id: input.checkout_order_id, cart_id: cartId }))
  )
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

  const { data: placed } = useQueryGraphStep({
    entity: "order",
    fields: PLACED_ORDER_FIELDS,
    filters: transform({ order }, ({ order }) => ({ id: order.id })),
  }).config({ name: "read-placed-order" })

  return new WorkflowResponse(
    transform({ placed, built }, ({ placed, built }) => toPlacedOrder(queryRows<PlacedOrderRow>(placed)[0], built.requires_prescription))
  )
})

/** The request's fingerprint: a key reused for a different order is refused. */
export const requestHash = (input: PlaceOrderInput) => {
  const { idempotency_key: _key, ...rest } = input
  return crypto.createHash("sha256").update(JSON.stringify(rest)).digest("hex")
}

const conflict = (message: string) => new MedusaError(MedusaError.Types.CONFLICT, message)
const STILL_RUNNING = "An order with this Idempotency-Key is still being processed. Please try again in a few minutes."

/**
 * The first step of a placement: with an idempotency key already used, the order
 * it made (linking it if an interrupted attempt did not), or 409 for a different
 * request or an attempt that may still be running; otherwise a new pending
 * reservation, written before anything else.
 */
export async function reserveCheckoutOrder(
  container: MedusaContainer,
  input: PlaceOrderInput,
  hash = requestHash(input)
): Promise<{ order: PlacedOrder } | { id: string }> {
  const checkout = container.resolve<CheckoutModuleService>(CHECKOUT_MODULE)
  const key = input.idempotency_key
  if (key) {
    const record = await checkout.retrieveByIdempotencyKey(key)
    if (record) {
      if (record.request_hash !== hash) throw conflict("This Idempotency-Key was already used for a different order")
      const orderId = await orderOfReservation(container, record)
      if (orderId) {
        if (record.status !== "placed") await finishCheckoutOrder(container, record.id, orderId)
        return { order: await readPlacedOrder(container, orderId) }
      }
      if (record.status === "placed") throw conflict("This Idempotency-Key was already used for an order that no longer exists")
      if (Date.now() - new Date(record.created_at).getTime() < ABANDONED_AFTER_MS) throw conflict(STILL_RUNNING)
      // The attempt ended before Medusa created the order: the key is free again.
      await releaseReservation(container, record.id)
    }
  }
  try {
    const reserved = await checkout.reserve({
      idempotency_key: key ?? null,
      request_hash: hash,
      shipping_address: input.shipping_address_text,
    })
    return { id: reserved.id }
  } catch (error) {
    // Another server reserved the same key a moment ago (the key is unique).
    if (key && (await checkout.retrieveByIdempotencyKey(key))) throw conflict(STILL_RUNNING)
    throw error
  }
}

/** Runs the placement for a reservation; when it fails and made no order, the reservation is released. */
export async function placeReservedOrder(
  container: MedusaContainer,
  input: PlaceOrderInput,
  checkoutOrderId: string
): Promise<PlacedOrder> {
  const context = await resolveStoreContext(container)
  try {
    const { result } = await placeOrderWorkflow(container).run({ input: { ...input, ...context, checkout_order_id: checkoutOrderId } })
    return result
  } catch (error) {
    await releaseReservation(container, checkoutOrderId).catch(() => false)
    throw customerFacingError(error)
  }
}

/** Places an order once per idempotency key; a repeated key returns the first order. */
export async function placeOrder(container: MedusaContainer, input: PlaceOrderInput): Promise<PlacedOrder> {
  const hash = requestHash(input)
  const run = async (): Promise<PlacedOrder> => {
    const reservation = await reserveCheckoutOrder(container, input, hash)
    if ("order" in reservation) return reservation.order
    const placed = await placeReservedOrder(container, input, reservation.id)
    try {
      await finishCheckoutOrder(container, reservation.id, placed.order_id)
    } catch (error) {
      // The order stands: a retry with the key or the recovery job links it.
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`Order ${placed.unique_order_id} was placed but not linked to its /api record yet: ${(error as Error).message}`)
    }
    return placed
  }
  if (!input.idempotency_key) return run()
  // One submission per key at a time (Redis locks across servers when REDIS_URL is set).
  return container.resolve(Modules.LOCKING).execute(`place-order:${input.idempotency_key}`, run, { timeout: 60 })
}

/** The answer for an order placed earlier (a repeated key). */
async function readPlacedOrder(container: MedusaContainer, orderId: string): Promise<PlacedOrder> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: PLACED_ORDER_FIELDS, filters: { id: orderId } })
  const { requires_prescription } = await orderPrescriptionState(container, orderId)
  return toPlacedOrder(queryRows<PlacedOrderRow>(data)[0], requires_prescription)
}
