import { paymentLabel } from "../../shared/payment-methods"
import type { PaymentMethod } from "../../shared/store-constants"

/** Where a customer sends money for one manual payment method (its name: @shared/payment-methods). */
export type PaymentAccount = { payTo: string }

export type ManualPaymentOptions = { accounts?: Partial<Record<PaymentMethod, PaymentAccount>> }

/** Defaults for development; production sets PAYMENT_<METHOD>_PAY_TO (see medusa-config.ts). */
export const DEFAULT_ACCOUNTS: Record<PaymentMethod, PaymentAccount> = {
  zelle: { payTo: "payments@harborhealth.example" },
  cashapp: { payTo: "$HarborHealthRx" },
  applepay: { payTo: "(800) 555-0199" },
  chime: { payTo: "$HarborHealthPharmacy" },
}

export type PaymentInstructions = {
  method: PaymentMethod
  label: string
  pay_to: string
  amount: number
  memo: string
  text: string
}

/** The instructions a customer gets (confirmation email, order page) for paying an order. */
export function paymentInstructions(
  method: PaymentMethod,
  account: PaymentAccount,
  order: { order_number: string; total: number }
): PaymentInstructions {
  const memo = `Order ${order.order_number}`
  const amount = order.total.toFixed(2)
  const label = paymentLabel(method)
  return {
    method,
    label,
    pay_to: account.payTo,
    amount: order.total,
    memo,
    text: `Send $${amount} with ${label} to ${account.payTo} and write "${memo}" in the memo. We ship as soon as the payment arrives.`,
  }
}
