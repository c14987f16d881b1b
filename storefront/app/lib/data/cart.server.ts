/**
 * The shopper's Medusa cart (issue 13, decision 0043). The spec's cart stays a list in the
 * browser's localStorage (0010); behind it the server keeps one Medusa cart per browser, whose id
 * is in the signed, HttpOnly cookie `cart_id`, in step with that list: created on first need, its
 * line items added, updated and removed to match, with the US shipping country and a shipping
 * method (the shopper's choice, else Standard, or Cold chain for refrigerated items: decision 0059), so Medusa prices it (items, promotions, shipping, tax) exactly as the order
 * will be. A missing, deleted or completed cart is replaced without the shopper noticing.
 *
 * Every call here is made for a shopper: it takes that shopper's headers (`shopperHeaders`,
 * their address) so the backend's per-client limits count the shopper (decisions 0042, 0046).
 */
import type { HttpTypes } from "@medusajs/types"
import { type Cookie, createCookie } from "@remix-run/node"
import { type DisplayTotals, displayTotals, toCents } from "@shared/order-totals"
import { type PaymentOption, paymentOptions } from "@shared/payment-methods"
import { expectedShipDate } from "@shared/ship-date"
import { defaultChoiceOf, SHIPPING_CHOICES, shippingChoice } from "@shared/shipping-options"
import { STORE } from "@shared/store-constants"

import { config } from "~/lib/config.server"
import { MedusaApiError, sdk } from "~/lib/medusa.server"
import { signingKey } from "~/lib/signing.server"
import { validAttemptToken } from "~/modules/checkout/attempt.server"
import type { ShippingChoiceView } from "~/modules/checkout/checkout"

import { PLACED_ORDER_FIELDS, type PlacedOrder, placedOrderOf } from "./orders.server"

/** Headers of a backend call made for a shopper (app/lib/shopper.server.ts). */
export type ShopperHeaders = Record<string, string>

let cookie: Cookie | undefined

/**
 * Signed (decision 0046): a cart id the storefront did not set itself (typed, or an old unsigned
 * cookie) is no cart, so nobody can point their browser at someone else's cart. Made on first
 * use, since production refuses to sign without SESSION_SECRET.
 */
export function cartIdCookie(): Cookie {
  cookie ??= createCookie("cart_id", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 30 * 24 * 60 * 60,
    secure: config.isProduction,
    secrets: [signingKey("cart_id cookie")],
  })
  return cookie
}

/** The Set-Cookie that ends the browser's cart (its order was placed): the next change starts a new one. */
export const clearCartCookie = () => cartIdCookie().serialize("", { maxAge: 0, expires: new Date(0) })

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
  /** The shipping option of the cart's method (decision 0059), null while it has none. */
  shipping_option_id: string | null
  /** That option's type code (`standard`, `cold-chain`, ...), null while unknown: only Standard is free over $75. */
  shipping_option_code: string | null
  /** The method's name: the option's, as Medusa's refresh of the cart's methods keeps it. */
  shipping_method_name: string | null
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
    totals: displayTotals({ ...cart, discount_subtotal: "discount_subtotal" in cart ? cart.discount_subtotal : 0 }),
    promo_codes: (cart.promotions ?? []).map((promotion) => promotion.code).filter((code): code is string => Boolean(code)),
    has_shipping_method: (cart.shipping_methods ?? []).length > 0,
    shipping_option_id: cart.shipping_methods?.[0]?.shipping_option_id ?? null,
    shipping_option_code: optionCodes.get(cart.shipping_methods?.[0]?.shipping_option_id ?? "") ?? null,
    shipping_method_name: cart.shipping_methods?.[0]?.name ?? null,
  }
}

/**
 * Shipping option id → its type code, as Medusa listed the options for a cart. An option keeps its
 * code, so a process learns each id once (a few options; dropped whole if ops make many).
 */
const optionCodes = new Map<string, string | null>()

/** Makes sure the code of the cart's shipping option is known (one listing the first time this process sees the option). */
async function learnShippingOptionCode(cart: HttpTypes.StoreCart, headers: ShopperHeaders) {
  const id = cart.shipping_methods?.[0]?.shipping_option_id
  if (id && !optionCodes.has(id)) await listOfferedOptions(cart.id, headers)
}

let region: { at: number; value: Promise<string> } | null = null

