/**
 * The checkout's words and shapes, shared by the page (browser) and its action
 * (server). No zod and no server code here: see checkout.server.ts.
 * Messages quoted from the spec (§2, §5, §8) are copied character for character.
 */
import type { ShouldRevalidateFunction } from "@remix-run/react"
import type { DisplayTotals } from "@shared/order-totals"
import { STORE } from "@shared/store-constants"

export const DISCOUNT_APPLIED = `Discount applied: ${STORE.discountPercent}% off`
export const INVALID_DISCOUNT = "Invalid discount code"
export const NETWORK_ERROR = "Network error. Please check your connection and try again."
export const UNEXPECTED_ERROR = "An unexpected error occurred. Please try again."
export const CONFIRMATION_NOTE = "You will receive a confirmation email soon with our payment details."
export const failedToPlaceOrder = (detail?: string | null) => `Failed to place order: ${detail || "Unknown error"}`

/** The form's fields in page order (first error first). */
export const CHECKOUT_FIELDS = [
  "country",
  "firstName",
  "lastName",
  "company",
  "address",
  "apartment",
  "city",
  "state",
  "zipCode",
  "phone",
  "email",
  "shippingOption",
  "paymentMethod",
  "billingFirstName",
  "billingLastName",
  "billingAddress",
  "billingApartment",
  "billingCity",
  "billingState",
  "billingZipCode",
  "discountCode",
] as const

export type CheckoutField = (typeof CHECKOUT_FIELDS)[number]

/** One line of the server's quote, priced by the server (unit and line total). */
export type QuotedLine = {
  product_id: string
  variant_id: string
  quantity: number
  unitPrice: number
  lineTotal: number
}

export const CHOOSE_SHIPPING = "Choose a shipping method"

/** A shipping option Medusa offers the cart (decision 0059): its price and, from now, its expected ship date. */
export type ShippingChoiceView = {
  id: string
  name: string
  /** The option type's code ("standard", "two-day", "next-day", "cold-chain"; another for an option ops added). */
  code: string | null
  description: string
  /** Dollars, Medusa's price for this cart. */
  amount: number
  /** YYYY-MM-DD (Eastern): when an order placed now is expected to ship (@shared/ship-date). */
  shipDate: string
}

/** Medusa's totals for the cart as it is now (signature), with the discount code they include. */
export type CheckoutQuote = {
  signature: string
  /**
   * The checkout form's attempt token for this cart (app/modules/checkout/attempt.server.ts): it travels
   * with the order, so a retry of this form can be answered with the order it placed (decision 0046).
   */
  attempt: string
  discountCode: string | null
  totals: DisplayTotals
  lines: QuotedLine[]
  requiresPrescription: boolean
  /** The shipping options Medusa offers this cart, and the one its totals include (decision 0059). */
  shipping: { options: ShippingChoiceView[]; selected: string | null }
}

/** The action's answer to "what would this cost" (page load, cart change, Apply). */
export type QuoteAnswer = {
  intent: "quote"
  signature: string
  quote: CheckoutQuote | null
  /** Set when the visitor pressed Apply: whether the server accepted the code. */
  discount: { code: string; applied: boolean } | null
  error: string | null
}

/** The action's answer to a refused or failed order (success is a redirect). */
export type OrderAnswer = {
  intent: "order"
  fieldErrors: Partial<Record<CheckoutField, string>>
  formError: string | null
  /** A fresh quote when the total changed since the page showed it. */
  quote: CheckoutQuote | null
}

export type CheckoutAnswer = QuoteAnswer | OrderAnswer

/**
 * For the checkout and the forms: their loaders return nothing a submission
 * changes, so a submission does not reload them. A refused submission then
 * costs one request, and a page whose request failed offline stays on screen.
 */
export const noReloadAfterSubmit: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate
