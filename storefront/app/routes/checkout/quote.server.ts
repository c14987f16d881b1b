/**
 * The checkout's quote on the server (spec §3; issue 13): on page load, on every cart change and
 * on Apply, the browser's lines are checked against the catalogue and put in the browser's Medusa
 * cart (app/lib/data/cart.server.ts), which prices them with the shipping option and the
 * promotion code; the page shows Medusa's totals and the options it offers. The order
 * (place-order.server.ts) prices the same way before it compares the shopper's total.
 * See docs/decisions/0020-checkout-flow.md, 0043-storefront-on-medusa-cart.md and 0059.
 */
import type { AppLoadContext } from "@remix-run/node"

import { backendMessage } from "~/lib/backend-errors.server"
import { applyPromotionCode, listShippingChoices, type ShopperCart, syncCart } from "~/lib/data/cart.server"
import { productsByIds } from "~/lib/data/catalog.server"
import { MedusaApiError } from "~/lib/medusa.server"
import { shopperHeaders } from "~/lib/shopper.server"
import { cartSignature } from "~/modules/cart/cart"
import { parseRequestedLines, type RefreshedLine, refreshLines, type RequestedLine } from "~/modules/cart/cart-refresh"
import { issueAttemptToken } from "~/modules/checkout/attempt.server"
import type { CheckoutQuote, QuoteAnswer, ShippingChoiceView } from "~/modules/checkout/checkout"

import { shippingOptionOf } from "./checkout-form.server"

const QUOTE_UNAVAILABLE = "We couldn't calculate your totals right now. Please try again."
export const REVIEW_CART = "Some items in your cart changed or are no longer available"
const REVIEW_CART_HINT = "Please review your cart."

/** The pages' view of the Medusa cart's prices, for the lines the browser sent (signature), and the form's attempt token. */
export function quoteOf(
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
export async function checkedLines(lines: RequestedLine[]): Promise<{ ok: RefreshedLine[] } | { changed: string }> {
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

/** An answer, and the cookies it sets (the Medusa cart's, when the cart was made or cleared). */
export type WithCookies<T> = { answer: T; cookies: string[] }

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
