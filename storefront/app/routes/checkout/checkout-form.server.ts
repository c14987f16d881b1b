/**
 * The checkout's Billing Details form on the server (spec §3, §5): its zod schemas, built from the
 * backend's own field schemas, what zod is given of the submitted form, and the parsed form as
 * Medusa's addresses. The quote (quote.server.ts) and the order (place-order.server.ts) use them.
 * See docs/decisions/0020-checkout-flow.md.
 */
import { isUnitedStates, US_STATES } from "@shared/address"
import { COUNTRIES, DEFAULT_COUNTRY } from "@shared/countries"
import { email, formBoolean, optionalText, phone, requiredText } from "@shared/schemas/fields"
import { z } from "zod"

import type { PostalAddress } from "~/lib/data/cart.server"
import { BILLING_DETAILS_FIELDS, type BillingAddressField } from "~/modules/checkout/checkout"

const COUNTRY_NAMES = new Set(COUNTRIES.map((c) => c.name))
const STATE_NAMES = new Set<string>(US_STATES)
const US_ZIP = /^\d{5}(-\d{4})?$/

export const SHIP_TO_US_ONLY = "We ship to the United States only"
export const CHOOSE_PAYMENT = "Choose a payment method"

/** Spec §3/§5: the Billing Details form. Required: first and last name, address, city, ZIP, phone, email. */
export const checkoutFormSchema = z
  .object({
    country: z
      .string()
      .trim()
      .refine((name) => COUNTRY_NAMES.has(name), "Choose a country from the list"),
    firstName: requiredText("First name", 100),
    lastName: requiredText("Last name", 100),
    company: optionalText("Company", 200),
    address: requiredText("Street address", 200),
    apartment: optionalText("Apartment", 100),
    city: requiredText("City", 100),
    /** Only sent for the United States (the select is disabled otherwise). */
    state: z.string().trim().max(100).optional(),
    zipCode: requiredText("ZIP/Postal code", 20),
    phone,
    email,
    saveInfo: formBoolean,
    /** A payment provider of the region (pp_zelle_manual...): checked against Medusa's list when ordering. */
    paymentMethod: z
      .string({ error: CHOOSE_PAYMENT })
      .trim()
      .regex(/^pp_[a-z0-9_-]{1,80}$/i, CHOOSE_PAYMENT),
    discountCode: z
      .string()
      .trim()
      .max(50, "Discount code must be at most 50 characters")
      .optional()
      .transform((code) => code || undefined),
    useShippingAsBilling: formBoolean,
  })
  .superRefine((form, ctx) => {
    if (!COUNTRY_NAMES.has(form.country)) return
    if (!isUnitedStates(form.country)) {
      // The territories are states of the list, under "United States" (spec: US states and territories).
      const territory = STATE_NAMES.has(form.country)
      ctx.addIssue({
        code: "custom",
        path: ["country"],
        message: territory
          ? `${SHIP_TO_US_ONLY}. For ${form.country}, choose United States, then ${form.country} as the state.`
          : SHIP_TO_US_ONLY,
      })
      return
    }
    if (!form.state || !STATE_NAMES.has(form.state)) {
      ctx.addIssue({ code: "custom", path: ["state"], message: "Choose a state" })
    }
    if (!US_ZIP.test(form.zipCode)) {
      ctx.addIssue({ code: "custom", path: ["zipCode"], message: "Enter a 5-digit ZIP code (or ZIP+4, 12345-6789)" })
    }
  })

export type CheckoutForm = z.output<typeof checkoutFormSchema>

/** The text fields among the form's own: the Billing Details (but the state, sent only for the United States) and the payment method. */
const TEXT_FIELDS = [...BILLING_DETAILS_FIELDS.filter((name) => name !== "state"), "paymentMethod"]

/** The form as zod should see it: absent text fields are "", so each gets its own "is required". */
export function checkoutInput(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === "string" ? value : ""
  }
  const input: Record<string, unknown> = {}
  for (const name of TEXT_FIELDS) input[name] = text(name)
  if (!input.country) input.country = DEFAULT_COUNTRY
  const state = form.get("state")
  if (typeof state === "string") input.state = state
  const discount = form.get("discountCode")
  if (typeof discount === "string") input.discountCode = discount
  for (const name of ["saveInfo", "useShippingAsBilling"]) {
    const value = form.get(name)
    if (typeof value === "string") input[name] = value
  }
  return input
}

/** "Use shipping address as billing address" unticked: the billing address, in the US as well. */
export const billingAddressSchema = z.object({
  billingFirstName: requiredText("First name", 100),
  billingLastName: requiredText("Last name", 100),
  billingAddress: requiredText("Street address", 200),
  billingApartment: optionalText("Apartment", 100),
  billingCity: requiredText("City", 100),
  billingState: z
    .string({ error: "Choose a state" })
    .trim()
    .refine((state) => STATE_NAMES.has(state), "Choose a state"),
  billingZipCode: requiredText("ZIP/Postal code", 20).refine((zip) => US_ZIP.test(zip), "Enter a 5-digit ZIP code (or ZIP+4, 12345-6789)"),
} satisfies Record<BillingAddressField, z.ZodType>)

export type BillingAddressForm = z.output<typeof billingAddressSchema>
export type BillingField = keyof BillingAddressForm

export const BILLING_FIELDS = Object.keys(billingAddressSchema.shape) as BillingField[]

export function billingInput(form: FormData): Record<string, string> {
  return Object.fromEntries(BILLING_FIELDS.map((name) => [name, typeof form.get(name) === "string" ? String(form.get(name)) : ""]))
}

const US = "us"

/** The form's address as Medusa's structured address. */
export function shippingAddressOf(form: CheckoutForm): PostalAddress {
  return {
    first_name: form.firstName,
    last_name: form.lastName,
    company: form.company,
    address_1: form.address,
    address_2: form.apartment,
    city: form.city,
    province: form.state,
    postal_code: form.zipCode,
    country_code: US,
    phone: form.phone,
  }
}

export function billingAddressOf(billing: BillingAddressForm, phoneNumber: string): PostalAddress {
  return {
    first_name: billing.billingFirstName,
    last_name: billing.billingLastName,
    address_1: billing.billingAddress,
    address_2: billing.billingApartment,
    city: billing.billingCity,
    province: billing.billingState,
    postal_code: billing.billingZipCode,
    country_code: US,
    phone: phoneNumber,
  }
}

/** The shipping option the form asks for (a Medusa shipping option id), or null. */
export function shippingOptionOf(form: FormData): string | null {
  const value = form.get("shippingOption")
  return typeof value === "string" && /^so_[0-9A-Za-z]{1,60}$/.test(value) ? value : null
}
