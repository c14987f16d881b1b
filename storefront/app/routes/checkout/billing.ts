/**
 * "Save this information for next time" (spec §2/§3 saveInfo): the billing
 * details are remembered in this browser's localStorage only, never sent to be
 * stored on the server. Unticking the box and placing an order forgets them.
 * Payment method and discount code are not billing details and are not kept.
 */
import { BILLING_DETAILS_FIELDS } from "~/modules/checkout/checkout"

export const BILLING_STORAGE_KEY = "checkout-billing"

/** The Billing Details section's fields: not the payment method, the discount code or the separate billing address. */
export const SAVED_BILLING_FIELDS = BILLING_DETAILS_FIELDS

export type SavedBilling = Partial<Record<(typeof SAVED_BILLING_FIELDS)[number], string>>

/** What storage holds, leniently: only short strings of the known fields. */
export function parseSavedBilling(raw: string | null | undefined): SavedBilling | null {
  if (!raw) return null
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    return null
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return null
  const saved: SavedBilling = {}
  for (const field of SAVED_BILLING_FIELDS) {
    const value = (data as Record<string, unknown>)[field]
    if (typeof value === "string" && value.length <= 500) saved[field] = value
  }
  return Object.keys(saved).length ? saved : null
}

export function loadBilling(): SavedBilling | null {
  try {
    return parseSavedBilling(window.localStorage.getItem(BILLING_STORAGE_KEY))
  } catch {
    return null
  }
}

/** Remembers the form's billing fields (when "save" is ticked) or forgets them (when not). */
export function rememberBilling(form: FormData) {
  try {
    if (!form.get("saveInfo")) {
      window.localStorage.removeItem(BILLING_STORAGE_KEY)
      return
    }
    const saved: SavedBilling = {}
    for (const field of SAVED_BILLING_FIELDS) {
      const value = form.get(field)
      if (typeof value === "string" && value.trim()) saved[field] = value.trim().slice(0, 500)
    }
    window.localStorage.setItem(BILLING_STORAGE_KEY, JSON.stringify(saved))
  } catch {
    // Storage full or disabled: nothing is remembered.
  }
}
