/**
 * The shopper's Medusa cart (issue 13, decision 0043). The spec's cart stays a list in the
 * browser's localStorage (0010); behind it the server keeps one Medusa cart per browser, whose id
 * is in the HttpOnly cookie `cart_id`, in step with that list: created on first need, its line
 * items added, updated and removed to match, with the US shipping country and the standard
 * shipping method, so Medusa prices it (items, promotions, shipping, tax) exactly as the order
 * will be. A missing, deleted or completed cart is replaced without the shopper noticing.
 */
import type { HttpTypes } from "@medusajs/types"
import { createCookie } from "@remix-run/node"
import { displayTotals, toCents, type MedusaTotals, type DisplayTotals } from "@shared/order-totals"
import { paymentOptions, type PaymentOption } from "@shared/payment-methods"
import { STORE } from "@shared/store-constants"
import { config } from "../config.server"
import { MedusaApiError, sdk } from "../medusa.server"
import { retrievePlacedOrder, type PlacedOrder } from "./orders.server"

export const cartIdCookie = createCookie("cart_id", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 30 * 24 * 60 * 60,
  secure: config.isProduction,
})

/** What every cart read asks Medusa for: the totals, the lines, the shipping method, the promotions. */
export const CART_FIELDS = [
  "id",
  "completed_at",
  "region_id",
  "email",
  "item_subtotal",
  "discount_subtotal",
  "shipping_subtotal",
  "tax_total",
  "total",
  "*items",
  "*shipping_methods",
  "*promotions",
  "*shipping_address",
  "*billing_address",
].join(",")

export type CartLineRequest = { variant_id: string; quantity: number }

export type ShopperCartLine = {
  item_id: string
  product_id: string
  variant_id: string
  quantity: number
  /** Dollars, Medusa's price for one unit. */
  unit_price: number
  /** Dollars, unit price × quantity, before discounts and tax. */
  line_total: number
}

/** A Medusa cart as the pages use it: dollars and the shopper's totals (0004). */
export type ShopperCart = {
  id: string
  lines: ShopperCartLine[]
  totals: DisplayTotals
  promo_codes: string[]
  has_shipping_method: boolean
}

export function shopperCart(cart: HttpTypes.StoreCart): ShopperCart {
  return {
    id: cart.id,
    lines: (cart.items ?? []).map((item) => {
      const unit = toCents(item.unit_price)
      return {
        item_id: item.id,
        product_id: item.product_id ?? "",
        variant_id: item.variant_id ?? "",
        quantity: item.quantity,
        unit_price: unit / 100,
        line_total: (unit * item.quantity) / 100,
      }
    }),
    // discount_subtotal is one of Medusa's cart totals (CART_FIELDS asks for it); HttpTypes omit it.
    totals: displayTotals(cart as unknown as MedusaTotals),
    promo_codes: (cart.promotions ?? []).map((promotion) => promotion.code).filter((code): code is string => Boolean(code)),
    has_shipping_method: (cart.shipping_methods ?? []).length > 0,
  }
}

let region: { at: number; value: Promise<string> } | null = null

/** The region the store sells in (the one with the United States), looked up once a minute. */
export function storeRegionId(): Promise<string> {
  if (region && Date.now() - region.at < 60_000) return region.value
  const value = sdk.store.region
    .list({ fields: "id,countries.iso_2", limit: 20 }, {})
    .then(({ regions }) => {
      const us = regions.find((r) => r.countries?.some((c) => c.iso_2 === STORE.countryCode)) ?? regions[0]
      if (!us) throw new Error("The store has no region: run the seed")
      return us.id
    })
  region = { at: Date.now(), value }
  value.catch(() => {
    if (region?.value === value) region = null
  })
  return value
}

/** Placing an order found its cart already turned into an order (a double submit): answer that order. */
export class CartCompletedError extends Error {
  constructor(readonly cartId: string) {
    super("This cart was already ordered")
  }
}

