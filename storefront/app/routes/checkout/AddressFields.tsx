/**
 * The postal address part of the checkout form, once for the shipping address and once for a
 * separate billing address: the same fields in the same order, the billing ones named and
 * labelled with "billing" (`billingCity`, "Billing town / city") and autocompleted as such.
 * The shipping address sits in the Billing Details form with its country: outside the United
 * States the state is not asked and the ZIP code is free text.
 */
import { US_STATES } from "@shared/address"
import { rxShipStateRefusal } from "@shared/rx-ship-states"
import { type ReactNode, useState } from "react"

import { SelectField, TextField } from "~/components/form-fields"
import type { CheckoutField } from "~/modules/checkout/checkout"

type Part = "firstName" | "lastName" | "address" | "apartment" | "city" | "state" | "zipCode"
type Kind = "shipping" | "billing"

/** Each part's label and autocomplete token, for the shipping address and for the billing one. */
const PARTS: Record<Part, { label: Record<Kind, string>; autoComplete: string; required: boolean }> = {
  firstName: { label: { shipping: "First name", billing: "First name" }, autoComplete: "given-name", required: true },
  lastName: { label: { shipping: "Last name", billing: "Last name" }, autoComplete: "family-name", required: true },
  address: { label: { shipping: "Street address", billing: "Billing street address" }, autoComplete: "address-line1", required: true },
  apartment: {
    label: { shipping: "Apartment, suite, unit, etc.", billing: "Billing apartment, suite, unit, etc." },
    autoComplete: "address-line2",
    required: false,
  },
  city: { label: { shipping: "Town / City", billing: "Billing town / city" }, autoComplete: "address-level2", required: true },
  state: { label: { shipping: "State", billing: "Billing state" }, autoComplete: "address-level1", required: true },
  zipCode: { label: { shipping: "ZIP/Postal code", billing: "Billing ZIP code" }, autoComplete: "postal-code", required: true },
}

/** The billing address's field names (the form's own, see CHECKOUT_FIELDS). */
const BILLING_NAMES: Record<Part, CheckoutField> = {
  firstName: "billingFirstName",
  lastName: "billingLastName",
  address: "billingAddress",
  apartment: "billingApartment",
  city: "billingCity",
  state: "billingState",
  zipCode: "billingZipCode",
}

const isUsState = (value: string | undefined): value is string => value !== undefined && (US_STATES as readonly string[]).includes(value)

export function AddressFields({
  kind,
  errors,
  saved,
  inUS = true,
  afterNames,
  rxStates,
}: {
  kind: Kind
  errors: Partial<Record<CheckoutField, string>>
  /** Values kept on this device (shipping only). */
  saved?: Partial<Record<Part, string>> | null
  /** The country is the United States (or one of its territories): the state is asked, the ZIP is digits. */
  inUS?: boolean
  /** Fields between the names and the street (the company, for shipping). */
  afterNames?: ReactNode
  /**
   * The states prescription items ship to, when the cart has some and the pharmacy serves only
   * these (decision 0056): the others are marked in the list, and choosing one says so at once.
   */
  rxStates?: readonly string[] | null
}) {
  const [state, setState] = useState(isUsState(saved?.state) ? saved.state : "Alabama")
  const field = (part: Part) => {
    const name: CheckoutField = kind === "billing" ? BILLING_NAMES[part] : part
    const { label, autoComplete, required } = PARTS[part]
    return {
      name,
      label: label[kind],
      required,
      autoComplete: kind === "billing" ? `billing ${autoComplete}` : autoComplete,
      defaultValue: saved?.[part],
      error: errors[name],
    }
  }
  return (
    <>
      <TextField {...field("firstName")} />
      <TextField {...field("lastName")} />
      {afterNames}
      <TextField
        {...field("address")}
        placeholder={kind === "shipping" ? "House number and street name" : undefined}
        className="sm:col-span-2"
      />
      <TextField {...field("apartment")} className="sm:col-span-2" />
      <TextField {...field("city")} />
      <SelectField
        {...field("state")}
        required={inUS}
        disabled={!inUS}
        options={
          rxStates
            ? US_STATES.map((name) => ({ value: name, label: rxStates.includes(name) ? name : `${name} (no prescription shipping)` }))
            : US_STATES
        }
        defaultValue={undefined}
        value={state}
        onChange={(event) => setState(event.target.value)}
        error={inUS ? (rxStates && !rxStates.includes(state) ? rxShipStateRefusal(state) : field("state").error) : undefined}
        hint={
          inUS ? (rxStates ? `Prescription items ship only to ${rxStates.join(", ")}.` : undefined) : "Only for United States addresses."
        }
      />
      <TextField {...field("zipCode")} inputMode={inUS ? "numeric" : undefined} />
    </>
  )
}
