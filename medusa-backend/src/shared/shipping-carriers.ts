/**
 * The carriers staff ship with, their tracking number formats and tracking pages (issue 24).
 * The staff area's "Ship" form and the backend's `POST /api/orders/{number}/ship/` check a
 * number with the same rules (src/shared/schemas/order-shipment.ts); the tracking URL becomes the
 * label of the Medusa fulfilment, which the shipped email and the order status page show.
 */

export const CARRIERS = ["usps", "ups", "fedex", "dhl", "other"] as const
export type Carrier = (typeof CARRIERS)[number]

type CarrierRule = {
  /** The carrier's name, as staff and customers read it ("other": none). */
  name: string | null
  /** The shapes of its tracking numbers, after `normalizeTrackingNumber`. */
  patterns: RegExp[]
  /** What a number looks like, for the message refusing one. */
  format: string
  /** Its tracking page for a number; null when the carrier is not known. */
  trackingUrl: ((trackingNumber: string) => string) | null
}

export const CARRIER_RULES: Record<Carrier, CarrierRule> = {
  usps: {
    name: "USPS",
    patterns: [/^\d{20,22}$/, /^[A-Z]{2}\d{9}US$/],
    format: "20 to 22 digits, or 13 characters like EC123456789US",
    trackingUrl: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encodeURIComponent(n)}`,
  },
  ups: {
    name: "UPS",
    patterns: [/^1Z[A-Z0-9]{16}$/],
    format: "1Z followed by 16 letters or digits",
    trackingUrl: (n) => `https://www.ups.com/track?tracknum=${encodeURIComponent(n)}`,
  },
  fedex: {
    name: "FedEx",
    patterns: [/^(\d{12}|\d{15}|\d{20})$/],
    format: "12, 15 or 20 digits",
    trackingUrl: (n) => `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(n)}`,
  },
  dhl: {
    name: "DHL",
    patterns: [/^\d{10}$/],
    format: "10 digits",
    trackingUrl: (n) => `https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=${encodeURIComponent(n)}`,
  },
  other: {
    name: null,
    patterns: [/^[A-Za-z0-9-]{4,40}$/],
    format: "4 to 40 letters, digits or hyphens",
    trackingUrl: null,
  },
}

/** The carriers in the words of the staff area's select. */
export const CARRIER_LABELS: Record<Carrier, string> = { usps: "USPS", ups: "UPS", fedex: "FedEx", dhl: "DHL", other: "Other carrier" }

/**
 * A number as staff type or paste it, as the carrier writes it: spaces dropped (labels print numbers
 * in groups); a known carrier's letters in capitals (another carrier's are kept as typed).
 */
export function normalizeTrackingNumber(carrier: Carrier, value: string): string {
  const compact = value.replace(/\s+/g, "")
  return carrier === "other" ? compact : compact.toUpperCase()
}

/** Why this (normalized) number is not one of the carrier's; null when it is. */
export function trackingNumberProblem(carrier: Carrier, trackingNumber: string): string | null {
  const rule = CARRIER_RULES[carrier]
  if (rule.patterns.some((pattern) => pattern.test(trackingNumber))) return null
  return `Enter a valid ${rule.name ? `${rule.name} ` : ""}tracking number (${rule.format})`
}

/** The label of the shipment: the number, its tracking page ("" when unknown) and no label document (bought outside the store). */
export function trackingLabel(carrier: Carrier, trackingNumber: string) {
  const url = CARRIER_RULES[carrier].trackingUrl
  return { tracking_number: trackingNumber, tracking_url: url ? url(trackingNumber) : "", label_url: "" }
}
