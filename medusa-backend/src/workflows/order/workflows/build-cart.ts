/**
 * Builds a Medusa cart for an order's lines, the way Medusa prices carts:
 * prices from the price sets, DISCOUNT10 from the promotion module, tax from
 * the tax region, standard shipping from its provider. Shared by placing an
 * order and quoting one, so a quote shows exactly what the order will charge.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  addShippingMethodToCartWorkflow,
  createCartWorkflow,
  listShippingOptionsForCartWithPricingWorkflow,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"

import { queryRows } from "../../../lib/query-rows"
import { TOTALS_FIELDS } from "../../../shared/order-totals"
import { defaultChoiceOf } from "../../../shared/shipping-options"
import { STORE } from "../../../shared/store-constants"
import { type CartForTotals, checkOrderItemsStep, type OrderItemInput } from "../steps"

export type CartAddress = {
  first_name?: string
  last_name?: string
  company?: string
  address_1?: string
  address_2?: string
  city?: string
  province?: string
  postal_code?: string
  country_code: string
  phone?: string
}

export type BuildCartInput = {
  region_id: string
  sales_channel_id: string
  email?: string
  items: OrderItemInput[]
  discount_code?: string
  address: CartAddress
  metadata?: Record<string, unknown>
}

export const CART_FIELDS = [
  "id",
  ...TOTALS_FIELDS,
  "items.id",
  "items.variant_id",
  "items.product_id",
  "items.quantity",
  "items.unit_price",
  "items.product_title",
  "items.variant_title",
]

export const buildCartWorkflow = createWorkflow("build-priced-cart", (input: BuildCartInput) => {
  const checked = checkOrderItemsStep({ items: input.items })

  const cartInput = transform({ input }, ({ input }) => ({
    region_id: input.region_id,
    sales_channel_id: input.sales_channel_id,
    currency_code: STORE.currency,
    email: input.email,
    shipping_address: input.address,
    billing_address: input.address,
    items: input.items.map((item) => ({ variant_id: item.variant_id, quantity: item.quantity })),
    promo_codes: input.discount_code ? [input.discount_code] : [],
    metadata: input.metadata,
  }))
  const cart = createCartWorkflow.runAsStep({ input: cartInput })

  const options = listShippingOptionsForCartWithPricingWorkflow.runAsStep({
    input: transform({ cart }, ({ cart }) => ({ cart_id: cart.id })),
  })
  const shipping = transform({ options }, ({ options }) => {
    // Medusa lists what this cart may take (cold chain alone for a refrigerated item, decision 0059): its default.
    const offered = (options as { id: string; type?: { code?: string | null } | null }[]).map((o) => ({ ...o, code: o.type?.code ?? null }))
    const option = defaultChoiceOf(offered)
    if (!option) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Standard shipping is not available for this address")
    }
    return option
  })
  addShippingMethodToCartWorkflow.runAsStep({
    input: transform({ cart, shipping }, ({ cart, shipping }) => ({
      cart_id: cart.id,
      options: [{ id: shipping.id }],
    })),
  })

  const { data: carts } = useQueryGraphStep({
    entity: "cart",
    fields: CART_FIELDS,
    filters: transform({ cart }, ({ cart }) => ({ id: cart.id })),
  }).config({ name: "read-priced-cart" })

  return new WorkflowResponse(
    transform({ carts, checked }, ({ carts, checked }) => {
      const cart = queryRows<CartForTotals & { id: string }>(carts)[0]
      return { cart, requires_prescription: checked.requires_prescription }
    })
  )
})
