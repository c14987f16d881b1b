import type { Page } from "@playwright/test"

/** The shopper the checkout tests fill in (a Boston address), without an email: each test brings its own. */
export const SHOPPER = {
  firstName: "Ada",
  lastName: "Lovelace",
  company: "Analytical Engines",
  address: "12 Harbor Street",
  apartment: "Apt 4",
  city: "Boston",
  state: "Massachusetts",
  zipCode: "02110",
  phone: "(617) 555-0142",
}

export type Billing = {
  firstName: string
  lastName: string
  company?: string
  address: string
  apartment?: string
  city: string
  state: string
  zipCode: string
  phone: string
  email: string
}

/** The test shopper with their own email. */
export const billing = (email: string): Billing => ({ ...SHOPPER, email })

/** Fills the checkout's billing details as a shopper types them. */
export async function fillBilling(page: Page, b: Billing) {
  await page.getByLabel("First name").fill(b.firstName)
  await page.getByLabel("Last name").fill(b.lastName)
  if (b.company) await page.getByLabel("Company name").fill(b.company)
  await page.getByLabel("Street address").fill(b.address)
  if (b.apartment) await page.getByLabel("Apartment, suite, unit, etc.").fill(b.apartment)
  await page.getByLabel("Town / City").fill(b.city)
  await page.getByLabel("State").selectOption(b.state)
  await page.getByLabel("ZIP/Postal code").fill(b.zipCode)
  await page.getByLabel("Phone").fill(b.phone)
  await page.getByLabel("Email address").fill(b.email)
}
