/**
 * The pharmacy's disclosures as the seed sets them (decision 0054), written out: what the unit test
 * of the parser and the integration test of `GET /store/pharmacy-disclosures` both expect.
 */
export const SEEDED_DISCLOSURES = {
  legal_name: "Harbor Health Pharmacy LLC",
  address: "1200 Commerce Street, Dallas, TX 75202",
  phone: "(800) 555-0199",
  state_licenses: [
    { state: "TX", number: "PHY-31457" },
    { state: "OK", number: "99-7321" },
    { state: "LA", number: "PHR.009812" },
    { state: "FL", number: "PH 34211" },
  ],
  pharmacist_in_charge: { name: "Dana Whitfield, PharmD", license: "Texas RPh 48213" },
  accreditations: [],
  privacy_officer: { name: "Morgan Ellis", phone: "(800) 555-0142", email: "privacy@harborhealth.example" },
  privacy_notice_effective_date: "2025-08-16",
  rx_ship_states: "all",
}
