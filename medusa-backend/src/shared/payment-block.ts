/**
 * The one "how to pay" block of an order paid by a manual method (issue 23): what the
 * confirmation email, the order status page and the confirmation page show. Plain code, no
 * Medusa imports: the storefront renders the same words from it.
 *
 * The pay-by moment is when the unpaid-order job may cancel the order (placed +
 * UNPAID_ORDER_TTL_DAYS, read by the caller where the job reads it), shown in the store's
 * time zone (US Eastern, as the support hours).
 */
import { paymentLabel } from "./payment-methods"

export type PaymentBlockInput = {
  order_number: string
  /** Dollars, the order's displayed total. */
  total: number
  placed_at: Date | string
  /** A manual method ("zelle") or its provider id ("pp_zelle_manual"). */
  payment_method: string
  /** Where the money goes for this method (the handle shown when the order was placed). */
  pay_to: string
  has_prescription_items: boolean
  /** UNPAID_ORDER_TTL_DAYS of the backend. */
  ttl_days: number
}

export type PaymentBlock = {
  /** The method's name: "Zelle". */
  method: string
  pay_to: string
  /** Dollars. */
  amount: number
  /** "$12.34" */
  amount_text: string
  /** What to write in the payment's memo: the order number. */
  memo: string
  /** ISO 8601: payment must arrive before this moment, or the order is canceled. */
  pay_by: string
  /** "Saturday, November 28, 2026, 3:15 PM Eastern Time" */
  pay_by_text: string
  /** The instruction in one sentence. */
  instruction: string
  /** What happens next, in order. */
  next_steps: string[]
}

export const STORE_TIME_ZONE = "America/New_York"

const money = (n: number) => `$${n.toFixed(2)}`

/** A moment as customers read it, in the store's time zone. */
export function storeDateTimeText(at: Date): string {
  const text = new Intl.DateTimeFormat("en-US", {
    timeZone: STORE_TIME_ZONE,
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(at)
  return `${text} Eastern Time`
}

/** Placed + ttl_days: the moment an unpaid order becomes due for cancellation. */
export function payByDate(placedAt: Date | string, ttlDays: number): Date {
  return new Date(new Date(placedAt).getTime() + ttlDays * 24 * 3600 * 1000)
}

export function paymentBlock(input: PaymentBlockInput): PaymentBlock {
  const method = paymentLabel(input.payment_method)
  const amount = Math.round(input.total * 100) / 100
  const memo = `Order ${input.order_number}`
  const payBy = payByDate(input.placed_at, input.ttl_days)
  const payByText = storeDateTimeText(payBy)
  const nextSteps = [
    ...(input.has_prescription_items
      ? ["A pharmacist reviews the prescription items of your order; we contact you if we need anything."]
      : []),
    input.has_prescription_items
      ? "We ship your order once your payment has arrived and the prescription review is approved."
      : "We ship your order as soon as your payment has arrived.",
    `An order still unpaid on ${payByText} is canceled.`,
  ]
  return {
    method,
    pay_to: input.pay_to,
    amount,
    amount_text: money(amount),
    memo,
    pay_by: payBy.toISOString(),
    pay_by_text: payByText,
    instruction: `Send ${money(amount)} with ${method} to ${input.pay_to} and write "${memo}" in the memo, so that it arrives by ${payByText}.`,
    next_steps: nextSteps,
  }
}

/** What happens next when no payment is awaited from the customer (paid, or arranged with the pharmacy). */
export const NO_PAYMENT_BLOCK_TEXT = "Our team will contact you about the payment of this order."
