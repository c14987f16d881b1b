import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node"
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation, type ClientActionFunctionArgs } from "@remix-run/react"
import { isUnitedStates, US_STATES } from "@shared/address"
import { COUNTRIES, DEFAULT_COUNTRY } from "@shared/countries"
import { STORE } from "@shared/store-constants"
import { useEffect, useMemo, useRef, useState } from "react"
import { RxBadge } from "~/components/Badges"
import {
  CheckboxField,
  FormAlert,
  RadioGroupField,
  SelectField,
  TextField,
  useFocusFirstError,
} from "~/components/form-fields"
import { ProductImage } from "~/components/ProductImage"
import { requireAgeVerified } from "~/lib/age-gate.server"
import { cartRequestLines, cartSignature, type CartLine } from "~/lib/cart"
import { useCart } from "~/lib/cart-store"
import {
  DISCOUNT_APPLIED,
  INVALID_DISCOUNT,
  NETWORK_ERROR,
  noReloadAfterSubmit,
  UNEXPECTED_ERROR,
  type CheckoutAnswer,
  type CheckoutQuote,
  type OrderAnswer,
} from "~/lib/checkout"
import { loadBilling, rememberBilling } from "~/lib/checkout-billing"
import { answerQuote, placeCheckoutOrder } from "~/lib/checkout.server"
import { listPaymentOptions } from "~/lib/data/cart.server"
import { pageMeta } from "~/lib/meta"
import { formatPrice } from "~/lib/money"
import { confirmationCookieHeader } from "~/lib/order-confirmation.server"

export const meta: MetaFunction = () =>
  pageMeta("Checkout", "Enter your billing details, choose a payment method and place your order as a guest.")

const PRIVATE = { "Cache-Control": "private, no-cache" }
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders

