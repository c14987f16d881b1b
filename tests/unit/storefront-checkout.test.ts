import { FetchError } from "@medusajs/js-sdk"
import { isUnitedStates, US_STATES } from "@shared/address"
import { COUNTRIES, DEFAULT_COUNTRY } from "@shared/countries"
import { paymentLabel, paymentOptions } from "@shared/payment-methods"
import { fieldErrors } from "@shared/schemas/fields"
import { STORE } from "@shared/store-constants"
import { describe, expect, it } from "vitest"

import { backendMessage, noBackendAnswer } from "~/lib/backend-errors.server"
import { failedToPlaceOrder } from "~/modules/checkout/checkout"
import {
  CONFIRMATION_TTL_MS,
  confirmationCookieHeader,
  parseConfirmedOrder,
  readConfirmedOrder,
} from "~/modules/checkout/order-confirmation.server"
import { parseSavedBilling, SAVED_BILLING_FIELDS } from "~/routes/checkout/billing"
import {
  billingAddressSchema,
  billingInput,
  checkoutFormSchema,
  checkoutInput,
  SHIP_TO_US_ONLY,
  shippingAddressOf,
} from "~/routes/checkout/checkout-form.server"

import { SHOPPER } from "../support/shopper"

const filled = {
  country: "United States",
  ...SHOPPER,
  company: "",
  email: "ada@example.com",
  paymentMethod: "pp_zelle_manual",
  useShippingAsBilling: "on",
}

const formData = (fields: Record<string, string>) => {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return form
}

const parse = (fields: Record<string, string>) => checkoutFormSchema.safeParse(checkoutInput(formData(fields)))

describe("the world country list", () => {
  it("has every ISO 3166-1 country once, sorted by name, with the United States as the default", () => {
    expect(COUNTRIES).toHaveLength(250)
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(250)
    expect(new Set(COUNTRIES.map((c) => c.name)).size).toBe(250)
    expect(COUNTRIES.every((c) => /^[A-Z]{2}$/.test(c.code) && !c.name.includes(","))).toBe(true)
    const names = COUNTRIES.map((c) => c.name)
    expect([...names].sort((a, b) => a.localeCompare(b, "en"))).toEqual(names)
    expect(COUNTRIES.find((c) => c.code === "US")?.name).toBe(DEFAULT_COUNTRY)
    expect(isUnitedStates(DEFAULT_COUNTRY)).toBe(true)
  })
})

describe("the checkout form on the server", () => {
  it("accepts the spec's fields, with company and apartment optional", () => {
    const result = parse({ ...filled, company: "", apartment: "" })
    expect(result.success).toBe(true)
    expect(result.data).toMatchObject({
      country: "United States",
      state: "Massachusetts",
      saveInfo: false,
      useShippingAsBilling: true,
    })
  })

  it("requires first and last name, address, city, ZIP, phone and email, each with its own message", () => {
    const result = parse({ country: "United States", state: "Alabama", paymentMethod: "pp_zelle_manual" })
    expect(result.success).toBe(false)
    expect(fieldErrors(result.error!)).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      address: "Street address is required",
      city: "City is required",
      zipCode: "ZIP/Postal code is required",
      phone: "Phone is required",
      email: "Email is required",
    })
  })

  it("checks the email, the phone, the US state and ZIP code", () => {
    // All at once: the cross-field checks run beside the field checks.
    const result = parse({ ...filled, email: "ada@", phone: "call me", state: "Ontario", zipCode: "0211" })
    expect(fieldErrors(result.error!)).toEqual({
      email: "Enter a valid email address",
      phone: "Enter a valid phone number",
      state: "Choose a state",
      zipCode: "Enter a 5-digit ZIP code (or ZIP+4, 12345-6789)",
    })
    expect(parse({ ...filled, zipCode: "02110-1234" }).success).toBe(true)
  })

  it("offers the region's payment providers labelled from one mapping, the spec's four first (Zelle first), others after", () => {
    const region = [
      "pp_chime_manual",
      "pp_system_default",
      "pp_stripe_stripe",
      "pp_zelle_manual",
      "pp_applepay_manual",
      "pp_cashapp_manual",
    ]
    expect(paymentOptions(region)).toEqual([
      { provider_id: "pp_zelle_manual", label: "Zelle" },
      { provider_id: "pp_cashapp_manual", label: "CashApp" },
      { provider_id: "pp_applepay_manual", label: "Apple Pay" },
      { provider_id: "pp_chime_manual", label: "Chime" },
      { provider_id: "pp_stripe_stripe", label: "Stripe" },
    ])
    expect(STORE.paymentMethods.map((m) => paymentLabel(m))).toEqual(["Zelle", "CashApp", "Apple Pay", "Chime"])
    expect(paymentOptions(region.filter((id) => id !== "pp_chime_manual")).map((o) => o.label)).not.toContain("Chime")
    expect(fieldErrors(parse({ ...filled, paymentMethod: "bitcoin" }).error!)).toEqual({
      paymentMethod: "Choose a payment method",
    })
  })

  it("ships to the United States only, and says how to reach its territories", () => {
    expect(fieldErrors(parse({ ...filled, country: "Canada", state: "" }).error!)).toEqual({ country: SHIP_TO_US_ONLY })
    expect(fieldErrors(parse({ ...filled, country: "Guam" }).error!)).toEqual({
      country: "We ship to the United States only. For Guam, choose United States, then Guam as the state.",
    })
    expect(fieldErrors(parse({ ...filled, country: "Atlantis" }).error!)).toEqual({
      country: "Choose a country from the list",
    })
    expect(parse({ ...filled, state: "Puerto Rico", zipCode: "00901" }).success).toBe(true)
    expect(US_STATES).toContain("Puerto Rico")
  })
})

