import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react"
import { isUnitedStates } from "@shared/address"
import { COUNTRIES, DEFAULT_COUNTRY } from "@shared/countries"
import { useMemo, useRef, useState } from "react"

import { CheckboxField, RadioGroupField, RequiredFieldsNote, SelectField, useFocusFirstError } from "~/components/form-fields"
import { TitledSection } from "~/components/TitledSection"
import { type CartLine, cartRequestLines, cartSignature } from "~/modules/cart/cart"
import { type OrderAnswer } from "~/modules/checkout/checkout"

import { AddressFields } from "./AddressFields"
import { loadBilling, rememberBilling } from "./billing"
import { BillingAddressFields } from "./BillingAddressFields"
import { CheckoutSummary } from "./CheckoutSummary"
import type { clientAction, loader } from "./route"
import { ShippingOptions } from "./ShippingOptions"
import { useCheckoutQuote } from "./use-checkout-quote"

/** The look of the form's three parts. */
const PANEL = { className: "rounded-2xl border border-slate-200 p-4 sm:p-6", titleClassName: "text-xl font-bold" }

export function CheckoutForm({ cart }: { cart: CartLine[] }) {
  const lines = useMemo(() => cartRequestLines(cart), [cart])
  const signature = cartSignature(lines)

  const { paymentOptions, rxShipStates } = useLoaderData<typeof loader>()
  const options = paymentOptions.map((option) => ({ value: option.provider_id, label: option.label }))
  const [useShippingAsBilling, setUseShippingAsBilling] = useState(true)

  // Saved billing details (this device only) fill the form once.
  const [saved] = useState(loadBilling)
  const [country, setCountry] = useState(() =>
    saved?.country && COUNTRIES.some((c) => c.name === saved.country) ? saved.country : DEFAULT_COUNTRY
  )
  const inUS = isUnitedStates(country)

  const answer = useActionData<typeof clientAction>()
  const orderAnswer: OrderAnswer | undefined = answer?.intent === "order" ? answer : undefined
  const errors = orderAnswer?.fieldErrors ?? {}
  const navigation = useNavigation()
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "order"
  const quoteState = useCheckoutQuote(signature, orderAnswer)
  const rxStates = quoteState.quote?.requiresPrescription && rxShipStates !== "all" ? rxShipStates : null

  const formRef = useRef<HTMLFormElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  useFocusFirstError(formRef, alertRef, orderAnswer)

  return (
    <div className="container-page py-8 sm:py-10">
      <h1 id="checkout-heading" className="page-title">
        Checkout
      </h1>
      <Form
        ref={formRef}
        method="post"
        noValidate
        aria-labelledby="checkout-heading"
        className="mt-8 grid gap-8 lg:grid-cols-[1fr_24rem]"
        onSubmit={(event) => rememberBilling(new FormData(event.currentTarget))}
      >
        <input type="hidden" name="intent" value="order" />
        <input type="hidden" name="lines" value={signature} />
        <input type="hidden" name="shownTotal" value={quoteState.quote ? String(quoteState.quote.totals.total) : ""} />
        {/* Proves a retry of this form placed the order it answers (decision 0046); opaque, no cart id. */}
        <input type="hidden" name="attempt" value={quoteState.quote?.attempt ?? ""} />

        <div className="min-w-0 space-y-8">
          <TitledSection id="billing-heading" title="Billing Details" {...PANEL}>
            <RequiredFieldsNote className="mt-1 text-sm text-slate-600" />
            <div className="mt-5 grid gap-4 sm:grid-cols-2">
              <SelectField
                name="country"
                label="Country / Region"
                required
                autoComplete="country-name"
                options={COUNTRIES.map((c) => c.name)}
                value={country}
                onChange={(event) => setCountry(event.target.value)}
                error={errors.country}
                hint={inUS ? undefined : `We ship to addresses in the United States, its states and territories.`}
                className="sm:col-span-2"
              />
              <AddressFields kind="shipping" errors={errors} saved={saved} inUS={inUS} rxStates={rxStates} />
              <CheckboxField
                name="saveInfo"
                label="Save this information for next time"
                hint="Kept in this browser on this device only, never on our servers."
                defaultChecked={saved !== null}
                className="sm:col-span-2"
              />
            </div>
          </TitledSection>

          <TitledSection id="shipping-heading" title="Shipping Method" {...PANEL}>
            <p className="mt-2 text-sm text-slate-700" data-testid="shipping-note">
              Priority/2 Day/Next Day orders ship the same day if received by 1pm EST on business days. Weekends are not counted.
            </p>
            <ShippingOptions quoteState={quoteState} error={errors.shippingOption} />
          </TitledSection>

          <TitledSection id="payment-heading" title="Payment" {...PANEL}>
            {options.length ? (
              <RadioGroupField
                name="paymentMethod"
                label="Payment method"
                required
                options={options}
                defaultValue={options[0].value}
                error={errors.paymentMethod}
                hint="After you place your order we email you the payment details for the method you choose."
                className="mt-4"
              />
            ) : (
              <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm text-red-800" data-testid="no-payment-methods">
                No payment method is available right now. Please try again later or contact us.
              </p>
            )}
            <CheckboxField
              name="useShippingAsBilling"
              label="Use shipping address as billing address"
              checked={useShippingAsBilling}
              onChange={(event) => setUseShippingAsBilling(event.target.checked)}
              className="mt-5"
            />
            {useShippingAsBilling ? null : <BillingAddressFields errors={errors} />}
          </TitledSection>
        </div>

        <CheckoutSummary
          cart={cart}
          quoteState={quoteState}
          submitting={submitting}
          formError={orderAnswer?.formError}
          alertRef={alertRef}
        />
      </Form>
    </div>
  )
}
