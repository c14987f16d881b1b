/**
 * The pharmacy's disclosures (issue 25, decision 0054): the licenses page and the Notice of
 * Privacy Practices show the Store settings the seed wrote (not text in components), are reached
 * from the footer, About us, the privacy policy and the prescription forms, fit a phone, and show
 * a change ops make in Medusa Admin (through Medusa's Admin API, as Medusa Admin sends it).
 */

import { expect, test } from "./fixtures"
import { storeSettings, verifyAge } from "./helpers"

const HIPAA_HEADER =
  "THIS NOTICE DESCRIBES HOW MEDICAL INFORMATION ABOUT YOU MAY BE USED AND DISCLOSED AND HOW YOU CAN GET ACCESS TO THIS INFORMATION. PLEASE REVIEW IT CAREFULLY."

test("/licenses shows the pharmacy, each state license and the pharmacist-in-charge from the store's settings", async ({ page }) => {
  const response = await page.goto("/licenses")
  expect(response?.status()).toBe(200)
  expect(response?.headers()["cache-control"]).toMatch(/^public, max-age=\d+/)
  await expect(page).toHaveTitle("Licenses and Accreditation | Harbor Health Pharmacy")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Licenses and Accreditation")
  const main = page.getByRole("main")
  await expect(main).toContainText("Harbor Health Pharmacy LLC")
  await expect(main.locator("address")).toHaveText("1200 Commerce Street, Dallas, TX 75202")
  await expect(main.getByRole("link", { name: "(800) 555-0199" })).toHaveAttribute("href", "tel:8005550199")
  const licenses = main.getByRole("table", { name: "State pharmacy licenses" })
  await expect(licenses.getByRole("row", { name: "Texas (TX) PHY-31457" })).toBeVisible()
  await expect(licenses.getByRole("row", { name: "Florida (FL) PH 34211" })).toBeVisible()
  await expect(main).toContainText("Dana Whitfield, PharmD")
  await expect(main).toContainText("Texas RPh 48213")
  // Not configured in this store: no DEA number, no accreditation seal.
  await expect(main).not.toContainText("DEA registration")
  await expect(page.getByRole("heading", { name: "Accreditation", exact: true })).toHaveCount(0)
})

test("/notice-of-privacy-practices begins with the HIPAA header and names the privacy officer and effective date from the settings", async ({
  page,
}) => {
  const response = await page.goto("/notice-of-privacy-practices")
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle("Notice of Privacy Practices | Harbor Health Pharmacy")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notice of Privacy Practices")
  await expect(page.getByTestId("hipaa-header")).toHaveText(HIPAA_HEADER)
  const main = page.getByRole("main")
  await expect(main).toContainText("Effective date: August 16, 2025")
  for (const heading of ["Our duties", "How we may use and disclose your health information", "Your rights", "Complaints"]) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible()
  }
  for (const right of ["Access and copy", "Amendment", "Accounting of disclosures", "Restrictions", "Confidential communications"]) {
    await expect(main).toContainText(right)
  }
  await expect(main).toContainText("We will not retaliate")
  const officer = main.getByRole("definition").filter({ hasText: "Morgan Ellis" })
  await expect(officer).toBeVisible()
  await expect(main.getByRole("link", { name: "(800) 555-0142" })).toHaveAttribute("href", "tel:8005550142")
  await expect(main.getByRole("link", { name: "privacy@harborhealth.example" })).toHaveAttribute(
    "href",
    "mailto:privacy@harborhealth.example"
  )
})

test("the footer, About us, the privacy policy and the prescription forms link to the disclosures", async ({ page }) => {
  await page.goto("/")
  const footer = page.getByRole("contentinfo").getByRole("navigation", { name: "Useful Links" })
  await footer.getByRole("link", { name: "Licenses and Accreditation" }).click()
  await expect(page).toHaveURL(/\/licenses$/)
  await page.getByRole("contentinfo").getByRole("link", { name: "Notice of Privacy Practices" }).click()
  await expect(page).toHaveURL(/\/notice-of-privacy-practices$/)

  await page.goto("/about-us")
  await page.getByRole("main").getByRole("link", { name: "licenses and accreditation" }).click()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Licenses and Accreditation")

  await page.goto("/privacypolicy")
  await page.getByRole("main").getByRole("link", { name: "Notice of Privacy Practices" }).click()
  await expect(page.getByTestId("hipaa-header")).toHaveText(HIPAA_HEADER)

  await verifyAge(page)
  for (const form of ["/weight-loss-form", "/insulin-form", "/apply-for-prescription"]) {
    await page.goto(form)
    await expect(page.getByRole("main").getByRole("link", { name: "Notice of Privacy Practices" }), form).toHaveAttribute(
      "href",
      "/notice-of-privacy-practices"
    )
  }
  await page.getByRole("main").getByRole("link", { name: "Notice of Privacy Practices" }).click()
  await expect(page).toHaveURL(/\/notice-of-privacy-practices$/)
})

test("both pages fit a 360 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  for (const path of ["/licenses", "/notice-of-privacy-practices"]) {
    await page.goto(path)
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360)
  }
})

test("a change ops make to the store's settings shows on the licenses page", async ({ page, request, backendUrl }) => {
  const admin = await storeSettings(request, backendUrl)
  const before = admin.metadata
  try {
    await admin.save({
      ...before,
      pharmacist_in_charge_name: "Jordan Reyes, RPh",
      pharmacy_accreditations: "LegitScript | https://www.legitscript.com/",
    })
    await page.goto("/licenses")
    const main = page.getByRole("main")
    await expect(main).toContainText("Jordan Reyes, RPh")
    await expect(main).not.toContainText("Dana Whitfield")
    await expect(page.getByRole("heading", { name: "Accreditation", exact: true })).toBeVisible()
    await expect(main.getByRole("link", { name: /verify LegitScript/ })).toHaveAttribute("href", "https://www.legitscript.com/")
  } finally {
    await admin.save(before)
  }
})
