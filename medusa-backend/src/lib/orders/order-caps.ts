/**
 * Caps against stock hoarding (decision 0045): units of one variant per order
 * (lower for prescription-only products) and units per order, enforced inside
 * Medusa on every path to an order (src/workflows/hooks). Settings:
 *
 *   ORDER_MAX_UNITS_PER_RX_LINE   default 10  units of one prescription-only variant
 *   ORDER_MAX_UNITS_PER_LINE      default 25  units of one other variant
 *   ORDER_MAX_UNITS_PER_ORDER     default 50  units of everything in one order
 *
 * Parsed strictly with the backend's settings (`orderCaps`, src/lib/config.ts): a
 * value that is not a whole number from 1 to 100000 stops the start with the
 * variable's name. The defaults are the storefront's too (STORE.orderCaps).
 */

export type OrderCaps = {
  /** Units of one prescription-only variant in one order. */
  prescription_units_per_line: number
  /** Units of one other variant in one order. */
  units_per_line: number
  /** Units of everything in one order. */
  units_per_order: number
}

export type CappedLine = {
  variant_id: string
  quantity: number
  /** Prescription-only (a variant that cannot be found counts as prescription-only). */
  prescription: boolean
  /** For the message. */
  product_title?: string | null
}

const units = (n: number) => `${n} unit${n === 1 ? "" : "s"}`

/**
 * The first cap these lines break, as a sentence naming the limit; null when
 * none. Lines of the same variant count together (one cart may hold a variant
 * on several lines).
 */
export function orderCapViolation(lines: CappedLine[], caps: OrderCaps): string | null {
  const perVariant = new Map<string, CappedLine>()
  let total = 0
  for (const line of lines) {
    const quantity = Number(line.quantity)
    if (!Number.isFinite(quantity) || quantity <= 0) continue
    total += quantity
    const seen = perVariant.get(line.variant_id)
    perVariant.set(line.variant_id, seen ? { ...seen, quantity: seen.quantity + quantity } : { ...line, quantity })
  }
  for (const line of perVariant.values()) {
    const cap = line.prescription ? caps.prescription_units_per_line : caps.units_per_line
    if (line.quantity <= cap) continue
    const what = line.prescription ? "a prescription medicine" : "one product"
    const requested = line.product_title ? `${line.product_title}: ${units(line.quantity)} requested` : `${units(line.quantity)} requested`
    return `You can order at most ${units(cap)} of ${what} per order (${requested}).`
  }
  if (total > caps.units_per_order) {
    return `You can order at most ${units(caps.units_per_order)} in one order (${units(total)} requested). Please remove some items.`
  }
  return null
}
