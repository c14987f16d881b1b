/**
 * The checkout on the server (spec §2, §3, §5, §8; issue 13): the Billing Details form is
 * validated with zod built from the backend's own field schemas; then the browser's Medusa cart
 * (app/lib/data/cart.server.ts) gets the lines, the shopper's email and addresses and the
 * promotion code, Medusa prices it (the browser's total is only compared, never used), a
 * payment session is opened with the chosen provider and the cart is completed. Completing a
 * cart is idempotent: a double click or a retry from the same form answers the same order (its
 * attempt token and email prove it, decision 0046). Every backend call carries the shopper's
 * address (shopperHeaders), so the backend's per-client limits count the shopper.
 * See docs/decisions/0020-checkout-flow.md, 0043-storefront-on-medusa-cart.md and 0046.
 */
import { setTimeout as delay } from "node:timers/promises"

import { FetchError } from "@medusajs/js-sdk"
import type { AppLoadContext } from "@remix-run/node"
import { formatShippingAddress, isUnitedStates, US_STATES } from "@shared/address"
import { COUNTRIES, DEFAULT_COUNTRY } from "@shared/countries"
import { paymentLabel } from "@shared/payment-methods"
import { email, fieldErrors, formBoolean, optionalText, phone, requiredText } from "@shared/schemas/fields"
import { z } from "zod"

import { backendMessage, noBackendAnswer } from "~/lib/backend-errors.server"
import {
  applyPromotionCode,
  attemptOutcome,
  CartClosedError,
  clearCartCookie,
  completeCart,
  listPaymentOptions,
  listShippingChoices,
  type PostalAddress,
  setCheckoutDetails,
  type ShopperCart,
  syncCart,
} from "~/lib/data/cart.server"
import { productsByIds } from "~/lib/data/catalog.server"
import { type PlacedOrder, placedOrderStatus } from "~/lib/data/orders.server"
import { MedusaApiError } from "~/lib/medusa.server"
import { shopperHeaders } from "~/lib/shopper.server"
import { cartSignature } from "~/modules/cart/cart"
import { parseRequestedLines, type RefreshedLine, refreshLines, type RequestedLine } from "~/modules/cart/cart-refresh"
import { cartOfAttempt, issueAttemptToken } from "~/modules/checkout/attempt.server"
import {
  type CheckoutQuote,
  CHOOSE_SHIPPING,
  failedToPlaceOrder,
  INVALID_DISCOUNT,
  type OrderAnswer,
  type QuoteAnswer,
  type ShippingChoiceView,
} from "~/modules/checkout/checkout"

const COUNTRY_NAMES = new Set(COUNTRIES.map((c) => c.name))
const STATE_NAMES = new Set<string>(US_STATES)
const US_ZIP = /^\d{5}(-\d{4})?$/

export const SHIP_TO_US_ONLY = "We ship to the United States only"
const UNAVAILABLE = "The store is temporarily unavailable. Please try again in a few minutes."
const QUOTE_UNAVAILABLE = "We couldn't calculate your totals right now. Please try again."
export const REVIEW_CART = "Some items in your cart changed or are no longer available"
const REVIEW_CART_HINT = "Please review your cart."
export const CHOOSE_PAYMENT = "Choose a payment method"
/** A cart ordered (by another submission or page) after this form was last priced, without proof it was this form. */
export const ALREADY_ORDERED =
  "This cart was already ordered. Please check your email for the order's confirmation, or reload the page to start a new order."

