/**
 * The checkout's shipping choice (issue 25, decision 0059): the options Medusa offers this cart
 * (cold chain alone when it holds a refrigerated medicine), each with Medusa's price and its
 * expected ship date. A radio group: choosing one asks the server for the cart's new totals; the
 * form sends the choice with the order, and the server sets it on the Medusa cart.
 */
import { formatShipDate } from "@shared/ship-date"

import { formatPrice } from "~/lib/money"

import type { CheckoutQuoteState } from "./use-checkout-quote"

export function ShippingOptions({ quoteState, error }: { quoteState: CheckoutQuoteState; error?: string }) {
  const { shipping, shippingChoice, chooseShipping } = quoteState
  if (!shipping) {
    return (
      <p className="mt-4 text-sm text-slate-600" role="status">
        Loading shipping options...
      </p>
    )
  }
  if (!shipping.options.length) {
    return (
      <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm text-red-800">
        No shipping option is available for this cart right now. Please contact us.
      </p>
    )
  }
  const coldChainOnly = shipping.options.every((option) => option.code === "cold-chain")
  return (
    <fieldset className="mt-4" aria-describedby={error ? "shippingOption-error" : undefined} data-testid="shipping-options">
      <legend className="field-label">
        Shipping option
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      </legend>
      {coldChainOnly ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="cold-chain-note">
          Your order has a refrigerated medicine: it ships by cold chain only.
        </p>
      ) : null}
      <div className="mt-2 flex flex-col gap-2">
        {shipping.options.map((option, index) => {
          const id = index === 0 ? "shippingOption" : `shippingOption-${index}`
          return (
            <label
              key={option.id}
              htmlFor={id}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- as RadioGroupField: announced, and how the page finds the first error to focus */}
              <input
                id={id}
                type="radio"
                name="shippingOption"
                value={option.id}
                checked={shippingChoice === option.id}
                onChange={() => chooseShipping(option.id)}
                aria-invalid={error ? true : undefined}
                className="mt-1 h-4 w-4 accent-brand-700"
              />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap justify-between gap-x-3 font-semibold">
                  <span>{option.name}</span>
                  <span>{option.amount === 0 ? "FREE" : formatPrice(option.amount)}</span>
                </span>
                <span className="block text-slate-700" data-testid="ship-date">
                  Expected to ship {formatShipDate(option.shipDate)}
                </span>
                {option.description ? <span className="block text-slate-600">{option.description}</span> : null}
              </span>
            </label>
          )
        })}
      </div>
      {error ? (
        <p id="shippingOption-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
