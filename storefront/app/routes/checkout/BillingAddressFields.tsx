/** The billing address, when it is not the shipping address (United States only, as shipping). */
import { US_STATES } from "@shared/address"

import { SelectField, TextField } from "~/components/form-fields"
import type { OrderAnswer } from "~/modules/checkout/checkout"

export function BillingAddressFields({ errors }: { errors: OrderAnswer["fieldErrors"] }) {
  return (
    <fieldset className="mt-5 grid gap-4 sm:grid-cols-2" data-testid="billing-address">
      <legend className="field-label mb-2">Billing address (United States)</legend>
      <TextField name="billingFirstName" label="First name" required autoComplete="billing given-name" error={errors.billingFirstName} />
      <TextField name="billingLastName" label="Last name" required autoComplete="billing family-name" error={errors.billingLastName} />
      <TextField
        name="billingAddress"
        label="Billing street address"
        required
        autoComplete="billing address-line1"
        error={errors.billingAddress}
        className="sm:col-span-2"
      />
      <TextField
        name="billingApartment"
        label="Billing apartment, suite, unit, etc."
        autoComplete="billing address-line2"
        error={errors.billingApartment}
        className="sm:col-span-2"
      />
      <TextField name="billingCity" label="Billing town / city" required autoComplete="billing address-level2" error={errors.billingCity} />
      <SelectField
        name="billingState"
        label="Billing state"
        required
        autoComplete="billing address-level1"
        options={US_STATES}
        defaultValue="Alabama"
        error={errors.billingState}
      />
      <TextField
        name="billingZipCode"
        label="Billing ZIP code"
        required
        autoComplete="billing postal-code"
        inputMode="numeric"
        error={errors.billingZipCode}
      />
    </fieldset>
  )
}
