/**
 * The checkout on the server (spec §2, §3, §5, §8): the Billing Details form is
 * validated with zod built from the backend's own field schemas, the order
 * payload with the backend's `legacyOrderSchema`; Medusa prices the cart again
 * (the browser's figures are only compared, never used) and the order goes to
 * POST /api/orders/ with the checkout attempt's Idempotency-Key.
 * See docs/decisions/0020-checkout-flow.md.
 */
import { FetchError } from "@medusajs/js-sdk"
import type { AppLoadContext } from "@remix-run/node"
import { formatShippingAddress, isUnitedStates, US_STATES } from "@shared/address"
import { COUNTRIES, DEFAULT_COUNTRY } from "@shared/countries"
import { email, fieldErrors, formBoolean, optionalText, phone, requiredText } from "@shared/schemas/fields"
import { idempotencyKeySchema, legacyOrderSchema, type LegacyOrderInput } from "@shared/schemas/order"
import { STORE, type PaymentMethod } from "@shared/store-constants"
import { z } from "zod"
import { cartSignature } from "./cart"
import { parseRequestedLines, type RequestedLine } from "./cart-refresh"
import { quoteOrder } from "./catalog.server"
import {
  failedToPlaceOrder,
  INVALID_DISCOUNT,
  UNEXPECTED_ERROR,
  type CheckoutField,
  type CheckoutQuote,
  type OrderAnswer,
  type QuoteAnswer,
} from "./checkout"
import { sdk } from "./medusa.server"
import { shopperHeaders } from "./shopper.server"
import { formatPrice, toCents } from "./money"

const COUNTRY_NAMES = new Set(COUNTRIES.map((c) => c.name))
const STATE_NAMES = new Set<string>(US_STATES)
const US_ZIP = /^\d{5}(-\d{4})?$/
const paymentMethods = STORE.paymentMethods as unknown as [PaymentMethod, ...PaymentMethod[]]

export const SHIP_TO_US_ONLY = "We ship to the United States only"
const UNAVAILABLE = "The store is temporarily unavailable. Please try again in a few minutes."
const QUOTE_UNAVAILABLE = "We couldn't calculate your totals right now. Please try again."
const KEY_REUSED =
  "An order was already placed from this checkout with different details. Please check your email for its confirmation before you order again."

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
    paymentMethod: z.enum(paymentMethods, { error: "Choose a payment method" }),
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

/** Where each field of the order payload is on the form. */
const PAYLOAD_FIELD: Record<string, CheckoutField> = {
  email: "email",
  phone: "phone",
  shipping_address: "address",
  payment_method: "paymentMethod",
  discount_code: "discountCode",
  first_name: "firstName",
  last_name: "lastName",
  company: "company",
}

/** The legacy order payload (spec §3) for these lines, validated with the backend's schema. */
export function orderPayload(
  form: CheckoutForm,
  lines: RequestedLine[],
  quote?: CheckoutQuote
):
  | { ok: true; payload: LegacyOrderInput }
  | { ok: false; fieldErrors: OrderAnswer["fieldErrors"]; formError: string | null } {
  const prices = new Map(quote?.lines.map((line) => [line.variant_id, line.unitPrice]))
  const candidate = {
    email: form.email,
    phone: form.phone,
    shipping_address: formatShippingAddress({
      address: form.address,
      apartment: form.apartment,
      city: form.city,
      state: isUnitedStates(form.country) ? form.state : undefined,
      zipCode: form.zipCode,
      country: form.country,
    }),
    items: lines.map((line) => ({
      product: line.product_id,
      variant: line.variant_id,
      quantity: line.quantity,
      ...(prices.has(line.variant_id) ? { price: prices.get(line.variant_id) } : {}),
    })),
    ...(quote ? { total_price: quote.totals.total } : {}),
    payment_method: form.paymentMethod,
    discount_code: form.discountCode,
    first_name: form.firstName,
    last_name: form.lastName,
    company: form.company,
  }
  const parsed = legacyOrderSchema.safeParse(candidate)
  if (parsed.success) return { ok: true, payload: parsed.data }
  const errors: OrderAnswer["fieldErrors"] = {}
  const other: string[] = []
  for (const [key, message] of Object.entries(fieldErrors(parsed.error))) {
    const field = PAYLOAD_FIELD[key.split(".")[0]]
    if (field && !errors[field]) errors[field] = message
    else if (!field) other.push(message)
  }
  return { ok: false, fieldErrors: errors, formError: other.length ? failedToPlaceOrder(other.join("; ")) : null }
}

/** Medusa's quote for the lines, with each line's unit price and line total computed here, in cents. */
export async function checkoutQuote(lines: RequestedLine[], discountCode?: string): Promise<CheckoutQuote> {
  const quote = await quoteOrder(lines, discountCode)
  const unit = new Map(quote.lines.map((line) => [line.variant_id, line.unit_price]))
  return {
    signature: cartSignature(lines),
    discountCode: discountCode ?? null,
    totals: quote.totals,
    requiresPrescription: quote.requires_prescription,
    lines: lines.map((line) => {
      const unitPrice = unit.get(line.variant_id) ?? 0
      return { ...line, unitPrice, lineTotal: (toCents(unitPrice) * line.quantity) / 100 }
    }),
  }
}

const isInvalidDiscount = (error: unknown) =>
  error instanceof FetchError && error.status === 400 && error.message === INVALID_DISCOUNT

/** A message the backend sent with its answer (its `message`, which equals `detail`), else null. */
export function backendMessage(error: unknown): string | null {
  if (!(error instanceof FetchError)) return null
  const message = error.message?.trim()
  return message && message !== error.statusText ? message : null
}

