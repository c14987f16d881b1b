/**
 * Shipping addresses. The legacy order payload carries the address as one
 * string ("address, optional apartment, city, state zip, country"); the
 * storefront builds it with `formatShippingAddress`, and the backend turns it
 * back into Medusa's structured address with `parseShippingAddress`.
 */

export const US_STATES = [
  "Alabama",
  "Alaska",
  "Arizona",
  "Arkansas",
  "California",
  "Colorado",
  "Connecticut",
  "Delaware",
  "District of Columbia",
  "Florida",
  "Georgia",
  "Hawaii",
  "Idaho",
  "Illinois",
  "Indiana",
  "Iowa",
  "Kansas",
  "Kentucky",
  "Louisiana",
  "Maine",
  "Maryland",
  "Massachusetts",
  "Michigan",
  "Minnesota",
  "Mississippi",
  "Missouri",
  "Montana",
  "Nebraska",
  "Nevada",
  "New Hampshire",
  "New Jersey",
  "New Mexico",
  "New York",
  "North Carolina",
  "North Dakota",
  "Ohio",
  "Oklahoma",
  "Oregon",
  "Pennsylvania",
  "Rhode Island",
  "South Carolina",
  "South Dakota",
  "Tennessee",
  "Texas",
  "Utah",
  "Vermont",
  "Virginia",
  "Washington",
  "West Virginia",
  "Wisconsin",
  "Wyoming",
  // Territories
  "American Samoa",
  "Guam",
  "Northern Mariana Islands",
  "Puerto Rico",
  "U.S. Virgin Islands",
] as const

export type AddressFields = {
  address: string
  apartment?: string
  city: string
  state?: string
  zipCode: string
  country: string
}

export function formatShippingAddress(fields: AddressFields): string {
  const stateZip = [fields.state, fields.zipCode].filter(Boolean).join(" ")
  return [fields.address, fields.apartment, fields.city, stateZip, fields.country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ")
}

/** Medusa's structured address as one line, in the legacy order (staff views, emails). */
export function formatStructuredAddress(
  address: {
    address_1?: string | null
    address_2?: string | null
    city?: string | null
    province?: string | null
    postal_code?: string | null
    country_code?: string | null
  },
  countryName: (code: string) => string
): string {
  return formatShippingAddress({
    address: address.address_1 ?? "",
    apartment: address.address_2 ?? undefined,
    city: address.city ?? "",
    state: address.province ?? undefined,
    zipCode: address.postal_code ?? "",
    country: address.country_code ? countryName(address.country_code) : "",
  })
}

const US_NAMES = new Set(["united states", "united states of america", "usa", "us", "u.s.", "u.s.a."])

export const isUnitedStates = (country: string) => US_NAMES.has(country.trim().toLowerCase())

/** Best effort for legacy strings; null when the string has too few parts to ship to. */
export function parseShippingAddress(text: string): AddressFields | null {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
  if (parts.length < 4) return null
  const country = parts.pop()!
  const stateZip = parts.pop()!
  const city = parts.pop()!
  const [address, ...rest] = parts
  // "State ZIP": the ZIP is the last word (the state may have several, or be absent).
  const lastSpace = stateZip.lastIndexOf(" ")
  const state = lastSpace > 0 ? stateZip.slice(0, lastSpace).trim() : ""
  const zipCode = lastSpace > 0 ? stateZip.slice(lastSpace + 1) : stateZip
  return { address, apartment: rest.join(", ") || undefined, city, state: state || undefined, zipCode, country }
}
