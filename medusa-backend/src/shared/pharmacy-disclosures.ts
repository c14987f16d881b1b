/**
 * The pharmacy's public disclosures (issue 25, decision 0054): who the pharmacy is, where it is
 * licensed, who is in charge, its accreditations and its privacy officer. They are settings, not
 * copy: Medusa's Store record `metadata`, which ops edit in Medusa Admin (Settings → Store →
 * Metadata) without a code change, seeded with the defaults below. Medusa Admin edits metadata as
 * flat text values, so every key holds text; the lists use a one-line format:
 *
 * - `pharmacy_state_licenses`: `TX: PHY-31457; FL: PH 34211` (state code, colon, license number);
 * - `pharmacy_accreditations`: `LegitScript | https://www.legitscript.com/...; NABP Digital Pharmacy`
 *   (name, then optionally ` | ` and an https verification address).
 *
 * (An API client may also store the lists as JSON arrays: `[{ "state", "number" }]`, `[{ "name", "url" }]`.)
 *
 * Parsing fails soft, field by field: a missing, empty or malformed value is "not configured"
 * (null, or an empty list), never a broken page, and each malformed value is reported in
 * `problems` for the backend's log. Plain data and zod only: the storefront imports this too.
 */
import { z } from "zod"

import { US_STATE_CODES } from "./address"
import { parseRxShipStates, RX_SHIP_STATES_DEFAULT, RX_SHIP_STATES_KEY } from "./rx-ship-states"

/** The Store metadata keys of each disclosure. */
export const DISCLOSURE_KEYS = {
  legalName: "pharmacy_legal_name",
  address: "pharmacy_address",
  phone: "pharmacy_phone",
  stateLicenses: "pharmacy_state_licenses",
  pharmacistInChargeName: "pharmacist_in_charge_name",
  pharmacistInChargeLicense: "pharmacist_in_charge_license",
  accreditations: "pharmacy_accreditations",
  privacyOfficerName: "privacy_officer_name",
  privacyOfficerPhone: "privacy_officer_phone",
  privacyOfficerEmail: "privacy_officer_email",
  privacyNoticeEffectiveDate: "privacy_notice_effective_date",
  rxShipStates: RX_SHIP_STATES_KEY,
} as const

/**
 * What the seed writes into a store that lacks a key (never over a value ops set). Example values
 * for development: ops replace them with the pharmacy's real ones before going live. No
 * accreditation is seeded: a seal the pharmacy does not hold must never be shown.
 */
export const DISCLOSURE_DEFAULTS: Record<(typeof DISCLOSURE_KEYS)[keyof typeof DISCLOSURE_KEYS], string> = {
  pharmacy_legal_name: "Harbor Health Pharmacy LLC",
  pharmacy_address: "1200 Commerce Street, Dallas, TX 75202",
  pharmacy_phone: "(800) 555-0199",
  pharmacy_state_licenses: "TX: PHY-31457; OK: 99-7321; LA: PHR.009812; FL: PH 34211",
  pharmacist_in_charge_name: "Dana Whitfield, PharmD",
  pharmacist_in_charge_license: "Texas RPh 48213",
  pharmacy_accreditations: "",
  privacy_officer_name: "Morgan Ellis",
  privacy_officer_phone: "(800) 555-0142",
  privacy_officer_email: "privacy@harborhealth.example",
  privacy_notice_effective_date: "2025-08-16",
  pharmacy_rx_ship_states: RX_SHIP_STATES_DEFAULT,
}

const STATE_CODES = new Set(Object.keys(US_STATE_CODES))

export type StateLicense = { state: string; number: string }
export type Accreditation = { name: string; url: string | null }

/** The disclosures as the pages show them: null (or an empty list) means "not configured". */
export type PharmacyDisclosures = {
  legal_name: string | null
  address: string | null
  phone: string | null
  state_licenses: StateLicense[]
  pharmacist_in_charge: { name: string | null; license: string | null }
  accreditations: Accreditation[]
  privacy_officer: { name: string | null; phone: string | null; email: string | null }
  /** `YYYY-MM-DD`. */
  privacy_notice_effective_date: string | null
  /** Where prescription items ship: every state, or these (names), decision 0056 (a malformed setting: none). */
  rx_ship_states: "all" | string[]
  /** The DEA registration number, when the backend has one (DEA_REGISTRATION_NUMBER); not a Store setting. */
  dea_registration: string | null
}

