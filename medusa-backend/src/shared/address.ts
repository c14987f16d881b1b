/**
 * Shipping addresses. The legacy order payload carries the address as one
 * string ("address, optional apartment, city, state zip, country"); the
 * storefront builds it with `formatShippingAddress`, and the backend turns it
 * back into Medusa's structured address with `parseShippingAddress`.
 */

/** US states, the District of Columbia and the territories, by postal code (what ops type in settings). */
export const US_STATE_CODES = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
  // Territories
  AS: "American Samoa",
  GU: "Guam",
  MP: "Northern Mariana Islands",
  PR: "Puerto Rico",
  VI: "U.S. Virgin Islands",
} as const

/** The names, as the checkout's state select lists them and addresses carry them. */
export const US_STATES = Object.values(US_STATE_CODES)

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