/** The region the store sells in (the one with the United States), looked up once a minute. */
export function storeRegionId(): Promise<string> {
  if (region && Date.now() - region.at < 60_000) return region.value
  const value = sdk.store.region.list({ fields: "id,countries.iso_2", limit: 20 }, {}).then(({ regions }) => {
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

/**
 * Placing an order found its cart closed: already turned into an order (a double submit, a
 * retry) or gone. The backend answers both alike (404, decision 0046); the checkout then looks
 * for the order this attempt placed.
 */
export class CartClosedError extends Error {
  constructor(readonly cartId: string) {
    super("This cart was already ordered")
  }
}

/** The id in the browser's signed cart_id cookie, if it is one. */
export async function cartIdOf(request: Request): Promise<string | null> {
  const id = await cartIdCookie().parse(request.headers.get("Cookie"))
  return typeof id === "string" && /^cart_[0-9A-Z]{26}$/.test(id) ? id : null
}

/**
 * The cart behind this browser, while it can still be ordered. One that is gone or ordered
 * (Medusa answers 404 for both) is none, and the next change starts a new cart; with
 * `closed: "throw"` (placing an order) it is a CartClosedError instead.
 */
export async function readCart(
  request: Request,
  headers: ShopperHeaders,
  closed: "replace" | "throw" = "replace"
): Promise<HttpTypes.StoreCart | null> {
  return browserCart(request, closed, async (id) => (await sdk.store.cart.retrieve(id, { fields: CART_FIELDS }, headers)).cart)
}

/** The browser's cart as `call` answers it (a read, or a change that answers the cart), while it is open. */
async function browserCart(
  request: Request,
  closed: "replace" | "throw",
  call: (id: string) => Promise<HttpTypes.StoreCart>
): Promise<HttpTypes.StoreCart | null> {
  const id = await cartIdOf(request)
  if (!id) return null
  try {
    const cart = await call(id)
    if (!cart.completed_at) return cart
  } catch (error) {
    if (!(error instanceof MedusaApiError && error.type === "not_found")) throw error
  }
  if (closed === "throw") throw new CartClosedError(id)
  return null
}

const STANDARD_TIMING = SHIPPING_CHOICES[0]

/**
 * The options Medusa offers this cart (cold chain alone when it has a refrigerated item), unpriced:
 * a calculated option's amount is not in this answer. Learns each option's type code.
 */
async function listOfferedOptions(cartId: string, headers: ShopperHeaders): Promise<HttpTypes.StoreCartShippingOption[]> {
  const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cartId }, headers)
  if (optionCodes.size > 100) optionCodes.clear()
  for (const option of shipping_options) optionCodes.set(option.id, option.type?.code ?? null)
  return shipping_options
}

const rank = (code: string | null) => {
  const index = SHIPPING_CHOICES.findIndex((choice) => choice.code === code)
  return index < 0 ? SHIPPING_CHOICES.length : index
}

/** When an order placed now ships by the option of this type code (decision 0059). */
const shipDateOf = (code: string | null, now: Date) => expectedShipDate(now, shippingChoice(code) ?? STANDARD_TIMING)

/** The options Medusa offers this cart (cold chain alone when it has a refrigerated item), priced, in the store's order. */
export async function listShippingChoices(cartId: string, headers: ShopperHeaders, now = new Date()): Promise<ShippingChoiceView[]> {
  const offered = await listOfferedOptions(cartId, headers)
  const priced = await Promise.all(
    offered.map(async (option) => {
      // A calculated option (Standard: $9.99, free over $75) is priced for the cart on request, as Medusa's storefronts do.
      // Only its amount is taken: the answer does not carry the option's type.
      if (option.price_type !== "calculated") return option
      const { shipping_option } = await sdk.store.fulfillment.calculate(option.id, { cart_id: cartId }, {}, headers)
      return { ...option, amount: shipping_option.amount }
    })
  )
  return priced
    .map((option) => {
      const code = option.type?.code ?? null
      return {
        id: option.id,
        name: option.name,
        code,
        description: option.type?.description ?? shippingChoice(code)?.description ?? "",
        amount: toCents(option.amount) / 100,
        shipDate: shipDateOf(code, now),
      }
    })
    .sort((a, b) => rank(a.code) - rank(b.code))
}

/**
 * The cart's shipping method as the shopper's choice (name and expected ship date), without listing
 * the options again: every change of a Medusa cart refreshes its methods against the options it
 * offers the cart (dropping one no longer offered, renaming and repricing the others), so a cart
 * answered by Medusa carries only a method it offers. Null while the cart has none.
 */
export function chosenShipping(cart: ShopperCart, now = new Date()): { id: string; name: string; shipDate: string } | null {
  if (!cart.shipping_option_id) return null
  return { id: cart.shipping_option_id, name: cart.shipping_method_name ?? "", shipDate: shipDateOf(cart.shipping_option_code, now) }
}

/**
 * The cart's shipping method, so its totals include shipping as the order's will: the option asked
 * for when Medusa offers it, else the one the cart has, else the default (Standard, or Cold chain for
 * a refrigerated cart: the only one Medusa offers it). Medusa replaces the cart's method.
 */
async function withShippingMethod(
  cart: HttpTypes.StoreCart,
  headers: ShopperHeaders,
  wanted?: string | null
): Promise<HttpTypes.StoreCart> {
  if (!(cart.items ?? []).length) return cart
  const current = cart.shipping_methods?.[0]?.shipping_option_id ?? null
  if (current && (!wanted || wanted === current)) return cart
  // Only which options are offered matters here, not their prices.
  const offered = (await listOfferedOptions(cart.id, headers)).map((option) => ({ id: option.id, code: option.type?.code ?? null }))
  const option = offered.find((choice) => choice.id === wanted) ?? (current ? undefined : defaultChoiceOf(offered))
  if (!option || option.id === current) return cart // nothing ships to this address: the checkout says so
  return (await sdk.store.cart.addShippingMethod(cart.id, { option_id: option.id }, { fields: CART_FIELDS }, headers)).cart
}

/** The shopper's email and addresses, as an order puts them on the cart (Medusa may re-price shipping and tax for them). */
export type CheckoutDetails = { email: string; shipping_address: PostalAddress; billing_address: PostalAddress }

/**
 * Makes the browser's Medusa cart hold exactly these lines (creating one when there is none), with
 * the checkout's details when given, and answers it with the cookie to set when the cart is new.
 * Each Medusa call answers the cart, so the cart is never read again between steps: with details,
 * their update is the first call (a new cart gets them when it is created).
 */
export async function syncCart(
  request: Request,
  headers: ShopperHeaders,
  lines: CartLineRequest[],
  closed: "replace" | "throw" = "replace",
  shippingOptionId?: string | null,
  details?: CheckoutDetails
): Promise<{ cart: ShopperCart; setCookie: string | null }> {
  let cart = details
    ? await browserCart(request, closed, async (id) => (await sdk.store.cart.update(id, details, { fields: CART_FIELDS }, headers)).cart)
    : await readCart(request, headers, closed)
  let setCookie: string | null = null
  if (!cart) {
    const created = await sdk.store.cart.create(
      {
        region_id: await storeRegionId(),
        items: lines.map(({ variant_id, quantity }) => ({ variant_id, quantity })),
        shipping_address: { country_code: STORE.countryCode },
        ...details,
      },
      { fields: CART_FIELDS },
      headers
    )
    cart = created.cart
    setCookie = await cartIdCookie().serialize(cart.id)
  } else {
    cart = await applyLines(cart, lines, headers)
  }
  cart = await withShippingMethod(cart, headers, shippingOptionId)
  await learnShippingOptionCode(cart, headers)
  return { cart: shopperCart(cart), setCookie }
}

/** Adds, updates and removes line items so that the cart holds `lines` (one line per variant). */
async function applyLines(cart: HttpTypes.StoreCart, lines: CartLineRequest[], headers: ShopperHeaders): Promise<HttpTypes.StoreCart> {
  const wanted = new Map(lines.map((line) => [line.variant_id, line.quantity]))
  const query = { fields: CART_FIELDS }
  let current = cart
  for (const item of cart.items ?? []) {
    const quantity = item.variant_id ? wanted.get(item.variant_id) : undefined
    if (quantity === undefined) {
      const { parent } = await sdk.store.cart.deleteLineItem(cart.id, item.id, query, headers)
      if (parent) current = parent
    } else if (quantity !== item.quantity) {
      current = (await sdk.store.cart.updateLineItem(cart.id, item.id, { quantity }, query, headers)).cart
    }
    if (item.variant_id) wanted.delete(item.variant_id)
  }
  for (const [variant_id, quantity] of wanted) {
    current = (await sdk.store.cart.createLineItem(cart.id, { variant_id, quantity }, query, headers)).cart
  }
  return current
}

const appliedTo = (cart: ShopperCart, code: string) => cart.promo_codes.includes(code) && cart.totals.discount > 0

/**
 * Applies a promotion code to the cart through Medusa's promotions (DISCOUNT10, or any code ops
 * create in Medusa Admin), replacing any other; null removes them. A code Medusa does not know,
 * or one whose rules give this cart nothing, is not kept: the cart's totals are answered without it.
 * A code the cart already has is not sent again: each code sent is an attempt the backend counts
 * per shopper (decision 0046).
 */
export async function applyPromotionCode(
  current: ShopperCart,
  code: string | null,
  headers: ShopperHeaders
): Promise<{ cart: ShopperCart; applied: boolean }> {
  if (code && current.promo_codes.length === 1 && appliedTo(current, code)) return { cart: current, applied: true }
  if (!code && current.promo_codes.length === 0) return { cart: current, applied: false }
  const query = { fields: CART_FIELDS }
  try {
    const { cart } = await sdk.store.cart.update(current.id, { promo_codes: code ? [code] : [] }, query, headers)
    const view = shopperCart(cart)
    if (!code || appliedTo(view, code)) return { cart: view, applied: Boolean(code) }
  } catch (error) {
    if (!(error instanceof MedusaApiError && error.type === "invalid_data")) throw error
  }
  const { cart } = await sdk.store.cart.update(current.id, { promo_codes: [] }, query, headers)
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

/** The payment providers the store's region offers (Medusa Admin → Regions), as checkout options. */
export async function listPaymentOptions(headers: ShopperHeaders = {}): Promise<PaymentOption[]> {
  const { payment_providers } = await sdk.store.payment.listPaymentProviders({ region_id: await storeRegionId(), limit: 50 }, headers)
  return paymentOptions(payment_providers.map((provider) => provider.id))
}

/**
 * Pays with the chosen provider (a payment session) and completes the cart: Medusa creates the
 * order, and the pharmacy's rules (prescription hold, number, confirmation email) run in its
 * workflow. The completion answers the order (PLACED_ORDER_FIELDS): the Store API's order routes
 * are closed (decision 0046). A cart completed meanwhile (a double submit) is a CartClosedError.
 */
export async function completeCart(
  cartId: string,
  providerId: string,
  headers: ShopperHeaders
): Promise<{ order: PlacedOrder } | { refused: string }> {
  // Only what the payment session needs (the cart's id and payment collection): no totals computed.
  const cart = await openCart(cartId, "id,completed_at,payment_collection.id", headers)
  await sdk.store.payment.initiatePaymentSession(cart, { provider_id: providerId }, {}, headers)
  const result = await sdk.store.cart.complete(cartId, { fields: PLACED_ORDER_FIELDS }, headers)
  if (result.type === "order") return { order: placedOrderOf(result.order) }
  return { refused: result.error?.message || "The order could not be placed" }
}

/** The cart while it is open, else a CartClosedError (Medusa answers 404 for a cart ordered or gone). */
async function openCart(cartId: string, fields: string, headers: ShopperHeaders): Promise<HttpTypes.StoreCart> {
  try {
    const { cart } = await sdk.store.cart.retrieve(cartId, { fields }, headers)
    if (!cart.completed_at) return cart
  } catch (error) {
    if (!(error instanceof MedusaApiError && error.type === "not_found")) throw error
  }
  throw new CartClosedError(cartId)
}

/** What proves that an order was placed from this checkout form (decision 0046). */
export type AttemptProof = {
  /** The form's attempt token (app/modules/checkout/attempt.server.ts). */
  attempt: unknown
  /** The email the form carries now. */
  email: string
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * What became of `cartId` (the cart this checkout form was issued for, or the one found closed
 * while placing the order), when the form's attempt token was issued for it: still open (null);
 * an order with the form's lines and email (a retry, a double submit: that order); or "ordered"
 * (with other lines or another email, or too long ago to be shown: the form must not order again).
 * Without a valid token for that cart, null: nothing is asked about it. Medusa's completion is
 * idempotent and answers a completed cart's order for a grace period (decision 0046).
 */
export async function attemptOutcome(
  cartId: string | null,
  lines: CartLineRequest[],
  proof: AttemptProof,
  headers: ShopperHeaders
): Promise<{ order: PlacedOrder } | "ordered" | null> {
  if (!cartId || !validAttemptToken(proof.attempt, cartId)) return null
  try {
    await openCart(cartId, "id,completed_at", headers)
    return null
  } catch (error) {
    if (!(error instanceof CartClosedError)) throw error
  }
  try {
    const result = await sdk.store.cart.complete(cartId, { fields: PLACED_ORDER_FIELDS }, headers)
    if (result.type !== "order") return "ordered"
    const order = placedOrderOf(result.order)
    const ordered = new Map(order.lines.map((line) => [line.variant_id, line.quantity]))
    const same = ordered.size === lines.length && lines.every((line) => ordered.get(line.variant_id) === line.quantity)
    return same && sameEmail(order.email, proof.email) ? { order } : "ordered"
  } catch (error) {
    if (error instanceof MedusaApiError && error.type === "not_found") return "ordered"
    throw error
  }
}