describe("the addresses Medusa's cart gets", () => {
  const form = checkoutFormSchema.parse(checkoutInput(formData({ ...filled, company: "Engines" })))

  it("is the form's structured address in the United States, not one string", () => {
    expect(shippingAddressOf(form)).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      company: "Engines",
      address_1: "12 Harbor Street",
      address_2: "Apt 4",
      city: "Boston",
      province: "Massachusetts",
      postal_code: "02110",
      country_code: "us",
      phone: "(617) 555-0142",
    })
  })

  it("asks for a billing address of its own when it is not the shipping address", () => {
    const none = billingAddressSchema.safeParse(billingInput(formData({})))
    expect(fieldErrors(none.error!)).toEqual({
      billingFirstName: "First name is required",
      billingLastName: "Last name is required",
      billingAddress: "Street address is required",
      billingCity: "City is required",
      billingState: "Choose a state",
      billingZipCode: "ZIP/Postal code is required",
    })
    const given = billingAddressSchema.safeParse(
      billingInput(
        formData({
          billingFirstName: "Charles",
          billingLastName: "Babbage",
          billingAddress: "1 Dorset Street",
          billingCity: "Austin",
          billingState: "Texas",
          billingZipCode: "7870",
        })
      )
    )
    expect(fieldErrors(given.error!)).toEqual({ billingZipCode: "Enter a 5-digit ZIP code (or ZIP+4, 12345-6789)" })
  })
})

describe("the spec's order failure messages", () => {
  it("say 'Unknown error' without a detail", () => {
    expect(failedToPlaceOrder("We ship to the United States only")).toBe("Failed to place order: We ship to the United States only")
    expect(failedToPlaceOrder(null)).toBe("Failed to place order: Unknown error")
    expect(failedToPlaceOrder("")).toBe("Failed to place order: Unknown error")
  })

  it("tell an error answer (with or without a detail) from no answer at all", () => {
    expect(backendMessage(new FetchError("Invalid discount code", "Bad Request", 400))).toBe("Invalid discount code")
    expect(backendMessage(new FetchError("Bad Gateway", "Bad Gateway", 502))).toBeNull()
    expect(backendMessage(new TypeError("fetch failed"))).toBeNull()
    expect(noBackendAnswer(new TypeError("fetch failed"))).toBe(true)
    expect(noBackendAnswer(new DOMException("The operation timed out.", "TimeoutError"))).toBe(true)
    expect(noBackendAnswer(new FetchError("Bad Gateway", "Bad Gateway", 502))).toBe(false)
    expect(noBackendAnswer(new Error("bug"))).toBe(false)
  })
})

describe("saved billing details (this device only)", () => {
  it("reads only short strings of the billing fields, never anything else", () => {
    expect(parseSavedBilling(JSON.stringify({ firstName: "Ada", paymentMethod: "zelle", card: "4111", email: 3 }))).toEqual({
      firstName: "Ada",
    })
    expect(parseSavedBilling("not json")).toBeNull()
    expect(parseSavedBilling("[]")).toBeNull()
    expect(parseSavedBilling(JSON.stringify({ city: "x".repeat(501) }))).toBeNull()
    expect(SAVED_BILLING_FIELDS).not.toContain("paymentMethod")
    expect(SAVED_BILLING_FIELDS).not.toContain("discountCode")
  })
})

