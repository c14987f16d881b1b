/**
 * The confirmation page empties the browser's cart once per order (spec §4), not again on a
 * reload, and never a newer cart: it remembers (sessionStorage, else memory) the Medusa cart
 * each shown order came from. Browser only.
 */
const STORAGE_KEY = "confirmed-carts"
let memory: string[] = []

function read(): string[] {
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "[]")
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string").slice(-20) : memory
  } catch {
    return memory
  }
}

/** True the first time the order of this cart is confirmed in this browser session. */
export function firstConfirmation(cartId: string): boolean {
  const seen = read()
  if (seen.includes(cartId)) return false
  memory = [...seen, cartId].slice(-20)
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(memory))
  } catch {
    // Memory only.
  }
  return true
}
