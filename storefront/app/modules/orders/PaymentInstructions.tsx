/**
 * How to pay an order (issue 23): the one "how to pay" block of `@shared/payment-block`, as the
 * confirmation email words it, on the confirmation page and the order status page. Shown only
 * while a payment is awaited (the backend sends no block otherwise).
 */
import type { PaymentBlock } from "@shared/payment-block"

import { DetailRow } from "./DetailRow"

const TERM_WIDTH = "sm:grid-cols-[9rem_1fr]"

export function PaymentInstructions({ payment, headingLevel = 2 }: { payment: PaymentBlock; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3"
  const Subheading = headingLevel === 2 ? "h3" : "h4"
  return (
    <section
      aria-labelledby="payment-heading"
      className="rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-6"
      data-testid="payment-block"
    >
      <Heading id="payment-heading" className="text-lg font-bold text-brand-900">
        How to pay
      </Heading>
      <p className="mt-2 text-sm text-slate-800">{payment.instruction}</p>
      <dl className="mt-4 divide-y divide-brand-100 rounded-xl border border-brand-100 bg-white text-sm">
        <DetailRow label="Payment method" testId="payment-method" termWidth={TERM_WIDTH}>
          {payment.method}
        </DetailRow>
        <DetailRow label="Send to" testId="payment-pay-to" termWidth={TERM_WIDTH}>
          <span className="font-mono font-semibold">{payment.pay_to}</span>
        </DetailRow>
        <DetailRow label="Amount" testId="payment-amount" termWidth={TERM_WIDTH}>
          <span className="font-semibold">{payment.amount_text}</span>
        </DetailRow>
        <DetailRow label="Memo" testId="payment-memo" termWidth={TERM_WIDTH}>
          <span className="font-mono">{payment.memo}</span>
        </DetailRow>
        <DetailRow label="Pay by" testId="payment-pay-by" termWidth={TERM_WIDTH}>
          {payment.pay_by_text}
        </DetailRow>
      </dl>
      {payment.next_steps.length > 0 ? (
        <>
          <Subheading className="mt-5 font-bold text-brand-900">What happens next</Subheading>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-800" data-testid="payment-next-steps">
            {payment.next_steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  )
}
