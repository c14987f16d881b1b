/**
 * One checkout attempt = one Idempotency-Key for POST /api/orders/. The key is
 * made when the checkout page opens and kept in sessionStorage with a
 * fingerprint of the cart, so a double click, a retry after a network error or
 * a reload of the page send the same key (the backend then returns the same
 * order, never a second one). A changed cart is another attempt: a new key.
 * See docs/decisions/0021-checkout-idempotency.md.
 *
 * Browser only. When sessionStorage is unavailable the attempt lives in memory
 * for this page view (client-side navigation keeps it).
 */
const STORAGE_KEY = "checkout-attempt"

export type CheckoutAttempt = { key: string; fingerprint: string }

let memory: CheckoutAttempt | null = null

/** 128 random bits, hex: printable, 8-200 characters, as the backend requires. Works without a secure context. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return `checkout-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`
}

function read(): CheckoutAttempt | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY)
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<CheckoutAttempt>
      if (
        typeof parsed.key === "string" &&
        typeof parsed.fingerprint === "string" &&
        /^[\x21-\x7e]{8,200}$/.test(parsed.key)
      ) {
        return { key: parsed.key, fingerprint: parsed.fingerprint }
      }
    }
  } catch {
    // Storage disabled or unreadable: memory below.
  }
  return memory
}

function write(attempt: CheckoutAttempt | null) {
  memory = attempt
  try {
    if (attempt) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(attempt))
    else window.sessionStorage.removeItem(STORAGE_KEY)
  } catch {
    // Memory only.
  }
}

/** The attempt for this cart: the stored one when the cart is the same, else a new one. */
export function attemptFor(fingerprint: string): CheckoutAttempt {
  const current = read()
  if (current && current.fingerprint === fingerprint) return current
  const next = { key: newIdempotencyKey(), fingerprint }
  write(next)
  return next
}

/** A new attempt for the same cart (after the key was used for an order with other details). */
export function renewAttempt(fingerprint: string): CheckoutAttempt {
  const next = { key: newIdempotencyKey(), fingerprint }
  write(next)
  return next
}

/**
 * Ends the attempt that placed an order, once: true when `key` is the current
 * attempt (the confirmation page then clears the cart), false on a reload or
 * for an older order, so a newer cart is never emptied by mistake.
 */
export function finishAttempt(key: string): boolean {
  const current = read()
  if (!current || current.key !== key) return false
  write(null)
  return true
}
