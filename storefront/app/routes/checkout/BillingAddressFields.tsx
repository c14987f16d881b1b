/** The billing address, when it is not the shipping address (United States only, as shipping). */
import type { OrderAnswer } from "~/modules/checkout/checkout"

import { AddressFields } from "./AddressFields"

export function BillingAddressFields({ errors }: { errors: OrderAnswer["fieldErrors"] }) {
  return (
    <fieldset className="mt-5 grid gap-4 sm:grid-cols-2" data-testid="billing-address">
      <legend className="field-label mb-2">Billing address (United States)</legend>
      <AddressFields kind="billing" errors={errors} />
    </fieldset>
  )
}