/** The id in the browser's cart_id cookie, if it looks like one. */
export async function cartIdOf(request: Request): Promise<string | null> {
  const id = await cartIdCookie.parse(request.headers.get("Cookie"))
  return typeof id === "string" && /^cart_[0-9A-Z]{26}$/.test(id) ? id : null
}

/**
 * The cart behind this browser, while it can still be ordered. A deleted one is none; a
 * completed one is none too (the next change starts a new cart), unless `completed` is "throw".
 */
export async function readCart(request: Request, completed: "replace" | "throw" = "replace"): Promise<HttpTypes.StoreCart | null> {
  const id = await cartIdOf(request)
  if (!id) return null
  try {
    const { cart } = await sdk.store.cart.retrieve(id, { fields: CART_FIELDS }, {})
    if (cart.completed_at && completed === "throw") throw new CartCompletedError(id)
    return cart.completed_at ? null : cart
  } catch (error) {
    if (error instanceof MedusaApiError && error.type === "not_found") return null
    throw error
  }
}

/** The standard shipping method, so the cart's totals include shipping as the order's will. */
async function withStandardShipping(cart: HttpTypes.StoreCart): Promise<HttpTypes.StoreCart> {
  if ((cart.shipping_methods ?? []).length > 0 || !(cart.items ?? []).length) return cart
  const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id }, {})
  const option = shipping_options.find((o) => o.name === STORE.shipping.optionName) ?? shipping_options[0]
  if (!option) return cart // nothing ships to this address: the checkout says so
  return (await sdk.store.cart.addShippingMethod(cart.id, { option_id: option.id }, { fields: CART_FIELDS }, {})).cart
}

/**
 * Makes the browser's Medusa cart hold exactly these lines (creating one when there is none)
 * and answers it with the cookie to set when the cart is new.
 */
export async function syncCart(
  request: Request,
  lines: CartLineRequest[],
  completed: "replace" | "throw" = "replace"
): Promise<{ cart: ShopperCart; setCookie: string | null }> {
  let cart = await readCart(request, completed)
  let setCookie: string | null = null
  if (!cart) {
    const created = await sdk.store.cart.create(
      {
        region_id: await storeRegionId(),
        items: lines.map(({ variant_id, quantity }) => ({ variant_id, quantity })),
        shipping_address: { country_code: STORE.countryCode },
      },
      { fields: CART_FIELDS },
      {}
    )
    cart = created.cart
    setCookie = await cartIdCookie.serialize(cart.id)
  } else {
    cart = await applyLines(cart, lines)
  }
  cart = await withStandardShipping(cart)
  return { cart: shopperCart(cart), setCookie }
}

/** Adds, updates and removes line items so that the cart holds `lines` (one line per variant). */
async function applyLines(cart: HttpTypes.StoreCart, lines: CartLineRequest[]): Promise<HttpTypes.StoreCart> {
  const wanted = new Map(lines.map((line) => [line.variant_id, line.quantity]))
  const query = { fields: CART_FIELDS }
  let current = cart
  for (const item of cart.items ?? []) {
    const quantity = item.variant_id ? wanted.get(item.variant_id) : undefined
    if (quantity === undefined) {
      const { parent } = await sdk.store.cart.deleteLineItem(cart.id, item.id, query, {})
      if (parent) current = parent
    } else if (quantity !== item.quantity) {
      current = (await sdk.store.cart.updateLineItem(cart.id, item.id, { quantity }, query, {})).cart
    }
    if (item.variant_id) wanted.delete(item.variant_id)
  }
  for (const [variant_id, quantity] of wanted) {
    current = (await sdk.store.cart.createLineItem(cart.id, { variant_id, quantity }, query, {})).cart
  }
  return current
}

/**
 * Applies a promotion code to the cart through Medusa's promotions (DISCOUNT10, or any code ops
 * create in Medusa Admin), replacing any other; null removes them. A code Medusa does not know,
 * or one whose rules give this cart nothing, is not kept: the cart's totals are answered without it.
 */