/** Spec §3/§5: the Billing Details form. Required: first and last name, address, city, ZIP, phone, email. */
export const checkoutFormSchema = z
  .object({
    country: z
      .string()
      .trim()
      .refine((name) => COUNTRY_NAMES.has(name), "Choose a country from the list"),
    firstName: requiredText("First name", 100),
    lastName: requiredText("Last name", 100),
    company: optionalText("Company", 200),
    address: requiredText("Street address", 200),
    apartment: optionalText("Apartment", 100),
    city: requiredText("City", 100),
    /** Only sent for the United States (the select is disabled otherwise). */
    state: z.string().trim().max(100).optional(),
    zipCode: requiredText("ZIP/Postal code", 20),
    phone,
    email,
    saveInfo: formBoolean,
    /** A payment provider of the region (pp_zelle_manual...): checked against Medusa's list when ordering. */
    paymentMethod: z
      .string({ error: CHOOSE_PAYMENT })
      .trim()
      .regex(/^pp_[a-z0-9_-]{1,80}$/i, CHOOSE_PAYMENT),
    discountCode: z
      .string()
      .trim()
      .max(50, "Discount code must be at most 50 characters")
      .optional()
      .transform((code) => code || undefined),
    useShippingAsBilling: formBoolean,
  })
  .superRefine((form, ctx) => {
    if (!COUNTRY_NAMES.has(form.country)) return
    if (!isUnitedStates(form.country)) {
      // The territories are states of the list, under "United States" (spec: US states and territories).
      const territory = STATE_NAMES.has(form.country)
      ctx.addIssue({
        code: "custom",
        path: ["country"],
        message: territory
          ? `${SHIP_TO_US_ONLY}. For ${form.country}, choose United States, then ${form.country} as the state.`
          : SHIP_TO_US_ONLY,
      })
      return
    }
    if (!form.state || !STATE_NAMES.has(form.state)) {
      ctx.addIssue({ code: "custom", path: ["state"], message: "Choose a state" })
    }
    if (!US_ZIP.test(form.zipCode)) {
      ctx.addIssue({ code: "custom", path: ["zipCode"], message: "Enter a 5-digit ZIP code (or ZIP+4, 12345-6789)" })
    }
  })

export type CheckoutForm = z.output<typeof checkoutFormSchema>

const TEXT_FIELDS = [
  "country",
  "firstName",
  "lastName",
  "company",
  "address",
  "apartment",
  "city",
  "zipCode",
  "phone",
  "email",
  "paymentMethod",
] as const

/** The form as zod should see it: absent text fields are "", so each gets its own "is required". */
export function checkoutInput(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === "string" ? value : ""
  }
  const input: Record<string, unknown> = {}
  for (const name of TEXT_FIELDS) input[name] = text(name)
  if (!input.country) input.country = DEFAULT_COUNTRY
  const state = form.get("state")
  if (typeof state === "string") input.state = state
  const discount = form.get("discountCode")
  if (typeof discount === "string") input.discountCode = discount
  for (const name of ["saveInfo", "useShippingAsBilling"]) {
    const value = form.get(name)
    if (typeof value === "string") input[name] = value
  }
  return input
}

/** "Use shipping address as billing address" unticked: the billing address, in the US as well. */
export const billingAddressSchema = z.object({
  billingFirstName: requiredText("First name", 100),
  billingLastName: requiredText("Last name", 100),
  billingAddress: requiredText("Street address", 200),
  billingApartment: optionalText("Apartment", 100),
  billingCity: requiredText("City", 100),
  billingState: z
    .string({ error: "Choose a state" })
    .trim()
    .refine((state) => STATE_NAMES.has(state), "Choose a state"),
  billingZipCode: requiredText("ZIP/Postal code", 20).refine((zip) => US_ZIP.test(zip), "Enter a 5-digit ZIP code (or ZIP+4, 12345-6789)"),
})

export type BillingAddressForm = z.output<typeof billingAddressSchema>
export type BillingField = keyof BillingAddressForm

export const BILLING_FIELDS = Object.keys(billingAddressSchema.shape) as BillingField[]

export function billingInput(form: FormData): Record<string, string> {
  return Object.fromEntries(BILLING_FIELDS.map((name) => [name, typeof form.get(name) === "string" ? String(form.get(name)) : ""]))
}

const US = "us"

/** The form's address as Medusa's structured address. */
export function shippingAddressOf(form: CheckoutForm): PostalAddress {
  return {
    first_name: form.firstName,
    last_name: form.lastName,
    company: form.company,
    address_1: form.address,
    address_2: form.apartment,
    city: form.city,
    province: form.state,
    postal_code: form.zipCode,
    country_code: US,
    phone: form.phone,
  }
}

export function billingAddressOf(billing: BillingAddressForm, phoneNumber: string): PostalAddress {
  return {
    first_name: billing.billingFirstName,
    last_name: billing.billingLastName,
    address_1: billing.billingAddress,
    address_2: billing.billingApartment,
    city: billing.billingCity,
    province: billing.billingState,
    postal_code: billing.billingZipCode,
    country_code: US,
    phone: phoneNumber,
  }
}

/** The shipping option the form asks for (a Medusa shipping option id), or null. */
export function shippingOptionOf(form: FormData): string | null {
  const value = form.get("shippingOption")
  return typeof value === "string" && /^so_[0-9A-Za-z]{1,60}$/.test(value) ? value : null
}

