/** Money as the storefront shows it: US dollars with 2 decimals (spec §9). */
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })

/** Dollars (number, or a decimal string as some responses send) to "$1,349.02". */
export function formatPrice(dollars: number | string): string {
  const value = typeof dollars === "string" ? Number(dollars) : dollars
  return usd.format(Number.isFinite(value) ? value : 0)
}

/** Whole cents, half up, without binary floating point surprises (19.99 * 100 = 1998.9999...). */
export function toCents(dollars: number | string): number {
  const value = typeof dollars === "string" ? Number(dollars) : dollars
  if (!Number.isFinite(value)) return 0
  return Math.round((value + Math.sign(value) * Number.EPSILON) * 100)
}

export const formatCents = (cents: number) => formatPrice(cents / 100)