export async function applyPromotionCode(cartId: string, code: string | null): Promise<{ cart: ShopperCart; applied: boolean }> {
  const query = { fields: CART_FIELDS }
  try {
    const { cart } = await sdk.store.cart.update(cartId, { promo_codes: code ? [code] : [] }, query, {})
    const view = shopperCart(cart)
    if (!code || (view.promo_codes.includes(code) && view.totals.discount > 0)) return { cart: view, applied: Boolean(code) }
  } catch (error) {
    if (!(error instanceof MedusaApiError && error.type === "invalid_data")) throw error
  }
  const { cart } = await sdk.store.cart.update(cartId, { promo_codes: [] }, query, {})
  return { cart: shopperCart(cart), applied: false }
}

export type PostalAddress = {
  first_name: string
  last_name: string
  company?: string
  address_1: string
  address_2?: string
  city: string
  province?: string
  postal_code: string
  country_code: string
  phone?: string
}

/** The shopper's email and addresses on the cart (Medusa may re-price shipping and tax for them). */
export async function setCheckoutDetails(
  cartId: string,
  details: { email: string; shipping_address: PostalAddress; billing_address: PostalAddress }
): Promise<ShopperCart> {
  const { cart } = await sdk.store.cart.update(cartId, details, { fields: CART_FIELDS }, {})
  return shopperCart(await withStandardShipping(cart))
}

/** The payment providers the store's region offers (Medusa Admin → Regions), as checkout options. */
export async function listPaymentOptions(): Promise<PaymentOption[]> {
  const { payment_providers } = await sdk.store.payment.listPaymentProviders({ region_id: await storeRegionId(), limit: 50 }, {})
  return paymentOptions(payment_providers.map((provider) => provider.id))
}

/**
 * Pays with the chosen provider (a payment session) and completes the cart: Medusa creates the
 * order, and the pharmacy's rules (prescription hold, order number, confirmation email) run in
 * its workflow. Completing a cart twice answers the same order (Medusa's completion is idempotent).
 */
export async function completeCart(
  cartId: string,
  providerId: string,
  headers: Record<string, string> = {}
): Promise<{ order: PlacedOrder } | { refused: string }> {
  const { cart } = await sdk.store.cart.retrieve(cartId, { fields: "id,region_id,currency_code,total,completed_at,*payment_collection" }, {})
  if (!cart.completed_at) await sdk.store.payment.initiatePaymentSession(cart, { provider_id: providerId }, {}, {})
  const result = await sdk.store.cart.complete(cartId, {}, headers)
  if (result.type === "order") return { order: await retrievePlacedOrder(result.order.id) }
  return { refused: result.error?.message || "The order could not be placed" }
}

/**
 * When this browser's cart (or `cartId`, one made during this request) was already turned into
 * an order holding these lines (a retry, a double submit): that order.
 */
export async function orderOfCompletedCart(
  request: Request,
  lines: CartLineRequest[],
  cartId?: string | null
): Promise<{ cartId: string; order: PlacedOrder } | null> {
  const id = cartId ?? (await cartIdOf(request))
  if (!id) return null
  try {
    const { cart } = await sdk.store.cart.retrieve(id, { fields: "id,completed_at,*items" }, {})
    if (!cart.completed_at) return null
    const ordered = new Map((cart.items ?? []).map((item) => [item.variant_id, item.quantity]))
    const same = ordered.size === lines.length && lines.every((line) => ordered.get(line.variant_id) === line.quantity)
    if (!same) return null
    const result = await sdk.store.cart.complete(id, {}, {})
    return result.type === "order" ? { cartId: id, order: await retrievePlacedOrder(result.order.id) } : null
  } catch (error) {
    if (error instanceof MedusaApiError && error.type === "not_found") return null
    throw error
  }
}
