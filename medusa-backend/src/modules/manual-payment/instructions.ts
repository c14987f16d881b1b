import type { PaymentMethod } from "../../shared/store-constants"

/** Where a customer sends money for one manual payment method (its name: @shared/payment-methods). */
export type PaymentAccount = { payTo: string }

export type ManualPaymentOptions = {
  accounts?: Partial<Record<PaymentMethod, PaymentAccount>>
  /** Development placeholders are allowed (`placeholders` of src/lib/config.ts): methods without a handle use DEFAULT_ACCOUNTS. */
  placeholders?: boolean
}

/** Defaults for development; production sets PAYMENT_<METHOD>_PAY_TO (see medusa-config.ts). */
export const DEFAULT_ACCOUNTS: Record<PaymentMethod, PaymentAccount> = {
  zelle: { payTo: "payments@harborhealth.example" },
  cashapp: { payTo: "$HarborHealthRx" },
  applepay: { payTo: "(800) 555-0199" },
  chime: { payTo: "$HarborHealthPharmacy" },
}

// The words customers read about paying (amount, memo, pay-by date, what happens next) come from one
// place, src/shared/payment-block.ts (shared with the storefront), through src/lib/orders/order-payment.ts;
// this module only knows the accounts.
