/**
 * The postal address part of the checkout form, once for the shipping address and once for a
 * separate billing address: the same fields in the same order, the billing ones named and
 * labelled with "billing" (`billingCity`, "Billing town / city") and autocompleted as such.
 * The shipping address sits in the Billing Details form with its country, its company, phone and
 * email: outside the United States the state is not asked and the ZIP code is free text.
 */
import { US_STATES } from "@shared/address"
import { rxShipStateRefusal } from "@shared/rx-ship-states"
import { useState } from "react"

import { SelectField, TextField } from "~/components/form-fields"
import { ADDRESS_PARTS, type AddressPart, billingFieldOf, type CheckoutField } from "~/modules/checkout/checkout"

import type { SavedBilling } from "./billing"

type Kind = "shipping" | "billing"
/** The shipping address's contacts, asked in the Billing Details only. */
type Contact = "company" | "phone" | "email"

/** Each field's label (the billing address's own where it has one), autocomplete token and whether it is required. */
const FIELDS: Record<AddressPart | Contact, { label: string; billingLabel?: string; autoComplete: string; required: boolean }> = {
  firstName: { label: "First name", autoComplete: "given-name", required: true },
  lastName: { label: "Last name", autoComplete: "family-name", required: true },
  company: { label: "Company name", autoComplete: "organization", required: false },
  address: { label: "Street address", billingLabel: "Billing street address", autoComplete: "address-line1", required: true },
  apartment: {
    label: "Apartment, suite, unit, etc.",
    billingLabel: "Billing apartment, suite, unit, etc.",
    autoComplete: "address-line2",
    required: false,
  },
  city: { label: "Town / City", billingLabel: "Billing town / city", autoComplete: "address-level2", required: true },
  state: { label: "State", billingLabel: "Billing state", autoComplete: "address-level1", required: true },
  zipCode: { label: "ZIP/Postal code", billingLabel: "Billing ZIP code", autoComplete: "postal-code", required: true },
  phone: { label: "Phone", autoComplete: "tel", required: true },
  email: { label: "Email address", autoComplete: "email", required: true },
}

const isAddressPart = (name: string): name is AddressPart => (ADDRESS_PARTS as readonly string[]).includes(name)
const isUsState = (value: string | undefined): value is string => value !== undefined && (US_STATES as readonly string[]).includes(value)

export function AddressFields({
  kind,
  errors,
  saved,
  inUS = true,
  rxStates,
}: {
  kind: Kind
  errors: Partial<Record<CheckoutField, string>>
  /** Values kept on this device (shipping only). */
  saved?: SavedBilling | null
  /** The country is the United States (or one of its territories): the state is asked, the ZIP is digits. */
  inUS?: boolean
  /**
   * The states prescription items ship to, when the cart has some and the pharmacy serves only
   * these (decision 0056): the others are marked in the list, and choosing one says so at once.
   */
  rxStates?: readonly string[] | null
}) {
  const [state, setState] = useState(isUsState(saved?.state) ? saved.state : "Alabama")
  const billing = kind === "billing"
  const field = (part: AddressPart | Contact) => {
    const name: CheckoutField = billing && isAddressPart(part) ? billingFieldOf(part) : part
    const { label, billingLabel, autoComplete, required } = FIELDS[part]
    return {
      name,
      label: billing ? (billingLabel ?? label) : label,
      required,
      autoComplete: billing ? `billing ${autoComplete}` : autoComplete,
      defaultValue: saved?.[part],
      error: errors[name],
    }
  }
  return (
    <>
      <TextField {...field("firstName")} />
      <TextField {...field("lastName")} />
      {billing ? null : <TextField {...field("company")} className="sm:col-span-2" />}
      <TextField {...field("address")} placeholder={billing ? undefined : "House number and street name"} className="sm:col-span-2" />
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
      {billing ? null : (
        <>
          <TextField {...field("phone")} type="tel" />
          <TextField {...field("email")} type="email" className="sm:col-span-2" />
        </>
      )}
    </>
  )
}
