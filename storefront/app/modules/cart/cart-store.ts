/**
 * The cart in the browser: localStorage under `cart` (spec §3), shared by
 * every component through `useSyncExternalStore`, and kept in step across tabs
 * by the `storage` event. On the server, and while hydrating, the cart is
 * unknown (`null`), so the server HTML and the first client render agree.
 */
import { useSyncExternalStore } from "react"

import { CART_STORAGE_KEY, cartCount, type CartLine, parseCart } from "./cart"

let snapshot: CartLine[] | null = null
const listeners = new Set<() => void>()

function read(): CartLine[] {
  try {
    return parseCart(window.localStorage.getItem(CART_STORAGE_KEY))
  } catch {
    return [] // storage disabled: an empty cart, as the spec says for "nothing stored"
  }
}

export function getSnapshot(): CartLine[] {
  if (snapshot === null) snapshot = read()
  return snapshot
}

const getServerSnapshot = (): CartLine[] | null => null

function onStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== CART_STORAGE_KEY) return
  snapshot = read()
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    // Nobody listened to other tabs meanwhile: read again what storage holds.
    snapshot = read()
    window.addEventListener("storage", onStorage)
  }
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) window.removeEventListener("storage", onStorage)
  }
}

/** Every change saves the whole list (spec §4). Changes go through cart-actions.ts. */
export function write(next: CartLine[]) {
  if (next === snapshot) return
  snapshot = next
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next))
  } catch {
    // Storage full or disabled: the cart still works for this page view.
  }
  listeners.forEach((listener) => listener())
}

/** The cart, or null before it could be read (server render, hydration). */
export const useCart = () => useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)

export function useCartCount(): number {
  const cart = useCart()
  return cart ? cartCount(cart) : 0
}
