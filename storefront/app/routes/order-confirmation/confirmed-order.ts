/**
 * The confirmation page empties the browser's cart once per order (spec §4), not again on a
 * reload, and never a newer cart: it remembers (sessionStorage, else memory) the order numbers
 * it has shown. The order number is what the page shows anyway; the Medusa cart's id never
 * reaches the page (decision 0046). Browser only.
 */
const STORAGE_KEY = "confirmed-orders"
let memory: string[] = []

function read(): string[] {
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "[]")
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string").slice(-20) : memory
  } catch {
    return memory
  }
}

/** True the first time this order (its public number) is confirmed in this browser session. */
export function firstConfirmation(orderNumber: string): boolean {
  const seen = read()
  if (seen.includes(orderNumber)) return false
  memory = [...seen, orderNumber].slice(-20)
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(memory))
  } catch {
    // Memory only.
  }
  return true
}
