/**
 * The checkout's running quote, in the browser: asks the page's action (intent `quote`) for
 * the Medusa cart's totals when the page opens and whenever the cart's lines change, applies
 * a discount code on request, and takes the fresh totals a refused order brings back. Every
 * figure comes from the server; the page only shows them.
 */
import { useFetcher } from "@remix-run/react"
import { STORE } from "@shared/store-constants"
import { useEffect, useState } from "react"

import { formatPrice } from "~/lib/money"
import {
  type CheckoutAnswer,
  type CheckoutQuote,
  DISCOUNT_APPLIED,
  INVALID_DISCOUNT,
  type OrderAnswer,
  type QuoteAnswer,
} from "~/modules/checkout/checkout"

export type DiscountStatus = { applied: boolean; text: string }

/** Spec §3's words for DISCOUNT10; any other promotion ops create says what it takes off. */
function appliedMessage(code: string, quote: CheckoutQuote | null) {
  if (code === STORE.discountCode || !quote) return DISCOUNT_APPLIED
  return `Discount applied: ${formatPrice(quote.totals.discount)} off`
}

type QuoteState = { quote: CheckoutQuote | null; error: string | null; appliedCode: string | null; discountStatus: DiscountStatus | null }

/** The state after an answer to a quote request (the page's figures, a code applied or refused). */
function afterQuote(state: QuoteState, result: QuoteAnswer): QuoteState {
  const next = { ...state, error: result.error, quote: result.quote ?? state.quote }
  if (!result.discount) return next
  const { applied, code } = result.discount
  return {
    ...next,
    appliedCode: applied ? code : null,
    discountStatus: { applied, text: applied ? appliedMessage(code, result.quote) : INVALID_DISCOUNT },
  }
}

/** A refused order may bring the new total or a refused code. */
function afterOrder(state: QuoteState, answer: OrderAnswer): QuoteState {
  let next = state
  if (answer.quote) {
    const code = answer.quote.discountCode
    next = {
      quote: answer.quote,
      error: null,
      appliedCode: code,
      discountStatus: code ? { applied: true, text: appliedMessage(code, answer.quote) } : next.discountStatus,
    }
  }
  if (answer.fieldErrors.discountCode) {
    next = { ...next, appliedCode: null, discountStatus: { applied: false, text: answer.fieldErrors.discountCode } }
  }
  return next
}

export function useCheckoutQuote(signature: string, orderAnswer: OrderAnswer | undefined) {
  const fetcher = useFetcher<CheckoutAnswer>({ key: "checkout-quote" })
  const [state, setState] = useState<QuoteState>({ quote: null, error: null, appliedCode: null, discountStatus: null })
  const { quote, error, appliedCode, discountStatus } = state

  // The shipping option the shopper picked (decision 0059); the quote's own is the truth once it answers.
  const [shippingOption, setShippingOption] = useState<string | null>(null)
  const requestQuote = (code: string | null, apply = false, shipping = shippingOption) =>
    fetcher.submit(
      {
        intent: "quote",
        lines: signature,
        discountCode: code ?? "",
        ...(shipping ? { shippingOption: shipping } : {}),
        ...(apply ? { apply: "1" } : {}),
      },
      { method: "post" }
    )

  // The server's totals when the page opens and whenever the cart changes.
  useEffect(() => {
    requestQuote(appliedCode)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new cart asks again
  }, [signature])

  // Each answer (to a quote, or a refused order) updates the state once, while rendering
  // (React's "adjusting state when a prop changes"), not in an effect after it.
  const result = fetcher.data
  const quoteAnswer = fetcher.state === "idle" && result?.intent === "quote" && result.signature === signature ? result : undefined
  const [seenQuoteAnswer, setSeenQuoteAnswer] = useState<QuoteAnswer | undefined>(undefined)
  if (quoteAnswer && quoteAnswer !== seenQuoteAnswer) {
    setSeenQuoteAnswer(quoteAnswer)
    setState((current) => afterQuote(current, quoteAnswer))
  }
  const [seenOrderAnswer, setSeenOrderAnswer] = useState<OrderAnswer | undefined>(undefined)
  if (orderAnswer && orderAnswer !== seenOrderAnswer) {
    setSeenOrderAnswer(orderAnswer)
    setState((current) => afterOrder(current, orderAnswer))
  }

  const fresh = quote !== null && quote.signature === signature && fetcher.state === "idle"
  return {
    /** The quote for the cart as it is now, or null while it is being calculated. */
    quote: fresh ? quote : null,
    error,
    appliedCode,
    discountStatus,
    /** The Apply button's request is under way. */
    applying: fetcher.state !== "idle" && fetcher.formData?.get("apply") === "1",
    /** Ask again with the code in effect (Try again). */
    retry: () => requestQuote(appliedCode),
    /** Apply a code the shopper typed. */
    applyCode: (code: string) => requestQuote(code, true),
    /** The shipping options of the last answer (kept while a new one is calculated) and the one chosen. */
    shipping: state.quote?.shipping ?? null,
    shippingChoice: shippingOption ?? state.quote?.shipping.selected ?? null,
    /** Choose a shipping option: Medusa re-prices the cart with it. */
    chooseShipping: (id: string) => {
      setShippingOption(id)
      requestQuote(appliedCode, false, id)
    },
  }
}

export type CheckoutQuoteState = ReturnType<typeof useCheckoutQuote>