/** No answer from the backend at all (refused connection, DNS, timeout), as opposed to an error answer. */
export const noBackendAnswer = (error: unknown) =>
  !(error instanceof FetchError) &&
  (error instanceof TypeError ||
    (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")))

/** Page load, cart change or Apply: the server's totals, and whether a code that was applied counts. */
export async function answerQuote(form: FormData): Promise<QuoteAnswer> {
  const lines = parseRequestedLines(form.get("lines"))
  const signature = cartSignature(lines)
  const code = typeof form.get("discountCode") === "string" ? String(form.get("discountCode")).trim().slice(0, 50) : ""
  const applying = form.get("apply") === "1"
  if (lines.length === 0) return { intent: "quote", signature, quote: null, discount: null, error: null }
  try {
    if (code) {
      try {
        const quote = await checkoutQuote(lines, code)
        return { intent: "quote", signature, quote, discount: applying ? { code, applied: true } : null, error: null }
      } catch (error) {
        if (!isInvalidDiscount(error)) throw error
        // The code gives nothing: the totals without it, and (when applying) say so.
        const quote = await checkoutQuote(lines)
        return { intent: "quote", signature, quote, discount: { code, applied: false }, error: null }
      }
    }
    return { intent: "quote", signature, quote: await checkoutQuote(lines), discount: null, error: null }
  } catch (error) {
    const message = error instanceof FetchError && error.status && error.status < 500 ? backendMessage(error) : null
    if (!message) console.error(`Checkout: quote failed: ${error instanceof Error ? error.message : String(error)}`)
    return { intent: "quote", signature, quote: null, discount: null, error: message ?? QUOTE_UNAVAILABLE }
  }
}

/** What the backend answers when an order is placed (201). */
export type PlacedOrder = {
  unique_order_id: string
  status: string
  email: string
  shipping_address: string
  payment_method: PaymentMethod
  total_price: number
}

const ORDER_TIMEOUT_MS = 45_000

const refused = (
  fields: OrderAnswer["fieldErrors"],
  formError: string | null,
  quote: CheckoutQuote | null = null
): OrderAnswer => ({
  intent: "order",
  fieldErrors: fields,
  formError,
  quote,
  renewKey: false,
})

/**
 * Places the order, or says why not. Order of checks: the attempt's key, the
 * form (field errors), the payload (the backend's schema), Medusa's quote (the
 * total the visitor saw must still be the total), then the order itself.
 */
export async function placeCheckoutOrder(form: FormData, context?: AppLoadContext): Promise<{ placed: PlacedOrder; key: string } | OrderAnswer> {
  const lines = parseRequestedLines(form.get("lines"))
  if (lines.length === 0) return refused({}, failedToPlaceOrder("Your cart is empty"))
  const key = idempotencyKeySchema.safeParse(form.get("idempotencyKey"))
  if (!key.success) return refused({}, UNEXPECTED_ERROR)

  const parsed = checkoutFormSchema.safeParse(checkoutInput(form))
  if (!parsed.success) return refused(fieldErrors(parsed.error) as OrderAnswer["fieldErrors"], null)
  const checked = orderPayload(parsed.data, lines)
  if (!checked.ok) return refused(checked.fieldErrors, checked.formError)

  let quote: CheckoutQuote
  try {
    quote = await checkoutQuote(lines, parsed.data.discountCode)
  } catch (error) {
    if (isInvalidDiscount(error)) return refused({ discountCode: INVALID_DISCOUNT }, null)
    if (error instanceof FetchError) return refused({}, failedToPlaceOrder(backendMessage(error)))
    if (noBackendAnswer(error)) return refused({}, failedToPlaceOrder(UNAVAILABLE))
    throw error
  }

  // The browser's total is only compared: if Medusa's differs, the visitor sees the new one and decides again.
  const shown = Number(form.get("shownTotal"))
  if (!Number.isFinite(shown) || toCents(shown) !== toCents(quote.totals.total)) {
    return refused(
      {},
      `Your total is now ${formatPrice(quote.totals.total)}. Please review your order and place it again.`,
      quote
    )
  }

  const priced = orderPayload(parsed.data, lines, quote)
  if (!priced.ok) return refused(priced.fieldErrors, priced.formError)
  try {
    const placed = await sdk.client.fetch<PlacedOrder>("/api/orders/", {
      method: "POST",
      body: priced.payload,
      headers: { "Idempotency-Key": key.data, ...shopperHeaders(context) },
      // Not the visitor's request signal: once sent, the order completes even if they leave.
      signal: AbortSignal.timeout(ORDER_TIMEOUT_MS),
    })
    return { placed, key: key.data }
  } catch (error) {
    if (error instanceof FetchError) {
      if (error.status === 409) return { ...refused({}, failedToPlaceOrder(KEY_REUSED)), renewKey: true }
      const message = backendMessage(error)
      const fields: OrderAnswer["fieldErrors"] = {}
      if (message === INVALID_DISCOUNT) fields.discountCode = message
      if (message === SHIP_TO_US_ONLY) fields.country = message
      if (!error.status || error.status >= 500)
        console.error(`Checkout: order failed: ${error.status} ${error.message}`)
      return refused(fields, failedToPlaceOrder(message))
    }
    if (noBackendAnswer(error)) {
      console.error(`Checkout: order failed, no answer: ${error instanceof Error ? error.message : String(error)}`)
      return refused({}, failedToPlaceOrder(UNAVAILABLE))
    }
    throw error
  }
}
