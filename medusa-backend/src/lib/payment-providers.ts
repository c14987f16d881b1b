import type { PaymentMethod } from "../shared/store-constants"

/** Medusa's id of the payment provider registered for a method (medusa-config.ts, id "manual"). */
export const paymentProviderId = (method: PaymentMethod) => `pp_${method}_manual`

export const paymentMethodOfProvider = (providerId: string): PaymentMethod | null => {
  const match = /^pp_(zelle|cashapp|applepay|chime)_manual$/.exec(providerId)
  return match ? (match[1] as PaymentMethod) : null
}
