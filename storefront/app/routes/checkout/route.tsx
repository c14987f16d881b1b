import { type ActionFunctionArgs, data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node"
import type { ClientActionFunctionArgs } from "@remix-run/react"

import { requireAgeVerified } from "~/lib/age-gate.server"
import { listPaymentOptions } from "~/lib/data/cart.server"
import { pharmacyDisclosures } from "~/lib/data/disclosures.server"
import { NO_INDEX, pageMeta } from "~/lib/meta"
import { shopperHeaders } from "~/lib/shopper.server"
import { useCart } from "~/modules/cart/cart-store"
import { CartLoading, EmptyCart } from "~/modules/cart/CartPlaceholders"
import { answerOrKeepForm, type CheckoutAnswer, noReloadAfterSubmit } from "~/modules/checkout/checkout"
import { confirmationCookieHeader } from "~/modules/checkout/order-confirmation.server"

import { CheckoutForm } from "./CheckoutForm"
import { placeCheckoutOrder } from "./place-order.server"
import { answerQuote } from "./quote.server"

export const meta: MetaFunction = () => [
  ...pageMeta("Checkout", "Enter your billing details, choose a payment method and place your order as a guest."),
  NO_INDEX,
]

const PRIVATE = { "Cache-Control": "private, no-cache" }
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders

/**
 * The cart lives in the browser (spec §3); the page needs the payment methods the region offers
 * today (Medusa Admin → Regions: a provider ops remove is gone at the next page load), and the
 * states prescription items ship to (decision 0056; unknown when the settings cannot be read: the
 * backend's completion still refuses).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAgeVerified(request)
  let paymentOptions: { provider_id: string; label: string }[] = []
  try {
    paymentOptions = await listPaymentOptions(shopperHeaders(context))
  } catch (error) {
    console.error(`Checkout: payment methods unavailable: ${error instanceof Error ? error.message : String(error)}`)
  }
  const rxShipStates = await pharmacyDisclosures().then(
    (disclosures) => disclosures.rx_ship_states,
    (error) => {
      console.error(`Checkout: prescription ship states unavailable: ${error instanceof Error ? error.message : String(error)}`)
      return "all" as const
    }
  )
  return data({ paymentOptions, rxShipStates }, { headers: PRIVATE })
}

/**
 * Two intents: `quote` (the Medusa cart's totals, and the discount code's verdict) and `order`
 * (validate, put the details on the Medusa cart, pay, complete, then go to the confirmation).
 * Refusals are answers (200) shown on the form, never HTTP errors the console would log.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAgeVerified(request)
  const form = await request.formData()
  const headers = new Headers(PRIVATE)
  if (form.get("intent") === "quote") {
    const { answer, cookies } = await answerQuote(form, request, context)
    for (const cookie of cookies) headers.append("Set-Cookie", cookie)
    return data<CheckoutAnswer>(answer, { headers })
  }
  const { answer, cookies } = await placeCheckoutOrder(form, request, context)
  for (const cookie of cookies) headers.append("Set-Cookie", cookie)
  if ("number" in answer) {
    headers.append("Set-Cookie", await confirmationCookieHeader(request, answer))
    headers.set("Cache-Control", "no-store")
    throw redirect("/order-confirmation", { headers })
  }
  return data<CheckoutAnswer>(answer, { headers })
}

/** In the browser: no answer from our own server keeps the form as it is, with why (answerOrKeepForm). */
export const clientAction = (args: ClientActionFunctionArgs): Promise<CheckoutAnswer> =>
  answerOrKeepForm<CheckoutAnswer>(args, (form, why) =>
    form.get("intent") === "quote"
      ? { intent: "quote", signature: String(form.get("lines") ?? ""), quote: null, discount: null, error: why }
      : { intent: "order", fieldErrors: {}, formError: why, quote: null }
  )

export const shouldRevalidate = noReloadAfterSubmit

const NEEDS_SCRIPT = "Your cart is kept in your browser, so checkout needs JavaScript. Please enable JavaScript to place your order."

export default function CheckoutPage() {
  const cart = useCart()
  if (cart === null) return <CartLoading title="Checkout" withoutScript={NEEDS_SCRIPT} />
  if (cart.length === 0) return <EmptyCart message="Add products to your cart before you check out." />
  return <CheckoutForm cart={cart} />
}
