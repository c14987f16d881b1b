/**
 * The checkout's running quote, in the browser: asks the page's action (intent `quote`) for
 * the Medusa cart's totals when the page opens and whenever the cart's lines change, applies
 * a discount code on request, and takes the fresh totals a refused order brings back. Every
 * figure comes from the server; the page only shows them.
 */
import { useFetcher } from "@remix-run/react"
import { STORE } from "@shared/store-constants"
import { useEffect, useState } from "react"

import { type CheckoutAnswer, type CheckoutQuote, DISCOUNT_APPLIED, INVALID_DISCOUNT, type OrderAnswer } from "./checkout"
import { formatPrice } from "./money"

export type DiscountStatus = { applied: boolean; text: string }

/** Spec §3's words for DISCOUNT10; any other promotion ops create says what it takes off. */
function appliedMessage(code: string, quote: CheckoutQuote | null) {
  if (code === STORE.discountCode || !quote) return DISCOUNT_APPLIED
  return `Discount applied: ${formatPrice(quote.totals.discount)} off`
}

export function useCheckoutQuote(signature: string, orderAnswer: OrderAnswer | undefined) {
  const fetcher = useFetcher<CheckoutAnswer>({ key: "checkout-quote" })
  const [quote, setQuote] = useState<CheckoutQuote | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [appliedCode, setAppliedCode] = useState<string | null>(null)
  const [discountStatus, setDiscountStatus] = useState<DiscountStatus | null>(null)

  const requestQuote = (code: string | null, apply = false) =>
    fetcher.submit({ intent: "quote", lines: signature, discountCode: code ?? "", ...(apply ? { apply: "1" } : {}) }, { method: "post" })

  // The server's totals when the page opens and whenever the cart changes.
  useEffect(() => {
    requestQuote(appliedCode)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new cart asks again
  }, [signature])

  useEffect(() => {
    const result = fetcher.data
    if (fetcher.state !== "idle" || !result || result.intent !== "quote" || result.signature !== signature) return
    setError(result.error)
    if (result.quote) setQuote(result.quote)
    if (result.discount) {
      setAppliedCode(result.discount.applied ? result.discount.code : null)
      setDiscountStatus({
        applied: result.discount.applied,
        text: result.discount.applied ? appliedMessage(result.discount.code, result.quote) : INVALID_DISCOUNT,
      })
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one update per answer
  }, [fetcher.data, fetcher.state])

  // A refused order may bring the new total or a refused code.
  useEffect(() => {
    if (!orderAnswer) return
    if (orderAnswer.quote) {
      setQuote(orderAnswer.quote)
      setError(null)
      setAppliedCode(orderAnswer.quote.discountCode)
      if (orderAnswer.quote.discountCode) {
        setDiscountStatus({ applied: true, text: appliedMessage(orderAnswer.quote.discountCode, orderAnswer.quote) })
      }
    }
    if (orderAnswer.fieldErrors.discountCode) {
      setAppliedCode(null)
      setDiscountStatus({ applied: false, text: orderAnswer.fieldErrors.discountCode })
    }
  }, [orderAnswer])

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
  }
}

export type CheckoutQuoteState = ReturnType<typeof useCheckoutQuote>
