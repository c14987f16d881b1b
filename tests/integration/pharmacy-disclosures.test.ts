/**
 * The pharmacy's disclosures (issue 25, decision 0054) on the real backend: the seeded Store
 * settings answered by `GET /store/pharmacy-disclosures` with the storefront's publishable key; a
 * change made as ops make it in Medusa Admin (`POST /admin/stores/{id}` with metadata) answered
 * at once and kept by the next seed; a malformed value shown as not configured, not a 500; the
 * DEA registration only when the backend has one.
 */
import { SEEDED_DISCLOSURES } from "../support/seeded-disclosures"
import { setupStore, withSettings } from "./helpers"
import { integrationSuite } from "./suite"

integrationSuite({ staff: "account", admin: true }, ({ store, admin }, { getContainer }) => {
  let storeId: string

  beforeAll(async () => {
    storeId = (await admin("GET", "/admin/stores")).body.stores[0].id
  })

  /** A change to the Store's metadata, as Medusa Admin's metadata form sends it: every row, the changed ones included. */
  const setMetadata = async (changes: Record<string, unknown>) => {
    const current = (await admin("GET", `/admin/stores/${storeId}`)).body.store.metadata
    const answer = await admin("POST", `/admin/stores/${storeId}`, { metadata: { ...current, ...changes } })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.store.metadata as Record<string, unknown>
  }

  const disclosures = async () => {
    const answer = await store("GET", "/store/pharmacy-disclosures")
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer
  }

  it("answers the seeded settings to anyone with the publishable key, cacheable for a minute", async () => {
    const answer = await disclosures()
    expect(answer.headers.get("cache-control")).toBe("public, max-age=60")
    expect(answer.body.disclosures).toEqual({ ...SEEDED_DISCLOSURES, dea_registration: null })
  })

  it("answers what ops set in Medusa Admin at once, and the next seed keeps it (adding only keys the store lacks)", async () => {
    const metadata = await setMetadata({
      pharmacy_legal_name: "Harbor Health Pharmacy of Texas LLC",
      pharmacy_state_licenses: "TX: PHY-99999; NM: PH-1234",
      pharmacy_accreditations: "LegitScript | https://www.legitscript.com/; NABP Digital Pharmacy",
      privacy_officer_email: "hipaa@harborhealth.example",
      // A value ops cleared.
      pharmacist_in_charge_license: "",
    })
    expect(metadata).toHaveProperty("pharmacist_in_charge_license", "")
    const changed = (await disclosures()).body.disclosures
    expect(changed.legal_name).toBe("Harbor Health Pharmacy of Texas LLC")
    expect(changed.state_licenses).toEqual([
      { state: "TX", number: "PHY-99999" },
      { state: "NM", number: "PH-1234" },
    ])
    expect(changed.accreditations).toEqual([
      { name: "LegitScript", url: "https://www.legitscript.com/" },
      { name: "NABP Digital Pharmacy", url: null },
    ])
    expect(changed.privacy_officer.email).toBe("hipaa@harborhealth.example")
    expect(changed.pharmacist_in_charge).toEqual({ name: "Dana Whitfield, PharmD", license: null })

    // The next seed keeps every value ops set or cleared, and gives a key ops deleted its default again.
    const { pharmacy_phone: _deleted, ...withoutPhone } = metadata
    expect((await admin("POST", `/admin/stores/${storeId}`, { metadata: withoutPhone })).status).toBe(200)
    expect((await disclosures()).body.disclosures.phone).toBeNull()
    await setupStore(getContainer())
    expect((await disclosures()).body.disclosures).toEqual({ ...changed, phone: "(800) 555-0199" })
  })

  it("shows a malformed value as not configured, never a 500, and the rest as set", async () => {
    await setMetadata({
      pharmacy_state_licenses: "Texas license 31457",
      privacy_notice_effective_date: "16/08/2025",
      privacy_officer_email: { not: "text" },
      pharmacy_phone: 8005550199,
    })
    const answer = (await disclosures()).body.disclosures
    expect(answer.state_licenses).toEqual([])
    expect(answer.privacy_notice_effective_date).toBeNull()
    expect(answer.privacy_officer).toEqual({ name: "Morgan Ellis", phone: "(800) 555-0142", email: null })
    expect(answer.phone).toBeNull()
    expect(answer.legal_name).toBe("Harbor Health Pharmacy LLC")
  })

  it("answers the DEA registration number only when the backend has one (DEA_REGISTRATION_NUMBER)", async () => {
    await withSettings({ DEA_REGISTRATION_NUMBER: "ab1234563" }, async () => {
      expect((await disclosures()).body.disclosures.dea_registration).toBe("AB1234563")
    })
    expect((await disclosures()).body.disclosures.dea_registration).toBeNull()
  })
})
