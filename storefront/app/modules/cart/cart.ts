/**
 * The shopper's cart, as the spec describes it (§3, §4): a list kept in the
 * browser's localStorage under the key `cart`, one line per product + variant,
 * each line holding the product fields, the selected variant and a quantity
 * between 1 and the variant's stock. Pure functions: the store (cart-store.ts)
 * persists their results, the tests call them directly.
 *
 * The prices stored here are only what the shopper saw when adding; the cart
 * page refreshes them from the server and shows the server's totals.
 */
import { STORE } from "@shared/store-constants"

export const CART_STORAGE_KEY = "cart"
/** Lines kept at most (and sent to the server at most: cart-refresh.ts). */
export const MAX_CART_LINES = 50
/**
 * Units of one variant in one order at most, whatever the stock: the backend's caps against hoarding
 * (decision 0045), 10 of a prescription medicine and 25 of anything else, so the steppers never offer more.
 */
export const lineCap = (prescription: boolean) => (prescription ? STORE.orderCaps.prescriptionUnitsPerLine : STORE.orderCaps.unitsPerLine)
/** Units in the whole cart at most (the backend's per-order cap). */
export const MAX_CART_UNITS = STORE.orderCaps.unitsPerOrder

export type CartVariant = { id: string; name: string; price: number; stock: number }

export type CartLine = {
  id: string
  name: string
  category: string | null
  category_name: string | null
  image: string | null
  prescription: boolean
  is_popular: boolean
  selectedVariant: CartVariant
  quantity: number
}

export type CartProduct = Omit<CartLine, "selectedVariant" | "quantity">

export const sameLine = (line: CartLine, productId: string, variantId: string) =>
  line.id === productId && line.selectedVariant.id === variantId

/** What one line may hold: the stock in whole units, at most the line's cap. */
export const lineLimit = (stock: number, prescription: boolean) =>
  Number.isFinite(stock) ? Math.min(lineCap(prescription), Math.max(0, Math.floor(stock))) : 0

/** How many more units of this variant can go into the cart: its stock and cap, and what the cart's own cap leaves. */
export function remainingStock(cart: CartLine[], product: Pick<CartProduct, "id" | "prescription">, variant: CartVariant): number {
  const inCart = cart.find((line) => sameLine(line, product.id, variant.id))?.quantity ?? 0
  return Math.max(0, Math.min(lineLimit(variant.stock, product.prescription) - inCart, MAX_CART_UNITS - cartCount(cart)))
}

/**
 * Adds `quantity` units: an existing product + variant line grows by that
 * amount, a new combination is appended (spec §4). The line never exceeds the
 * variant's stock; `added` says how many units actually went in (0 when none).
 */
export function addToCart(
  cart: CartLine[],
  product: CartProduct,
  variant: CartVariant,
  quantity: number
): { cart: CartLine[]; added: number } {
  const wanted = Math.floor(quantity)
  const added = Math.min(Number.isFinite(wanted) ? wanted : 0, remainingStock(cart, product, variant))
  if (added < 1) return { cart, added: 0 }
  const snapshot = cartProductOf(product)
  const existing = cart.find((line) => sameLine(line, product.id, variant.id))
  if (existing) {
    return {
      cart: cart.map((line) =>
        line === existing ? { ...line, ...snapshot, selectedVariant: { ...variant }, quantity: line.quantity + added } : line
      ),
      added,
    }
  }
  if (cart.length >= MAX_CART_LINES) return { cart, added: 0 }
  return { cart: [...cart, { ...snapshot, selectedVariant: { ...variant }, quantity: added }], added }
}

/**
 * Sets a line's quantity. Below 1 is ignored (spec §4: remove is a separate
 * action); above the stock or a cap it stops there.
 */
export function updateQuantity(cart: CartLine[], productId: string, variantId: string, quantity: number): CartLine[] {
  const wanted = Math.floor(quantity)
  if (!Number.isFinite(wanted) || wanted < 1) return cart
  const room = MAX_CART_UNITS - cartCount(cart)
  return cart.map((line) => {
    if (!sameLine(line, productId, variantId)) return line
    const next = Math.max(1, Math.min(wanted, lineLimit(line.selectedVariant.stock, line.prescription), line.quantity + Math.max(0, room)))
    return next === line.quantity ? line : { ...line, quantity: next }
  })
}

export const removeFromCart = (cart: CartLine[], productId: string, variantId: string) =>
  cart.filter((line) => !sameLine(line, productId, variantId))

/** The header badge: units in the cart. */
export const cartCount = (cart: CartLine[]) => cart.reduce((sum, line) => sum + line.quantity, 0)

/** Identity and quantities of the lines, in order: what a refresh or quote was computed for. */
export const cartSignature = (lines: { product_id: string; variant_id: string; quantity: number }[]) =>
  JSON.stringify(lines.map((line) => [line.product_id, line.variant_id, line.quantity]))

export const cartRequestLines = (cart: CartLine[]) =>
  cart.map((line) => ({ product_id: line.id, variant_id: line.selectedVariant.id, quantity: line.quantity }))

const text = (value: unknown): string | null => (typeof value === "string" && value.length > 0 ? value : null)
const number = (value: unknown): number | null => {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value
  return typeof n === "number" && Number.isFinite(n) ? n : null
}

/** What a cart line keeps of its product (the catalogue's fields the cart page shows), and nothing more. */
export function cartProductOf(product: CartProduct): CartProduct {
  return {
    id: product.id,
    name: product.name,
    category: product.category,
    category_name: product.category_name,
    image: product.image,
    prescription: product.prescription,
    is_popular: product.is_popular,
  }
}

/** The JSON array `raw` holds; an empty one for anything else (absent, unreadable, not an array). */
export function jsonArray(raw: string | null | undefined): unknown[] {
  if (!raw) return []
  try {
    const data: unknown = JSON.parse(raw)
    return Array.isArray(data) ? data : []
  } catch {
    return []
  }
}

/**
 * Reads what localStorage holds. Anything unreadable gives an empty cart;
 * malformed lines are dropped, duplicates merged, quantities kept whole and
 * at least 1 (variant prices may be decimal strings, spec §3).
 */
export function parseCart(raw: string | null | undefined): CartLine[] {
  const data = jsonArray(raw)
  let cart: CartLine[] = []
  for (const item of data) {
    if (!item || typeof item !== "object") continue
    const line = item as Record<string, unknown>
    const variant = (line.selectedVariant ?? {}) as Record<string, unknown>
    const id = text(typeof line.id === "number" ? String(line.id) : line.id)
    const variantId = text(typeof variant.id === "number" ? String(variant.id) : variant.id)
    const price = number(variant.price)
    const quantity = number(line.quantity)
    if (!id || !variantId || price === null || price < 0 || quantity === null || quantity < 1) continue
    const parsed: CartLine = {
      id,
      name: text(line.name) ?? "Product",
      category: text(line.category),
      category_name: text(line.category_name),
      image: text(line.image),
      prescription: line.prescription === true,
      is_popular: line.is_popular === true,
      selectedVariant: {
        id: variantId,
        name: text(variant.name) ?? "",
        price,
        stock: Math.max(0, Math.floor(number(variant.stock) ?? 0)),
      },
      quantity: Math.floor(quantity),
    }
    const existing = cart.find((l) => sameLine(l, parsed.id, parsed.selectedVariant.id))
    cart = existing ? cart.map((l) => (l === existing ? { ...l, quantity: l.quantity + parsed.quantity } : l)) : [...cart, parsed]
  }
  return cart.slice(0, MAX_CART_LINES)
}