/** The pages' view of the Medusa cart's prices, for the lines the browser sent (signature), and the form's attempt token. */
function quoteOf(
  cart: ShopperCart,
  lines: RequestedLine[],
  refreshed: RefreshedLine[],
  discountCode: string | null,
  shippingOptions: ShippingChoiceView[]
): CheckoutQuote {
  const unit = new Map(cart.lines.map((line) => [line.variant_id, line.unit_price]))
  return {
    signature: cartSignature(lines),
    attempt: issueAttemptToken(cart.id),
    discountCode,
    totals: cart.totals,
    requiresPrescription: refreshed.some((line) => line.product?.prescription),
    shipping: { options: shippingOptions, selected: cart.shipping_option_id },
    lines: lines.map((line) => {
      const unitPrice = unit.get(line.variant_id) ?? 0
      return { ...line, unitPrice, lineTotal: (Math.round(unitPrice * 100) * line.quantity) / 100 }
    }),
  }
}

/** The lines checked against the catalogue, or what changed (sold out, removed, less stock), in words. */
async function checkedLines(lines: RequestedLine[]): Promise<{ ok: RefreshedLine[] } | { changed: string }> {
  const refreshed = refreshLines(lines, await productsByIds(lines.map((line) => line.product_id)))
  const changed = refreshed.find((line) => line.status !== "ok" || line.adjusted)
  if (!changed) return { ok: refreshed }
  if (!changed.product || !changed.variant) return { changed: REVIEW_CART }
  const name = `${changed.product.name} (${changed.variant.name})`
  return {
    changed:
      changed.status === "out_of_stock" ? `${name} is out of stock` : `Not enough stock for ${name}: ${changed.variant.stock} available`,
  }
}

type WithCookies<T> = { answer: T; cookies: string[] }

/** Page load, cart change or Apply: the Medusa cart's totals, and whether the code counts. */
export async function answerQuote(form: FormData, request: Request, context?: AppLoadContext): Promise<WithCookies<QuoteAnswer>> {
  const headers = shopperHeaders(context)
  const lines = parseRequestedLines(form.get("lines"))
  const signature = cartSignature(lines)
  const code = typeof form.get("discountCode") === "string" ? String(form.get("discountCode")).trim().slice(0, 50) : ""
  const applying = form.get("apply") === "1"
  const answer = (fields: Partial<QuoteAnswer>): QuoteAnswer => ({
    intent: "quote",
    signature,
    quote: null,
    discount: null,
    error: null,
    ...fields,
  })
  if (lines.length === 0) return { answer: answer({}), cookies: [] }
  try {
    const checked = await checkedLines(lines)
    if ("changed" in checked) return { answer: answer({ error: `${checked.changed}. ${REVIEW_CART_HINT}` }), cookies: [] }
    const refreshed = checked.ok
    const { cart, setCookie } = await syncCart(request, headers, lines, "replace", shippingOptionOf(form))
    const cookies = setCookie ? [setCookie] : []
    const shippingOptions = await listShippingChoices(cart.id, headers)
    if (!code) {
      const current = (await applyPromotionCode(cart, null, headers)).cart
      return { answer: answer({ quote: quoteOf(current, lines, refreshed, null, shippingOptions) }), cookies }
    }
    const { cart: priced, applied } = await applyPromotionCode(cart, code, headers)
    return {
      answer: answer({
        quote: quoteOf(priced, lines, refreshed, applied ? code : null, shippingOptions),
        discount: applying || !applied ? { code, applied } : null,
      }),
      cookies,
    }
  } catch (error) {
    const message = error instanceof MedusaApiError && (error.status ?? 500) < 500 ? backendMessage(error) : null
    if (!message) console.error(`Checkout: quote failed: ${error instanceof Error ? error.message : String(error)}`)
    return { answer: answer({ error: message ?? QUOTE_UNAVAILABLE }), cookies: [] }
  }
}

/** What the confirmation page shows of a placed order (never the cart's id: decision 0046). */
export type Confirmation = {
  number: string
  email: string
  total: number
  shippingAddress: string
  paymentLabel: string
  /** The shipping option chosen and its expected ship date (YYYY-MM-DD), when known (decision 0059). */
  shipping: { name: string; shipDate: string } | null
  /** The order status link's token (decision 0050), when the backend gave it: the page reads the order's status with it. */
  statusToken: string | null
}

const refused = (fields: OrderAnswer["fieldErrors"], formError: string | null, quote: CheckoutQuote | null = null): OrderAnswer => ({
  intent: "order",
  fieldErrors: fields,
  formError,
  quote,
})

