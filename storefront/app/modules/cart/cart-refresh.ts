/**
 * Checking a cart against the catalogue as it is now (spec: "when the cart page
 * opens, prices and stock are refreshed from the server"). Pure, so the cart
 * page's action runs it on the server and the unit tests run it directly.
 */
import type { CatalogListProduct } from "@shared/catalog"

import { type CartProduct, cartProductOf, cartSignature, type CartVariant, jsonArray, lineLimit, MAX_CART_LINES } from "./cart"

export type RequestedLine = { product_id: string; variant_id: string; quantity: number }

export type LineStatus =
  /** On sale with enough stock (possibly after lowering the quantity: `adjusted`). */
  | "ok"
  /** The variant exists but none is left. */
  | "out_of_stock"
  /** The product or the variant is no longer sold. */
  | "unavailable"

export type RefreshedLine = RequestedLine & {
  status: LineStatus
  /** The quantity was lowered to what can be ordered (the stock, at most the line's cap: 10 prescription, 25 other). */
  adjusted: boolean
  /** Fresh product fields and variant (price, stock), null when unavailable. */
  product: CartProduct | null
  variant: CartVariant | null
}

/** The cart's lines as the client sent them (JSON `[[productId, variantId, quantity], ...]`), leniently. */
export function parseRequestedLines(raw: unknown): RequestedLine[] {
  if (typeof raw !== "string" || raw.length > 20_000) return []
  const data = jsonArray(raw)
  const lines: RequestedLine[] = []
  for (const entry of data.slice(0, MAX_CART_LINES)) {
    if (!Array.isArray(entry)) continue
    const [productId, variantId, quantity] = entry
    if (typeof productId !== "string" || typeof variantId !== "string") continue
    if (!productId || !variantId || productId.length > 100 || variantId.length > 100) continue
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1) continue
    lines.push({ product_id: productId, variant_id: variantId, quantity })
  }
  return lines
}

/** Each line against the current products: fresh price and stock, quantity within stock, or a flag. */
export function refreshLines(lines: RequestedLine[], products: CatalogListProduct[]): RefreshedLine[] {
  const byId = new Map(products.map((product) => [product.id, product]))
  return lines.map((line) => {
    const product = byId.get(line.product_id)
    const variant = product?.variants.find((v) => v.id === line.variant_id)
    // A controlled substance is not sold online (issue 25): a line kept from before reads as unavailable.
    if (!product || !variant || product.call_to_order) {
      return { ...line, status: "unavailable", adjusted: false, product: null, variant: null }
    }
    const fresh = cartProductOf(product)
    const stock = Math.max(0, Math.floor(variant.stock))
    const freshVariant = { id: variant.id, name: variant.name, price: variant.price, stock }
    if (stock === 0) return { ...line, status: "out_of_stock", adjusted: false, product: fresh, variant: freshVariant }
    const quantity = Math.min(line.quantity, lineLimit(stock, product.prescription))
    return { ...line, quantity, status: "ok", adjusted: quantity !== line.quantity, product: fresh, variant: freshVariant }
  })
}

/** The lines an order can be quoted for. */
export const orderableLines = (lines: RefreshedLine[]) => lines.filter((line) => line.status === "ok")

export const refreshedSignature = (lines: RefreshedLine[]) => cartSignature(lines)
