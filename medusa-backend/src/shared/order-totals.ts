/**
 * The one source of the totals customers and staff see (cart, checkout, order
 * confirmation, email, admin), computed from Medusa's own cart or order totals.
 * See docs/decisions/0004-order-totals.md. Plain code shared with the storefront.
 *
 * Medusa keeps full precision (8 % tax on $33.33 is $2.6664); people see cents.
 * Subtotal, discount, shipping and total are each Medusa's value rounded to the
 * cent, and tax is what makes the arithmetic of the spec hold exactly:
 * total = subtotal + shipping + tax - discount.
 */
export type MedusaTotals = {
  item_subtotal: unknown
  discount_subtotal: unknown
  shipping_subtotal: unknown
  total: unknown
}

export type DisplayTotals = {
  subtotal: number
  discount: number
  shipping: number
  tax: number
  total: number
}

/** Dollars (number or decimal string, as Medusa returns them) to whole cents, half up. */
export function toCents(value: unknown): number {
  const n = Number(typeof value === "object" && value !== null && "value" in value ? (value as { value: unknown }).value : (value ?? 0))
  if (!Number.isFinite(n)) throw new Error("Not an amount")
  return Math.round((n + Math.sign(n) * Number.EPSILON) * 100)
}

export const centsToDollars = (cents: number) => cents / 100

export function displayTotals(totals: MedusaTotals): DisplayTotals {
  const subtotal = toCents(totals.item_subtotal)
  const discount = toCents(totals.discount_subtotal)
  const shipping = toCents(totals.shipping_subtotal)
  const total = toCents(totals.total)
  const tax = total - subtotal - shipping + discount
  return {
    subtotal: centsToDollars(subtotal),
    discount: centsToDollars(discount),
    shipping: centsToDollars(shipping),
    tax: centsToDollars(tax),
    total: centsToDollars(total),
  }
}

/** The Medusa fields `displayTotals` needs, for query.graph on carts and orders. */
export const TOTALS_FIELDS = ["item_subtotal", "discount_subtotal", "shipping_subtotal", "tax_total", "total"]