const text = z.string().trim().min(1).max(300)
const email = z.email().max(200)
const isoDate = z.iso.date().refine((value) => !Number.isNaN(Date.parse(value)), "not a date")

const stateLicense = z.object({
  state: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => STATE_CODES.has(code), "not a US state code"),
  number: z.string().trim().min(1).max(60),
})
const accreditation = z.object({
  name: z.string().trim().min(1).max(120),
  url: z
    .url({ protocol: /^https$/ })
    .max(500)
    .nullish()
    .transform((url) => url ?? null),
})

/** A list setting: one line of `;`-separated entries, each read by `entry` (a JSON array is taken as it is). */
const listOf = <T extends z.ZodType>(item: T, max: number, entry: (text: string) => unknown) =>
  z.preprocess(
    (value) =>
      typeof value === "string"
        ? value
            .split(";")
            .map((text) => text.trim())
            .filter(Boolean)
            .map(entry)
        : value,
    z.array(item).max(max)
  )

/** `TX: 123; FL: 456` → [{ state, number }]. */
const stateLicenses = listOf(stateLicense, 60, (text) => {
  const colon = text.indexOf(":")
  return colon < 0 ? { state: text, number: "" } : { state: text.slice(0, colon), number: text.slice(colon + 1) }
})

/** `Name | https://...; Name` → [{ name, url }]. */
const accreditations = listOf(accreditation, 20, (text) => {
  const [name, url] = text.split("|").map((part) => part.trim())
  return { name, url: url || null }
})

/** A metadata value that was never set, or set empty (how ops clear one in Medusa Admin, which keeps the key). */
const isUnset = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && !value.length)

/**
 * The disclosures in a Store record's metadata, each field on its own: an unset value is not
 * configured; a malformed one too, and reported in `problems` (key and why, never the whole value).
 */
export function parsePharmacyDisclosures(metadata: unknown): {
  disclosures: Omit<PharmacyDisclosures, "dea_registration">
  problems: string[]
} {
  const values = metadata !== null && typeof metadata === "object" && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : {}
  const problems: string[] = []
  function field<T>(key: string, schema: z.ZodType<T>, unset: T): T {
    const value = values[key]
    if (isUnset(value)) return unset
    const parsed = schema.safeParse(value)
    if (parsed.success) return parsed.data
    const issue = parsed.error.issues[0]
    problems.push(`${key}: ${issue?.path.length ? `${issue.path.join(".")}: ` : ""}${issue?.message ?? "invalid"}`)
    return unset
  }
  const K = DISCLOSURE_KEYS
  const rxShipStates = parseRxShipStates(values[K.rxShipStates])
  if (!rxShipStates.all && rxShipStates.problem) problems.push(rxShipStates.problem)
  return {
    disclosures: {
      legal_name: field(K.legalName, text, null),
      address: field(K.address, text, null),
      phone: field(K.phone, text, null),
      state_licenses: field(K.stateLicenses, stateLicenses, []),
      pharmacist_in_charge: {
        name: field(K.pharmacistInChargeName, text, null),
        license: field(K.pharmacistInChargeLicense, text, null),
      },
      accreditations: field(K.accreditations, accreditations, []),
      privacy_officer: {
        name: field(K.privacyOfficerName, text, null),
        phone: field(K.privacyOfficerPhone, text, null),
        email: field(K.privacyOfficerEmail, z.string().trim().pipe(email), null),
      },
      privacy_notice_effective_date: field(K.privacyNoticeEffectiveDate, z.string().trim().pipe(isoDate), null),
      rx_ship_states: rxShipStates.all ? "all" : rxShipStates.states,
    },
    problems,
  }
}

/** What a page shows where a disclosure is not configured. */
export const NOT_CONFIGURED = "Not configured yet: please call the pharmacy."