function confirmationOf(
  order: PlacedOrder,
  providerId: string,
  fallbackAddress: string,
  shipping: Confirmation["shipping"]
): Omit<Confirmation, "statusToken"> {
  const a = order.shipping_address
  const address = a
    ? formatShippingAddress({
        address: a.address_1 ?? "",
        apartment: a.address_2 ?? undefined,
        city: a.city ?? "",
        state: a.province ?? undefined,
        zipCode: a.postal_code ?? "",
        country: COUNTRIES.find((c) => c.code.toLowerCase() === a.country_code)?.name ?? DEFAULT_COUNTRY,
      })
    : fallbackAddress
  return {
    number: order.number,
    email: order.email,
    total: order.total,
    shippingAddress: address,
    paymentLabel: paymentLabel(providerId),
    shipping,
  }
}

/**
 * The status link's token of the order `cartId` just became (issue 23), or null: the confirmation
 * then shows what it showed before, and the email has the link. Never fails the order.
 */
async function statusTokenOf(cartId: string | null, headers: Record<string, string>): Promise<string | null> {
  if (!cartId) return null
  try {
    return (await placedOrderStatus(cartId, headers))?.token ?? null
  } catch (error) {
    console.error(`Checkout: the order's status link is unavailable: ${error instanceof Error ? error.message : String(error)}`)
    return null
  }
}

/** Medusa refused the cart's lock: another request holds it (the other submission of a double click, completing it). */
const cartBusy = (error: unknown) => error instanceof MedusaApiError && error.status === 409
const BUSY_RETRY_MS = 500
/** Longer than a completion takes under load; Medusa's own completion waits up to 30 s for the lock. */
const BUSY_WAIT_MS = 20_000

/**
 * Places the order, or says why not (placeOnce). While another request holds the cart (a double
 * submit whose first submission is being completed), it waits and starts over: the second answer
 * is then the first one's order (attemptOutcome), or, if that one failed, this form's own attempt.
 */
export async function placeCheckoutOrder(
  form: FormData,
  request: Request,
  context?: AppLoadContext
): Promise<WithCookies<Confirmation | OrderAnswer>> {
  const waitUntil = Date.now() + BUSY_WAIT_MS
  for (;;) {
    try {
      return await placeOnce(form, request, context)
    } catch (error) {
      if (!cartBusy(error)) throw error
      if (Date.now() >= waitUntil) {
        console.error(`Checkout: order failed, the cart stayed busy for ${BUSY_WAIT_MS / 1000} s`)
        return { answer: refused({}, failedToPlaceOrder(UNAVAILABLE)), cookies: [] }
      }
      await delay(BUSY_RETRY_MS)
    }
  }
}

/**
 * Places the order, or says why not. Order of checks: the form (field errors); what became of the
 * cart this form was issued for (its attempt token): its order when this form placed it (a retry:
 * same lines, same email), a refusal when it was ordered otherwise; the payment method (one the region offers); the lines (as the cart page left them);
 * then Medusa: details, promotion, the total the shopper saw, payment, completion. Once an order
 * is answered, the browser's cart cookie is cleared: the next change starts a new cart.
 */
