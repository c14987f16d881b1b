/**
 * The one mapping of payment provider ids to what shoppers and staff read (issue 13): the
 * checkout lists the providers the region has enabled in Medusa Admin, labelled from here; the
 * confirmation page, the confirmation email and the staff area use the same labels. A provider
 * ops add without a label here still shows, under a name made from its id. Plain data: no
 * Medusa imports (the storefront uses it).
 */
import { type PaymentMethod, STORE } from "./store-constants"

/** Spec §2's names and order; Zelle first and chosen by default. */
const LABELS: Record<PaymentMethod, string> = {
  zelle: "Zelle",
  cashapp: "CashApp",
  applepay: "Apple Pay",
  chime: "Chime",
}

/** Medusa's id of the provider registered for a manual method (medusa-config.ts, provider id "manual"). */
export const paymentProviderId = (method: PaymentMethod) => `pp_${method}_manual`

export function paymentMethodOfProvider(providerId: string): PaymentMethod | null {
  const match = /^pp_([a-z]+)_manual$/.exec(providerId)
  return match && (STORE.paymentMethods as readonly string[]).includes(match[1]) ? (match[1] as PaymentMethod) : null
}

/** What a method or provider is called: "Zelle" for zelle or pp_zelle_manual; "Stripe" for pp_stripe_stripe. */
export function paymentLabel(methodOrProviderId: string): string {
  if (methodOrProviderId in LABELS) return LABELS[methodOrProviderId as PaymentMethod]
  const method = paymentMethodOfProvider(methodOrProviderId)
  if (method) return LABELS[method]
  const name = /^pp_([a-z0-9-]+)_/i.exec(methodOrProviderId)?.[1] ?? methodOrProviderId
  return name.replace(/[-_]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase())
}

export type PaymentOption = { provider_id: string; label: string }

/** The providers a region offers, as checkout options: the spec's methods in its order, then any other. */
export function paymentOptions(providerIds: string[]): PaymentOption[] {
  const rank = (id: string) => {
    const method = paymentMethodOfProvider(id)
    return method ? STORE.paymentMethods.indexOf(method) : STORE.paymentMethods.length
  }
  return [...new Set(providerIds)]
    .filter((id) => id !== "pp_system_default") // Medusa's built-in placeholder, never offered to shoppers
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((provider_id) => ({ provider_id, label: paymentLabel(provider_id) }))
}
