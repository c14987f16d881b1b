/**
 * The pharmacy's disclosures from the Store's metadata (issue 25, decision 0054): the one-line
 * formats ops type in Medusa Admin, and the soft failure of a bad value (that field "not
 * configured", the others still shown, the problem named for the log); the seed's defaults fill
 * only what is missing.
 */
import { describe, expect, it } from "vitest"

import { withDisclosureDefaults } from "../../medusa-backend/src/scripts/seed/store"
import { DISCLOSURE_DEFAULTS, parsePharmacyDisclosures } from "../../medusa-backend/src/shared/pharmacy-disclosures"
import { SEEDED_DISCLOSURES } from "../support/seeded-disclosures"

describe("parsePharmacyDisclosures", () => {
  it("reads the seeded defaults completely, with no problem", () => {
    const { disclosures, problems } = parsePharmacyDisclosures(DISCLOSURE_DEFAULTS)
    expect(problems).toEqual([])
    expect(disclosures).toEqual(SEEDED_DISCLOSURES)
  })

  it("reads the list formats ops type (and JSON arrays), trimming and upper-casing state codes", () => {
    const { disclosures, problems } = parsePharmacyDisclosures({
      pharmacy_state_licenses: " ny : 032145 ;ca: PHY 57892; ",
      pharmacy_accreditations:
        "LegitScript | https://www.legitscript.com/websites/?checker_keywords=harborhealth.example; NABP Digital Pharmacy",
    })
    expect(problems).toEqual([])
    expect(disclosures.state_licenses).toEqual([
      { state: "NY", number: "032145" },
      { state: "CA", number: "PHY 57892" },
    ])
    expect(disclosures.accreditations).toEqual([
      { name: "LegitScript", url: "https://www.legitscript.com/websites/?checker_keywords=harborhealth.example" },
      { name: "NABP Digital Pharmacy", url: null },
    ])
    const json = parsePharmacyDisclosures({
      pharmacy_state_licenses: [{ state: "wa", number: "PHAR.123" }],
      pharmacy_accreditations: [{ name: "LegitScript" }],
    })
    expect(json.problems).toEqual([])
    expect(json.disclosures.state_licenses).toEqual([{ state: "WA", number: "PHAR.123" }])
    expect(json.disclosures.accreditations).toEqual([{ name: "LegitScript", url: null }])
  })

  it("shows a malformed value as not configured, keeps the other fields, and names the problem", () => {
    const { disclosures, problems } = parsePharmacyDisclosures({
      ...DISCLOSURE_DEFAULTS,
      pharmacy_state_licenses: "Texas 31457",
      pharmacy_accreditations: "LegitScript | javascript:alert(1)",
      privacy_officer_email: "privacy at harborhealth",
      privacy_notice_effective_date: "2025-02-30",
      pharmacy_phone: 8005550199,
    })
    expect(disclosures.state_licenses).toEqual([])
    expect(disclosures.accreditations).toEqual([])
    expect(disclosures.privacy_officer).toEqual({ name: "Morgan Ellis", phone: "(800) 555-0142", email: null })
    expect(disclosures.privacy_notice_effective_date).toBeNull()
    expect(disclosures.phone).toBeNull()
    expect(disclosures.legal_name).toBe("Harbor Health Pharmacy LLC")
    expect(problems.map((problem) => problem.split(":")[0])).toEqual([
      "pharmacy_phone",
      "pharmacy_state_licenses",
      "pharmacy_accreditations",
      "privacy_officer_email",
      "privacy_notice_effective_date",
    ])
    expect(problems.join(" ")).toContain("not a US state code")
  })

  it("treats missing, empty or non-object metadata as not configured, without a problem", () => {
    for (const metadata of [
      null,
      undefined,
      "text",
      [],
      {},
      { pharmacy_legal_name: "  ", pharmacy_state_licenses: [], pharmacy_accreditations: " ", privacy_officer_email: "" },
    ]) {
      const { disclosures, problems } = parsePharmacyDisclosures(metadata)
      expect(problems).toEqual([])
      expect(disclosures.legal_name).toBeNull()
      expect(disclosures.state_licenses).toEqual([])
      expect(disclosures.privacy_officer.email).toBeNull()
    }
  })
})

describe("withDisclosureDefaults (the seed)", () => {
  it("adds the missing keys only: a value ops changed or cleared, and other metadata, are kept", () => {
    const merged = withDisclosureDefaults({ pharmacy_legal_name: "Ops Name LLC", pharmacy_phone: "", other: 1 })
    expect(merged).toEqual({ ...DISCLOSURE_DEFAULTS, pharmacy_legal_name: "Ops Name LLC", pharmacy_phone: "", other: 1 })
    expect(withDisclosureDefaults(null)).toEqual(DISCLOSURE_DEFAULTS)
  })
})