async function placeOnce(form: FormData, request: Request, context?: AppLoadContext): Promise<WithCookies<Confirmation | OrderAnswer>> {
  const lines = parseRequestedLines(form.get("lines"))
  if (lines.length === 0) return { answer: refused({}, failedToPlaceOrder("Your cart is empty")), cookies: [] }
  const providerId = String(form.get("paymentMethod") ?? "")
  // The backend limits orders, carts and codes per shopper: every call counts this shopper, not the storefront.
  const headers = shopperHeaders(context)
  let shipping: Confirmation["shipping"] = null
  const placed = async (order: PlacedOrder, cartId: string | null, fallbackAddress = "") => ({
    answer: { ...confirmationOf(order, providerId, fallbackAddress, shipping), statusToken: await statusTokenOf(cartId, headers) },
    cookies: [await clearCartCookie()],
  })

  const parsed = checkoutFormSchema.safeParse(checkoutInput(form))
  const billing = form.get("useShippingAsBilling") ? null : billingAddressSchema.safeParse(billingInput(form))
  if (!parsed.success || (billing && !billing.success)) {
    const errors = {
      ...(parsed.success ? {} : fieldErrors(parsed.error)),
      ...(billing && !billing.success ? fieldErrors(billing.error) : {}),
    } as OrderAnswer["fieldErrors"]
    return { answer: refused(errors, null), cookies: [] }
  }
  const details = parsed.data
  const proof = { attempt: form.get("attempt"), email: details.email }
  const alreadyOrdered = () => ({ answer: refused({}, failedToPlaceOrder(ALREADY_ORDERED)), cookies: [] })
  let cartId: string | null = null
  try {
    // A retry whose first answer was lost: the form's cart is already its order. Never a second order from it.
    const attemptCart = cartOfAttempt(proof.attempt)
    const previous = await attemptOutcome(attemptCart, lines, proof, headers)
    if (previous === "ordered") return alreadyOrdered()
    if (previous) return await placed(previous.order, attemptCart)

    if (!(await listPaymentOptions(headers)).some((option) => option.provider_id === details.paymentMethod)) {
      return { answer: refused({ paymentMethod: CHOOSE_PAYMENT }, null), cookies: [] }
    }
    const checked = await checkedLines(lines)
    if ("changed" in checked) return { answer: refused({}, failedToPlaceOrder(checked.changed)), cookies: [] }
    const refreshed = checked.ok

    const wantedShipping = shippingOptionOf(form)
    const { cart, setCookie } = await syncCart(request, headers, lines, "throw", wantedShipping)
    cartId = cart.id
    const cookies = setCookie ? [setCookie] : []
    const shippingAddress = shippingAddressOf(details)
    let priced = await setCheckoutDetails(
      cart.id,
      {
        email: details.email,
        shipping_address: shippingAddress,
        billing_address: billing?.success ? billingAddressOf(billing.data, details.phone) : shippingAddress,
      },
      headers,
      wantedShipping
    )
    // The option the shopper chose, as Medusa offers it for this address and these lines (cold chain alone for refrigerated items).
    const shippingOptions = await listShippingChoices(cart.id, headers)
    const chosen = shippingOptions.find((option) => option.id === priced.shipping_option_id)
    if (!chosen || (wantedShipping && wantedShipping !== chosen.id)) {
      return {
        answer: refused(
          { shippingOption: CHOOSE_SHIPPING },
          null,
          quoteOf(priced, lines, refreshed, priced.promo_codes[0] ?? null, shippingOptions)
        ),
        cookies,
      }
    }
    shipping = { name: chosen.name, shipDate: chosen.shipDate }
    if (details.discountCode || priced.promo_codes.length) {
      const result = await applyPromotionCode(priced, details.discountCode ?? null, headers)
      if (details.discountCode && !result.applied) return { answer: refused({ discountCode: INVALID_DISCOUNT }, null), cookies }
      priced = result.cart
    }

    // The browser's total is only compared: if Medusa's differs, the shopper sees the new one and decides again.
    const shown = Number(form.get("shownTotal"))
    if (!Number.isFinite(shown) || Math.round(shown * 100) !== Math.round(priced.totals.total * 100)) {
      return {
        answer: refused(
          {},
          `Your total is now $${priced.totals.total.toFixed(2)}. Please review your order and place it again.`,
          quoteOf(priced, lines, refreshed, details.discountCode ?? null, shippingOptions)
        ),
        cookies,
      }
    }

    const completed = await completeCart(cart.id, details.paymentMethod, headers)
    if ("refused" in completed) return { answer: refused({}, failedToPlaceOrder(completed.refused)), cookies }
    return await placed(completed.order, cart.id, formatShippingAddress({ ...details, state: details.state }))
  } catch (error) {
    if (cartBusy(error)) throw error // placeCheckoutOrder waits for the other request
    // A double submit: the other request completed this cart meanwhile. Its order is this one.
    if (!noBackendAnswer(error)) {
      const id = error instanceof CartClosedError ? error.cartId : cartId
      const previous = await attemptOutcome(id, lines, proof, headers).catch(() => null)
      if (previous && previous !== "ordered") return await placed(previous.order, id)
      if (error instanceof CartClosedError) return alreadyOrdered()
    }
    if (error instanceof FetchError) {
      if ((error.status ?? 500) >= 500) console.error(`Checkout: order failed: ${error.status} ${error.message}`)
      return { answer: refused({}, failedToPlaceOrder((error.status ?? 500) < 500 ? backendMessage(error) : UNAVAILABLE)), cookies: [] }
    }
    if (noBackendAnswer(error)) {
      console.error(`Checkout: order failed, no answer: ${error instanceof Error ? error.message : String(error)}`)
      return { answer: refused({}, failedToPlaceOrder(UNAVAILABLE)), cookies: [] }
    }
    throw error
  }
}
