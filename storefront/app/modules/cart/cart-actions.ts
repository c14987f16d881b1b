/**
 * Changes to the stored cart (spec §4), kept apart from cart-store.ts so that
 * pages which only show the cart badge do not load them.
 */
import { addToCart, type CartLine, type CartProduct, type CartVariant, removeFromCart, sameLine, updateQuantity } from "./cart"
import type { RefreshedLine } from "./cart-refresh"
import { getSnapshot, write } from "./cart-store"

export const cartStore = {
  /** Adds units; returns how many went in (stock limits what fits). */
  add(product: CartProduct, variant: CartVariant, quantity: number): number {
    const { cart, added } = addToCart(getSnapshot(), product, variant, quantity)
    write(cart)
    return added
  },
  setQuantity(productId: string, variantId: string, quantity: number) {
    write(updateQuantity(getSnapshot(), productId, variantId, quantity))
  },
  remove(productId: string, variantId: string) {
    write(removeFromCart(getSnapshot(), productId, variantId))
  },
  clear() {
    write([])
  },
  /** Stores the server's fresh prices, stock and quantities (the cart page's refresh). */
  applyRefresh(lines: RefreshedLine[]) {
    let changed = false
    const next = getSnapshot().map((line) => {
      const fresh = lines.find((l) => sameLine(line, l.product_id, l.variant_id))
      if (!fresh?.product || !fresh.variant) return line
      const updated: CartLine = { ...line, ...fresh.product, selectedVariant: fresh.variant, quantity: fresh.quantity }
      if (JSON.stringify(updated) === JSON.stringify(line)) return line
      changed = true
      return updated
    })
    if (changed) write(next)
  },
}
