/**
 * The checkout's words and shapes, shared by the page (browser) and its action
 * (server). No zod and no server code here: see routes/checkout/*.server.ts.
 * Messages quoted from the spec (§2, §5, §8) are copied character for character.
 */
import type { SerializeFrom } from "@remix-run/node"
import type { ClientActionFunctionArgs, ShouldRevalidateFunction } from "@remix-run/react"
import type { DisplayTotals } from "@shared/order-totals"
import { STORE } from "@shared/store-constants"

export const DISCOUNT_APPLIED = `Discount applied: ${STORE.discountPercent}% off`
export const INVALID_DISCOUNT = "Invalid discount code"
export const NETWORK_ERROR = "Network error. Please check your connection and try again."
export const UNEXPECTED_ERROR = "An unexpected error occurred. Please try again."
export const CONFIRMATION_NOTE = "You will receive a confirmation email soon with our payment details."
export const failedToPlaceOrder = (detail?: string | null) => `Failed to place order: ${detail || "Unknown error"}`

/** A postal address's parts in page order: the shipping address's names, and the billing address's after `billing`. */
export const ADDRESS_PARTS = ["firstName", "lastName", "address", "apartment", "city", "state", "zipCode"] as const
export type AddressPart = (typeof ADDRESS_PARTS)[number]
export type BillingAddressField = `billing${Capitalize<AddressPart>}`

/** The billing address's name of a part: `city` → `billingCity`. */
export const billingFieldOf = (part: AddressPart) => `billing${part[0].toUpperCase()}${part.slice(1)}` as BillingAddressField

/**
 * The Billing Details section's fields in page order (the shipping address with its country and
 * contacts): what "Save this information for next time" keeps (billing.ts).
 */
export const BILLING_DETAILS_FIELDS = [
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
] as const satisfies readonly ("country" | "company" | "phone" | "email" | AddressPart)[]

/** The form's fields: the server's errors are keyed by them (the page focuses the first one marked invalid). */
export type CheckoutField =
  (typeof BILLING_DETAILS_FIELDS)[number] | "shippingOption" | "paymentMethod" | BillingAddressField | "discountCode"

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

/**
 * For the checkout and the forms, their `clientAction`: the server's answer; when the request to our
 * own server gets no answer at all, `unanswered(form, why)` (the form as it was sent, and
 * NETWORK_ERROR when offline, else UNEXPECTED_ERROR), so the form stays as it was typed and says so
 * (spec §8) instead of an error page. Redirects (the confirmation, the age gate) pass through.
 */
export async function answerOrKeepForm<Answer>(
  { request, serverAction }: ClientActionFunctionArgs,
  unanswered: (form: FormData, why: string) => Answer
): Promise<Answer | SerializeFrom<Answer>> {
  const form = await request.clone().formData()
  try {
    return await serverAction<Answer>()
  } catch (error) {
    if (error instanceof Response) throw error
    return unanswered(form, error instanceof TypeError ? NETWORK_ERROR : UNEXPECTED_ERROR)
  }
}
