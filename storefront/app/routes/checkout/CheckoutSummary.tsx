/**
 * The checkout's "Your Order" column: the lines with the server's line totals, the discount
 * code, the Medusa cart's totals and the Place Order button. Part of the checkout form.
 */
import { Link } from "@remix-run/react"
import { type RefObject, useState } from "react"

import { FormAlert } from "~/components/form-fields"
import { TitledSection } from "~/components/TitledSection"
import { formatPrice } from "~/lib/money"
import type { CartLine } from "~/modules/cart/cart"
import { OrderTotals, Pending, PrescriptionNote } from "~/modules/cart/OrderTotals"
import { RxBadge } from "~/modules/catalog/Badges"
import { ProductImage } from "~/modules/catalog/ProductImage"

import type { CheckoutQuoteState } from "./use-checkout-quote"

const lineKey = (productId: string, variantId: string) => `${productId}\u0000${variantId}`

export function CheckoutSummary({
  cart,
  quoteState,
  submitting,
  formError,
  alertRef,
}: {
  cart: CartLine[]
  quoteState: CheckoutQuoteState
  submitting: boolean
  formError: string | null | undefined
  alertRef: RefObject<HTMLDivElement>
}) {
  const { quote, error, appliedCode, discountStatus, applying, retry, applyCode } = quoteState
  const [discountInput, setDiscountInput] = useState("")
  const quoted = new Map((quote?.lines ?? []).map((line) => [lineKey(line.product_id, line.variant_id), line]))
  const pendingCode = discountInput.trim() !== "" && discountInput.trim() !== (appliedCode ?? "")

  return (
    <TitledSection
      id="summary-heading"
      title="Your Order"
      className="h-fit min-w-0 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-6 lg:sticky lg:top-24"
      titleClassName="text-xl font-bold"
    >
      <ul className="mt-4 divide-y divide-slate-200" data-testid="checkout-lines">
        {cart.map((line) => {
          const priced = quoted.get(lineKey(line.id, line.selectedVariant.id))
          return (
            <li key={lineKey(line.id, line.selectedVariant.id)} className="flex items-center gap-3 py-3" data-testid="checkout-line">
              <div className="relative w-14 shrink-0">
                <ProductImage src={line.image} alt="" size={56} className="rounded-lg border border-slate-200 bg-white" />
                <span
                  className="absolute -right-2 -top-2 grid h-6 min-w-6 place-items-center rounded-full bg-slate-700 px-1 text-xs font-bold text-white"
                  data-testid="quantity-badge"
                >
                  <span className="sr-only">Quantity: </span>
                  {line.quantity}
                </span>
              </div>
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-semibold">
                  {line.name} {line.prescription ? <RxBadge /> : null}
                </p>
                <p className="text-slate-600">{line.selectedVariant.name}</p>
              </div>
              <p className="text-sm font-semibold" data-testid="line-total">
                {priced ? formatPrice(priced.lineTotal) : <Pending />}
              </p>
            </li>
          )
        })}
      </ul>

      <div className="mt-4 border-t border-slate-200 pt-4">
        <label htmlFor="field-discountCode" className="field-label">
          Discount code
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="field-discountCode"
            name="discountCode"
            autoComplete="off"
            value={discountInput}
            onChange={(event) => setDiscountInput(event.target.value)}
            onKeyDown={(event) => {
              // Enter applies the code rather than placing the order.
              if (event.key === "Enter") {
                event.preventDefault()
                if (discountInput.trim()) applyCode(discountInput.trim())
              }
            }}
            aria-invalid={discountStatus && !discountStatus.applied ? true : undefined}
            aria-describedby="discount-status"
            className={`block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base shadow-sm sm:text-sm ${
              discountStatus && !discountStatus.applied ? "border-red-600" : "border-slate-400"
            }`}
          />
          <button
            type="button"
            className="btn-secondary btn-small shrink-0"
            disabled={!discountInput.trim() || applying}
            onClick={() => applyCode(discountInput.trim())}
          >
            {applying ? "Applying..." : "Apply"}
          </button>
        </div>
        <p
          id="discount-status"
          aria-live="polite"
          data-testid="discount-status"
          className={`mt-1 min-h-5 text-sm font-medium ${discountStatus?.applied ? "text-brand-800" : "text-red-700"}`}
        >
          {discountStatus ? discountStatus.text : pendingCode ? "Press Apply to use this code." : ""}
        </p>
      </div>

      {error ? (
        <div role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-800">
          <p>{error}</p>
          <p className="mt-2 flex gap-4">
            <Link to="/cart" className="font-semibold underline">
              Review your cart
            </Link>
            <button type="button" className="font-semibold underline" onClick={retry}>
              Try again
            </button>
          </p>
        </div>
      ) : null}

      <OrderTotals totals={quote?.totals ?? null} page="checkout" alwaysShowDiscount className="mt-3" />
      <p className="mt-2 text-xs text-slate-600">All amounts are in US dollars (USD).</p>
      {quote?.requiresPrescription ? <PrescriptionNote className="mt-3" /> : null}

      <FormAlert ref={alertRef} message={formError} className="mt-4" />
      <button
        type="submit"
        className="btn-primary mt-4 w-full"
        disabled={!quote || submitting}
        aria-describedby={!quote && !error ? "checkout-wait" : undefined}
      >
        {submitting ? "Processing..." : "Place Order"}
      </button>
      {!quote && !error ? (
        <p id="checkout-wait" className="mt-2 text-center text-xs text-slate-600">
          Calculating your total...
        </p>
      ) : null}
      <Link to="/cart" className="mt-4 block text-center text-sm font-semibold text-brand-700 underline">
        Back to cart
      </Link>
    </TitledSection>
  )
}