/**
 * The cart lives in the browser (spec §3); the page needs the payment methods the region offers
 * today (Medusa Admin → Regions: a provider ops remove is gone at the next page load).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgeVerified(request)
  let paymentOptions: { provider_id: string; label: string }[] = []
  try {
    paymentOptions = await listPaymentOptions()
  } catch (error) {
    console.error(`Checkout: payment methods unavailable: ${error instanceof Error ? error.message : String(error)}`)
  }
  return data({ paymentOptions }, { headers: PRIVATE })
}

/**
 * Two intents: `quote` (the Medusa cart's totals, and the discount code's verdict) and `order`
 * (validate, put the details on the Medusa cart, pay, complete, then go to the confirmation).
 * Refusals are answers (200) shown on the form, never HTTP errors the console would log.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAgeVerified(request)
  const form = await request.formData()
  const headers = new Headers(PRIVATE)
  if (form.get("intent") === "quote") {
    const { answer, cookies } = await answerQuote(form, request)
    for (const cookie of cookies) headers.append("Set-Cookie", cookie)
    return data<CheckoutAnswer>(answer, { headers })
  }
  const { answer, cookies } = await placeCheckoutOrder(form, request, context)
  for (const cookie of cookies) headers.append("Set-Cookie", cookie)
  if ("number" in answer) {
    headers.append("Set-Cookie", await confirmationCookieHeader(request, answer))
    headers.set("Cache-Control", "no-store")
    throw redirect("/order-confirmation", { headers })
  }
  return data<CheckoutAnswer>(answer, { headers })
}

/**
 * In the browser: when the request to our own server gets no answer at all,
 * the form stays as it is and says so (spec §8), instead of an error page.
 * Redirects (the confirmation, the age gate) pass through.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs): Promise<CheckoutAnswer> {
  const form = await request.clone().formData()
  try {
    return await serverAction<CheckoutAnswer>()
  } catch (error) {
    if (error instanceof Response) throw error
    const message = error instanceof TypeError ? NETWORK_ERROR : UNEXPECTED_ERROR
    if (form.get("intent") === "quote") {
      return {
        intent: "quote",
        signature: String(form.get("lines") ?? ""),
        quote: null,
        discount: null,
        error: message,
      }
    }
    return { intent: "order", fieldErrors: {}, formError: message, quote: null }
  }
}

export const shouldRevalidate = noReloadAfterSubmit

export default function CheckoutPage() {
  const cart = useCart()
  if (cart === null) {
    return (
      <div className="container-page py-10">
        <h1 className="page-title">Checkout</h1>
        <p role="status" className="mt-6 text-slate-600">
          Loading your cart...
        </p>
        <noscript>
          <p className="mt-4 rounded-xl bg-amber-50 p-4 text-amber-900">
            Your cart is kept in your browser, so checkout needs JavaScript. Please enable JavaScript to place your
            order.
          </p>
        </noscript>
      </div>
    )
  }
  if (cart.length === 0) {
    return (
      <div className="container-page py-16 text-center">
        <h1 className="page-title">Your cart is empty</h1>
        <p className="mt-3 text-slate-600">Add products to your cart before you check out.</p>
        <Link to="/shop" className="btn-primary mt-8">
          Continue Shopping
        </Link>
      </div>
    )
  }
  return <CheckoutForm cart={cart} />
}

const lineKey = (productId: string, variantId: string) => `${productId}\u0000${variantId}`

function CheckoutForm({ cart }: { cart: CartLine[] }) {
  const lines = useMemo(() => cartRequestLines(cart), [cart])
  const signature = cartSignature(lines)

  const { paymentOptions } = useLoaderData<typeof loader>()
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

  const quoteFetcher = useFetcher<typeof clientAction>({ key: "checkout-quote" })
  const [quote, setQuote] = useState<CheckoutQuote | null>(null)
  const [quoteError, setQuoteError] = useState<string | null>(null)
  const [appliedCode, setAppliedCode] = useState<string | null>(null)
  const [discountInput, setDiscountInput] = useState("")
  const [discountStatus, setDiscountStatus] = useState<{ applied: boolean; text: string } | null>(null)

  const requestQuote = (code: string | null, apply = false) =>
    quoteFetcher.submit(
      { intent: "quote", lines: signature, discountCode: code ?? "", ...(apply ? { apply: "1" } : {}) },
      { method: "post" }
    )

  // The server's totals when the page opens and whenever the cart changes.
  useEffect(() => {
    requestQuote(appliedCode)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new cart asks again
  }, [signature])

  useEffect(() => {
    const result = quoteFetcher.data
    if (quoteFetcher.state !== "idle" || !result || result.intent !== "quote" || result.signature !== signature) return
    setQuoteError(result.error)
    if (result.quote) setQuote(result.quote)
    if (result.discount) {
      setAppliedCode(result.discount.applied ? result.discount.code : null)
      setDiscountStatus({
        applied: result.discount.applied,
        text: result.discount.applied ? appliedMessage(result.discount.code, result.quote) : INVALID_DISCOUNT,
      })
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one update per answer
  }, [quoteFetcher.data, quoteFetcher.state])

  // A refused order may bring the new total or a refused code.
  useEffect(() => {
    if (!orderAnswer) return
    if (orderAnswer.quote) {
      setQuote(orderAnswer.quote)
      setQuoteError(null)
      setAppliedCode(orderAnswer.quote.discountCode)
      if (orderAnswer.quote.discountCode) {
        setDiscountStatus({ applied: true, text: appliedMessage(orderAnswer.quote.discountCode, orderAnswer.quote) })
      }
    }
    if (orderAnswer.fieldErrors.discountCode) {
      setAppliedCode(null)
      setDiscountStatus({ applied: false, text: orderAnswer.fieldErrors.discountCode })
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one update per answer
  }, [orderAnswer])

  const formRef = useRef<HTMLFormElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  useFocusFirstError(formRef, alertRef, orderAnswer)

  const fresh = quote !== null && quote.signature === signature && quoteFetcher.state === "idle"
  const applying = quoteFetcher.state !== "idle" && quoteFetcher.formData?.get("apply") === "1"
  const quoted = new Map((fresh ? quote.lines : []).map((line) => [lineKey(line.product_id, line.variant_id), line]))
  const pendingCode = discountInput.trim() !== "" && discountInput.trim() !== (appliedCode ?? "")

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
        <input type="hidden" name="shownTotal" value={fresh ? String(quote.totals.total) : ""} />

        <div className="min-w-0 space-y-8">
          <section aria-labelledby="billing-heading" className="rounded-2xl border border-slate-200 p-4 sm:p-6">
            <h2 id="billing-heading" className="text-xl font-bold">
              Billing Details
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Fields marked with an asterisk (<span aria-hidden="true">*</span>
              <span className="sr-only">star</span>) are required.
            </p>
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
              <TextField
                name="firstName"
                label="First name"
                required
                autoComplete="given-name"
                defaultValue={saved?.firstName}
                error={errors.firstName}
              />
              <TextField
                name="lastName"
                label="Last name"
                required
                autoComplete="family-name"
                defaultValue={saved?.lastName}
                error={errors.lastName}
              />
              <TextField
                name="company"
                label="Company name"
                autoComplete="organization"
                defaultValue={saved?.company}
                error={errors.company}
                className="sm:col-span-2"
              />
              <TextField
                name="address"
                label="Street address"
                required
                autoComplete="address-line1"
                placeholder="House number and street name"
                defaultValue={saved?.address}
                error={errors.address}
                className="sm:col-span-2"
              />
              <TextField
                name="apartment"
                label="Apartment, suite, unit, etc."
                autoComplete="address-line2"
                defaultValue={saved?.apartment}
                error={errors.apartment}
                className="sm:col-span-2"
              />
              <TextField
                name="city"
                label="Town / City"
                required
                autoComplete="address-level2"
                defaultValue={saved?.city}
                error={errors.city}
              />
              <SelectField
                name="state"
                label="State"
                required={inUS}
                disabled={!inUS}
                autoComplete="address-level1"
                options={US_STATES}
                defaultValue={
                  saved?.state && (US_STATES as readonly string[]).includes(saved.state) ? saved.state : "Alabama"
                }
                error={inUS ? errors.state : undefined}
                hint={inUS ? undefined : "Only for United States addresses."}
              />
              <TextField
                name="zipCode"
                label="ZIP/Postal code"
                required
                autoComplete="postal-code"
                inputMode={inUS ? "numeric" : undefined}
                defaultValue={saved?.zipCode}
                error={errors.zipCode}
              />
              <TextField
                name="phone"
                label="Phone"
                type="tel"
                required
                autoComplete="tel"
                defaultValue={saved?.phone}
                error={errors.phone}
              />
              <TextField
                name="email"
                label="Email address"
                type="email"
                required
                autoComplete="email"
                defaultValue={saved?.email}
                error={errors.email}
                className="sm:col-span-2"
              />
              <CheckboxField
                name="saveInfo"
                label="Save this information for next time"
                hint="Kept in this browser on this device only, never on our servers."
                defaultChecked={saved !== null}
                className="sm:col-span-2"
              />
            </div>
          </section>

          <section aria-labelledby="shipping-heading" className="rounded-2xl border border-slate-200 p-4 sm:p-6">
            <h2 id="shipping-heading" className="text-xl font-bold">
              Shipping Method
            </h2>
            <p className="mt-2 text-sm text-slate-700" data-testid="shipping-note">
              Priority/2 Day/Next Day orders ship the same day if received by 1pm EST on business days. Weekends are not
              counted.
            </p>
            <p className="mt-2 text-sm text-slate-700">
              {STORE.shipping.optionName}: {STORE.shipping.description} Free on orders over{" "}
              {formatPrice(STORE.shipping.freeOver)}.
            </p>
          </section>

          <section aria-labelledby="payment-heading" className="rounded-2xl border border-slate-200 p-4 sm:p-6">
            <h2 id="payment-heading" className="text-xl font-bold">
              Payment
            </h2>
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
          </section>
        </div>

        <section
          aria-labelledby="summary-heading"
          className="h-fit min-w-0 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-6 lg:sticky lg:top-24"
        >
          <h2 id="summary-heading" className="text-xl font-bold">
            Your Order
          </h2>
          <ul className="mt-4 divide-y divide-slate-200" data-testid="checkout-lines">
            {cart.map((line) => {
              const priced = quoted.get(lineKey(line.id, line.selectedVariant.id))
              return (
                <li
                  key={lineKey(line.id, line.selectedVariant.id)}
                  className="flex items-center gap-3 py-3"
                  data-testid="checkout-line"
                >
                  <div className="relative w-14 shrink-0">
                    <ProductImage
                      src={line.image}
                      alt=""
                      size={56}
                      className="rounded-lg border border-slate-200 bg-white"
                    />
                    <span
                      className="absolute -right-2 -top-2 grid h-6 min-w-6 place-items-center rounded-full bg-slate-700 px-1 text-xs font-bold text-white"
                      data-testid="quantity-badge"
                    >
                      <span className="sr-only">Quantity: </span>
                      {line.quantity}
                    </span>
                  </div>
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-semibold">
                      {line.name} {line.prescription ? <RxBadge /> : null}
                    </p>
                    <p className="text-slate-600">{line.selectedVariant.name}</p>
                  </div>
                  <p className="text-sm font-semibold" data-testid="line-total">
                    {priced ? formatPrice(priced.lineTotal) : <Pending />}
                  </p>
                </li>
              )
            })}
          </ul>

          <div className="mt-4 border-t border-slate-200 pt-4">
            <label htmlFor="field-discountCode" className="field-label">
              Discount code
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id="field-discountCode"
                name="discountCode"
                autoComplete="off"
                value={discountInput}
                onChange={(event) => setDiscountInput(event.target.value)}
                onKeyDown={(event) => {
                  // Enter applies the code rather than placing the order.
                  if (event.key === "Enter") {
                    event.preventDefault()
                    if (discountInput.trim()) requestQuote(discountInput.trim(), true)
                  }
                }}
                aria-invalid={discountStatus && !discountStatus.applied ? true : undefined}
                aria-describedby="discount-status"
                className={`block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base shadow-sm sm:text-sm ${
                  discountStatus && !discountStatus.applied ? "border-red-600" : "border-slate-400"
                }`}
              />
              <button
                type="button"
                className="btn-secondary btn-small shrink-0"
                disabled={!discountInput.trim() || applying}
                onClick={() => requestQuote(discountInput.trim(), true)}
              >
                {applying ? "Applying..." : "Apply"}
              </button>
            </div>
            <p
              id="discount-status"
              aria-live="polite"
              data-testid="discount-status"
              className={`mt-1 min-h-5 text-sm font-medium ${
                discountStatus?.applied ? "text-brand-800" : "text-red-700"
              }`}
            >
              {discountStatus ? discountStatus.text : pendingCode ? "Press Apply to use this code." : ""}
            </p>
          </div>

          {quoteError ? (
            <div role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-800">
              <p>{quoteError}</p>
              <p className="mt-2 flex gap-4">
                <Link to="/cart" className="font-semibold underline">
                  Review your cart
                </Link>
                <button type="button" className="font-semibold underline" onClick={() => requestQuote(appliedCode)}>
                  Try again
                </button>
              </p>
            </div>
          ) : null}

          <dl className="mt-3 space-y-2 text-sm" aria-busy={!fresh} data-testid="checkout-summary">
            <SummaryRow label="Subtotal" value={fresh ? formatPrice(quote.totals.subtotal) : null} />
            <SummaryRow
              label="Discount"
              value={
                fresh ? (quote.totals.discount > 0 ? `−${formatPrice(quote.totals.discount)}` : formatPrice(0)) : null
              }
            />
            <SummaryRow
              label="Shipping"
              value={fresh ? (quote.totals.shipping === 0 ? "FREE" : formatPrice(quote.totals.shipping)) : null}
            />
            <SummaryRow label="Tax" value={fresh ? formatPrice(quote.totals.tax) : null} />
            <div className="flex justify-between border-t border-slate-300 pt-3 text-base font-bold">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{fresh ? formatPrice(quote.totals.total) : <Pending />}</dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-slate-600">All amounts are in US dollars (USD).</p>
          {fresh && quote.requiresPrescription ? (
            <p className="mt-3 text-sm text-slate-700">
              Items marked <RxBadge /> need a valid prescription; our pharmacists check it before your order ships.
            </p>
          ) : null}

          <FormAlert ref={alertRef} message={orderAnswer?.formError} className="mt-4" />
          <button
            type="submit"
            className="btn-primary mt-4 w-full"
            disabled={!fresh || submitting}
            aria-describedby={!fresh && !quoteError ? "checkout-wait" : undefined}
          >
            {submitting ? "Processing..." : "Place Order"}
          </button>
          {!fresh && !quoteError ? (
            <p id="checkout-wait" className="mt-2 text-center text-xs text-slate-600">
              Calculating your total...
            </p>
          ) : null}
          <Link to="/cart" className="mt-4 block text-center text-sm font-semibold text-brand-700 underline">
            Back to cart
          </Link>
        </section>
      </Form>
    </div>
  )
}

/** Spec §3's words for DISCOUNT10; any other promotion ops create says what it takes off. */
function appliedMessage(code: string, quote: CheckoutQuote | null) {
  if (code === STORE.discountCode || !quote) return DISCOUNT_APPLIED
  return `Discount applied: ${formatPrice(quote.totals.discount)} off`
}

/** The billing address, when it is not the shipping address (United States only, as shipping). */
function BillingAddressFields({ errors }: { errors: OrderAnswer["fieldErrors"] }) {
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

function Pending() {
  return (
    <span className="inline-block h-4 w-16 animate-pulse rounded bg-slate-200 align-middle">
      <span className="sr-only">Calculating</span>
    </span>
  )
}

function SummaryRow({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex justify-between">
      <dt className="text-slate-700">{label}</dt>
      <dd className="font-semibold" data-testid={`checkout-${label.toLowerCase()}`}>
        {value ?? <Pending />}
      </dd>
    </div>
  )
}
