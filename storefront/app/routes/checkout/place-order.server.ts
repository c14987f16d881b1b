/**
 * Placing the checkout's order on the server (spec §2, §3, §5, §8; issue 13): the form is parsed
 * (checkout-form.server.ts); then the browser's Medusa cart (app/lib/data/cart.server.ts) gets
 * the lines, the shopper's email and addresses and the promotion code, Medusa prices it (the
 * browser's total is only compared, never used), a payment session is opened with the chosen
 * provider and the cart is completed. Completing a cart is idempotent: a double click or a retry
 * from the same form answers the same order (its attempt token and email prove it, decision 0046),
 * and a submission that finds the cart locked by the other one waits for it (409). Every backend
 * call carries the shopper's address (shopperHeaders), so the backend's per-client limits count
 * the shopper. See docs/decisions/0020-checkout-flow.md, 0043-storefront-on-medusa-cart.md and 0046.
 */
import { setTimeout as delay } from "node:timers/promises"

import { FetchError } from "@medusajs/js-sdk"
import type { AppLoadContext } from "@remix-run/node"
import { formatShippingAddress } from "@shared/address"
import { fieldErrors } from "@shared/schemas/fields"

import { backendMessage, noBackendAnswer } from "~/lib/backend-errors.server"
import {
  applyPromotionCode,
  attemptOutcome,
  CartClosedError,
  chosenShipping,
  clearCartCookie,
  completeCart,
  listPaymentOptions,
  listShippingChoices,
  syncCart,
} from "~/lib/data/cart.server"
import type { PlacedOrder } from "~/lib/data/orders.server"
import { MedusaApiError } from "~/lib/medusa.server"
import { shopperHeaders } from "~/lib/shopper.server"
import { parseRequestedLines } from "~/modules/cart/cart-refresh"
import { cartOfAttempt } from "~/modules/checkout/attempt.server"
import { type CheckoutQuote, CHOOSE_SHIPPING, failedToPlaceOrder, INVALID_DISCOUNT, type OrderAnswer } from "~/modules/checkout/checkout"
import { type Confirmation, confirmationOf, statusTokenOf } from "~/modules/checkout/placed-order.server"

import {
  billingAddressOf,
  billingAddressSchema,
  billingInput,
  checkoutFormSchema,
  checkoutInput,
  CHOOSE_PAYMENT,
  shippingAddressOf,
  shippingOptionOf,
} from "./checkout-form.server"
import { checkedLines, quoteOf, type WithCookies } from "./quote.server"

const UNAVAILABLE = "The store is temporarily unavailable. Please try again in a few minutes."
/** A cart ordered (by another submission or page) after this form was last priced, without proof it was this form. */
export const ALREADY_ORDERED =
  "This cart was already ordered. Please check your email for the order's confirmation, or reload the page to start a new order."

const refused = (fields: OrderAnswer["fieldErrors"], formError: string | null, quote: CheckoutQuote | null = null): OrderAnswer => ({
  intent: "order",
  fieldErrors: fields,
  formError,
  quote,
})

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
  const attemptCart = cartOfAttempt(proof.attempt)
  try {
    // A retry whose first answer was lost: the form's cart is already its order. Never a second order from it.
    // The three reads are independent: asked at once, answered in this order.
    const outcome = attemptOutcome(attemptCart, lines, proof, headers)
    const offered = listPaymentOptions(headers)
    const checking = checkedLines(lines)
    for (const pending of [outcome, offered, checking]) pending.catch(() => undefined) // awaited below, or not needed
    const previous = await outcome
    if (previous === "ordered") return alreadyOrdered()
    if (previous) return await placed(previous.order, attemptCart)

    if (!(await offered).some((option) => option.provider_id === details.paymentMethod)) {
      return { answer: refused({ paymentMethod: CHOOSE_PAYMENT }, null), cookies: [] }
    }
    const checked = await checking
    if ("changed" in checked) return { answer: refused({}, failedToPlaceOrder(checked.changed)), cookies: [] }
    const refreshed = checked.ok

    const wantedShipping = shippingOptionOf(form)
    const shippingAddress = shippingAddressOf(details)
    // The lines, the shopper's email and addresses and the shipping option: the details go on first (syncCart).
    const { cart, setCookie } = await syncCart(request, headers, lines, "throw", wantedShipping, {
      email: details.email,
      shipping_address: shippingAddress,
      billing_address: billing?.success ? billingAddressOf(billing.data, details.phone) : shippingAddress,
    })
    cartId = cart.id
    const cookies = setCookie ? [setCookie] : []
    let priced = cart
    // The option the shopper chose, as Medusa offers it for this address and these lines (cold chain alone for
    // refrigerated items): Medusa keeps only such a method on the cart. The options are listed only to show them again.
    const chosen = chosenShipping(priced)
    if (!chosen || (wantedShipping && wantedShipping !== chosen.id)) {
      const shippingOptions = await listShippingChoices(cart.id, headers)
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
      const shippingOptions = await listShippingChoices(cart.id, headers)
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
    // A double submit: the other request completed this cart meanwhile. Its order is this one. Until
    // syncCart has answered, the cart is the one this form was issued for: a change that waited for
    // the other request's completion is refused by Medusa as "already completed" (a 400, not a 404).
    if (!noBackendAnswer(error)) {
      const id = error instanceof CartClosedError ? error.cartId : (cartId ?? attemptCart)
      const previous = await attemptOutcome(id, lines, proof, headers).catch(() => null)
      if (previous === "ordered") return alreadyOrdered()
      if (previous) return await placed(previous.order, id)
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
