/**
 * The money part of the cart page's and the checkout's summaries, and of an order's status page:
 * the Medusa cart's or order's own totals (subtotal, discount, shipping, tax, total), a
 * placeholder while they are being calculated, and the prescription note. Every figure comes
 * from the server.
 */
import type { DisplayTotals } from "@shared/order-totals"

import { formatPrice } from "~/lib/money"
import { RxBadge } from "~/modules/catalog/Badges"

/** A figure still being calculated. */
export function Pending() {
  return (
    <span className="inline-block h-4 w-16 animate-pulse rounded bg-slate-200 align-middle">
      <span className="sr-only">Calculating</span>
    </span>
  )
}

function TotalRow({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-slate-700">{label}</dt>
      <dd className="font-semibold" data-testid={testId}>
        {value ?? <Pending />}
      </dd>
    </div>
  )
}

/**
 * The totals as a description list; null totals show placeholders. `page` names the test ids
 * (`cart-total`, `checkout-tax`...). The cart shows a discount only when there is one; the
 * checkout, where a code can be applied, always shows the row.
 */
export function OrderTotals({
  totals,
  page,
  alwaysShowDiscount = false,
  className = "",
}: {
  totals: DisplayTotals | null
  page: "cart" | "checkout" | "order"
  alwaysShowDiscount?: boolean
  className?: string
}) {
  const showDiscount = alwaysShowDiscount || (totals !== null && totals.discount > 0)
  return (
    <dl className={`space-y-2 text-sm ${className}`} aria-busy={!totals} data-testid={`${page}-summary`}>
      <TotalRow label="Subtotal" testId={`${page}-subtotal`} value={totals ? formatPrice(totals.subtotal) : null} />
      {showDiscount ? (
        <TotalRow
          label="Discount"
          testId={`${page}-discount`}
          value={totals ? (totals.discount > 0 ? `−${formatPrice(totals.discount)}` : formatPrice(0)) : null}
        />
      ) : null}
      <TotalRow
        label="Shipping"
        testId={`${page}-shipping`}
        value={totals ? (totals.shipping === 0 ? "FREE" : formatPrice(totals.shipping)) : null}
      />
      <TotalRow label="Tax" testId={`${page}-tax`} value={totals ? formatPrice(totals.tax) : null} />
      <div className="flex justify-between border-t border-slate-300 pt-3 text-base font-bold">
        <dt>Total</dt>
        <dd data-testid={`${page}-total`}>{totals ? formatPrice(totals.total) : <Pending />}</dd>
      </div>
    </dl>
  )
}

export function PrescriptionNote({ className = "mt-4" }: { className?: string }) {
  return (
    <p className={`${className} text-sm text-slate-700`}>
      Items marked <RxBadge /> need a valid prescription; our pharmacists check it before your order ships.
    </p>
  )
}