describe("the order confirmation cookie", () => {
  const placed = {
    number: "HH-7K2P9Q",
    email: "ada@example.com",
    shippingAddress: "12 Harbor Street, Boston, Massachusetts 02110, United States",
    paymentLabel: "Zelle",
    total: 34.26,
    shipping: { name: "2-Day Shipping", shipDate: "2026-11-23" },
    statusToken: null,
  }

  it("is a session cookie (no Max-Age, no Expires), HttpOnly and SameSite=Lax; Secure over HTTPS", async () => {
    const header = await confirmationCookieHeader(new Request("http://store.test/checkout", { method: "POST" }), placed)
    expect(header).toMatch(/^order_confirmation=/)
    expect(header).toMatch(/HttpOnly/)
    expect(header).toMatch(/SameSite=Lax/)
    expect(header).toMatch(/Path=\//)
    expect(header).not.toMatch(/Max-Age|Expires|Secure/)
    // Over HTTPS (the server puts a trusted proxy's X-Forwarded-Proto into the URL; production: always, decision 0047).
    const secure = new Request("https://store.test/checkout", { method: "POST" })
    expect(await confirmationCookieHeader(secure, placed)).toMatch(/; Secure/)
  })

  it("gives the order back on a reload, for an hour at most", async () => {
    const now = Date.now()
    const header = await confirmationCookieHeader(new Request("http://store.test/checkout"), placed, now)
    const request = new Request("http://store.test/order-confirmation", { headers: { Cookie: header.split(";")[0] } })
    expect(await readConfirmedOrder(request)).toEqual({
      id: "HH-7K2P9Q",
      email: "ada@example.com",
      total: 34.26,
      shippingAddress: placed.shippingAddress,
      paymentMethod: "Zelle",
      shipping: { name: "2-Day Shipping", shipDate: "2026-11-23" },
      placedAt: now,
      statusToken: null,
    })
    // What the page (and its scripts) get holds no Medusa cart id (decision 0046).
    expect(Buffer.from(decodeURIComponent(header.split(";")[0].split("=")[1]), "base64").toString()).not.toMatch(/cart_/)
    const value = {
      id: "HH-1",
      email: "a@b.co",
      total: 1,
      shippingAddress: "x",
      paymentMethod: "zelle",
      placedAt: now,
    }
    expect(parseConfirmedOrder(value, now + CONFIRMATION_TTL_MS - 1)).not.toBeNull()
    expect(parseConfirmedOrder(value, now + CONFIRMATION_TTL_MS + 1)).toBeNull()
    expect(parseConfirmedOrder({ ...value, total: "1" }, now)).toBeNull()
    expect(parseConfirmedOrder({ ...value, id: "" }, now)).toBeNull()
    // The shipping choice (decision 0059) is optional: none before it existed, a malformed one is left out.
    expect(parseConfirmedOrder(value, now)?.shipping).toBeNull()
    expect(parseConfirmedOrder({ ...value, shipping: { name: "Next Day Shipping", shipDate: "not a date" } }, now)?.shipping).toBeNull()
    expect(parseConfirmedOrder("HH-1", now)).toBeNull()
    expect(
      await readConfirmedOrder(new Request("http://store.test/order-confirmation", { headers: { Cookie: "order_confirmation=garbage" } }))
    ).toBeNull()
    expect(await readConfirmedOrder(new Request("http://store.test/order-confirmation"))).toBeNull()
  })

  it("carries the order's status link token (issue 23), and only a token", async () => {
    const token = `order_01JABCDEFGHJKMNPQRSTVWXYZ0.1790000000.1.${"x".repeat(43)}`
    const now = Date.now()
    const header = await confirmationCookieHeader(new Request("http://store.test/checkout"), { ...placed, statusToken: token }, now)
    expect(header).toMatch(/HttpOnly/)
    const request = new Request("http://store.test/order-confirmation", { headers: { Cookie: header.split(";")[0] } })
    expect(await readConfirmedOrder(request)).toMatchObject({ id: "HH-7K2P9Q", statusToken: token })
    // The backend's answer is not a token: the order is kept without one.
    const odd = await confirmationCookieHeader(new Request("http://store.test/checkout"), { ...placed, statusToken: "../x" }, now)
    const oddRequest = new Request("http://store.test/order-confirmation", { headers: { Cookie: odd.split(";")[0] } })
    expect(await readConfirmedOrder(oddRequest)).toMatchObject({ id: "HH-7K2P9Q", statusToken: null })

    const value = { id: "HH-1", email: "a@b.co", total: 1, shippingAddress: "x", paymentMethod: "zelle", placedAt: now }
    // A cookie set before issue 23 (no token) still shows its order; a token that is not one makes the cookie no order.
    expect(parseConfirmedOrder(value, now)).toMatchObject({ statusToken: null })
    expect(parseConfirmedOrder({ ...value, statusToken: null }, now)).toMatchObject({ statusToken: null })
    expect(parseConfirmedOrder({ ...value, statusToken: token }, now)).toMatchObject({ statusToken: token })
    for (const statusToken of ["", "x", 42, `${token}.1`, `${token.slice(0, -1)}/`, { token }]) {
      expect(parseConfirmedOrder({ ...value, statusToken }, now), JSON.stringify(statusToken)).toBeNull()
    }
  })
})
