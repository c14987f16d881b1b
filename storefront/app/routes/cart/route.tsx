import { type ActionFunctionArgs, data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node"
import { Link, useFetcher } from "@remix-run/react"
import { centsToFreeShipping } from "@shared/shipping"
import { useEffect } from "react"

import { TitledSection } from "~/components/TitledSection"
import { requireAgeVerified } from "~/lib/age-gate.server"
import { syncCart } from "~/lib/data/cart.server"
import { productsByIds } from "~/lib/data/catalog.server"
import { MedusaApiError } from "~/lib/medusa.server"
import { NO_INDEX, pageMeta } from "~/lib/meta"
import { formatPrice, toCents } from "~/lib/money"
import { shopperHeaders } from "~/lib/shopper.server"
import { cartRequestLines, cartSignature } from "~/modules/cart/cart"
import { cartStore } from "~/modules/cart/cart-actions"
import { orderableLines, parseRequestedLines, type RefreshedLine, refreshedSignature, refreshLines } from "~/modules/cart/cart-refresh"
import { useCart } from "~/modules/cart/cart-store"
import { CartLoading, EmptyCart } from "~/modules/cart/CartPlaceholders"
import { OrderTotals, PrescriptionNote } from "~/modules/cart/OrderTotals"

import { CartItem } from "./CartItem"

export const meta: MetaFunction = () => [
  ...pageMeta("Your Cart", "Review your cart: current prices and stock, shipping, tax and your total before checkout."),
  NO_INDEX,
]

const PRIVATE = { "Cache-Control": "private, no-cache" }
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

/** The cart itself lives in the browser (spec §3); the server only checks the age gate here. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgeVerified(request)
  return data(null, { headers: PRIVATE })
}

export type CartSummary = {
  subtotal: number
  discount: number
  shipping: number
  tax: number
  total: number
  /** Dollars still needed for free shipping, 0 once it is free. */
  freeShippingGap: number
  requiresPrescription: boolean
}

export type PricedLine = RefreshedLine & { unitPrice: number | null; lineTotal: number | null }

/**
 * The cart page's refresh: the lines' current stock from the catalogue, quantities brought
 * within stock, unavailable lines flagged, and the rest put into the browser's Medusa cart
 * (app/lib/data/cart.server.ts), whose prices and totals (subtotal, discount, shipping, tax,
 * total) are shown. The browser only sends ids and quantities; every number shown comes from here.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAgeVerified(request)
  const form = await request.formData()
  const requested = parseRequestedLines(form.get("lines"))
  if (requested.length === 0) return { signature: "[]", lines: [] as PricedLine[], summary: null, error: null }

  let lines: RefreshedLine[]
  try {
    lines = refreshLines(requested, await productsByIds(requested.map((line) => line.product_id)))
  } catch (error) {
    console.error(`Cart: refreshing products failed: ${error instanceof Error ? error.message : String(error)}`)
    return data(
      { signature: null, lines: null, summary: null, error: "We couldn't update your cart right now. Please try again." },
      { status: 503, headers: PRIVATE }
    )
  }

  const orderable = orderableLines(lines)
  let summary: CartSummary | null = null
  let error: string | null = null
  const headers = new Headers(PRIVATE)
  const unitPrices = new Map<string, number>()
  if (orderable.length > 0) {
    try {
      // The backend counts new carts per shopper (decision 0046): this shopper, not the storefront.
      const { cart, setCookie } = await syncCart(
        request,
        shopperHeaders(context),
        orderable.map(({ variant_id, quantity }) => ({ variant_id, quantity }))
      )
      if (setCookie) headers.append("Set-Cookie", setCookie)
      for (const line of cart.lines) unitPrices.set(line.variant_id, line.unit_price)
      summary = {
        ...cart.totals,
        // Only Standard is free over $75: no hint for a cart shipping by cold chain or a faster option (decision 0059).
        freeShippingGap: cart.shipping_option_code === "standard" ? centsToFreeShipping(toCents(cart.totals.subtotal)) / 100 : 0,
        requiresPrescription: orderable.some((line) => line.product?.prescription),
      }
    } catch (cause) {
      // Medusa refused a line (sold out meanwhile) or this shopper made too many carts (429): its message is for
      // the shopper; anything else is an outage.
      const forShopper = cause instanceof MedusaApiError && (cause.type === "not_allowed" || cause.status === 429)
      if (!forShopper) console.error(`Cart: syncing the Medusa cart failed: ${cause instanceof Error ? cause.message : String(cause)}`)
      error = forShopper ? cause.message : "We couldn't calculate your totals right now. Please try again."
    }
  }

  const priced: PricedLine[] = lines.map((line) => {
    const unit = line.status === "ok" ? (unitPrices.get(line.variant_id) ?? null) : null
    return { ...line, unitPrice: unit, lineTotal: unit === null ? null : (toCents(unit) * line.quantity) / 100 }
  })
  return data({ signature: refreshedSignature(lines), lines: priced, summary, error }, { headers })
}

const NEEDS_SCRIPT = "Your cart is kept in your browser and needs JavaScript to show. Please enable JavaScript."

const lineKey = (productId: string, variantId: string) => `${productId}\u0000${variantId}`

export default function CartPage() {
  const cart = useCart()
  const fetcher = useFetcher<typeof action>({ key: "cart-refresh" })
  const signature = cart ? cartSignature(cartRequestLines(cart)) : null
  const result = fetcher.data
  const fresh = Boolean(result && result.signature === signature && fetcher.state === "idle")

  // Opening the cart, and every change of its lines or quantities, asks the server again.
  useEffect(() => {
    if (signature === null || signature === "[]") return
    if (fetcher.data?.signature === signature) return
    fetcher.submit({ lines: signature }, { method: "post", action: "/cart" })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new signature asks again
  }, [signature])

  // The server's prices, stock and quantities go into the stored cart, never the other way round.
  useEffect(() => {
    if (result?.lines) cartStore.applyRefresh(result.lines)
  }, [result])

  const retry = () => signature && fetcher.submit({ lines: signature }, { method: "post", action: "/cart" })

  if (cart === null) return <CartLoading title="Your Cart" withoutScript={NEEDS_SCRIPT} />
  if (cart.length === 0) return <EmptyCart message="Browse our weight-loss treatments, insulin and diabetes supplies." />

  const statuses = new Map((result?.lines ?? []).map((line) => [lineKey(line.product_id, line.variant_id), line]))
  const flagged = cart.filter((line) => {
    const status = statuses.get(lineKey(line.id, line.selectedVariant.id))?.status
    return status === "unavailable" || status === "out_of_stock"
  })
  const summary = fresh ? (result?.summary ?? null) : null
  const updating = !fresh && fetcher.state !== "idle"

  return (
    <div className="container-page py-8 sm:py-10">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Your Cart</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <TitledSection id="cart-items-heading" title="Items" titleClassName="sr-only">
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200" data-testid="cart-lines">
            {cart.map((line) => (
              <CartItem
                key={lineKey(line.id, line.selectedVariant.id)}
                line={line}
                refreshed={statuses.get(lineKey(line.id, line.selectedVariant.id)) ?? null}
                fresh={fresh}
              />
            ))}
          </ul>
          <Link to="/shop" className="btn-secondary mt-6 py-2">
            Continue Shopping
          </Link>
        </TitledSection>

        <TitledSection
          id="summary-heading"
          title="Order Summary"
          className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6"
        >
          <div aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-600">
            {updating ? <p>Updating prices and stock...</p> : null}
          </div>
          {result?.error && fetcher.state === "idle" ? (
            <div role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-800">
              <p>{result.error}</p>
              <button type="button" className="mt-2 font-semibold underline" onClick={retry}>
                Try again
              </button>
            </div>
          ) : null}
          <OrderTotals totals={summary} page="cart" className="mt-3" />
          {summary && summary.freeShippingGap > 0 ? (
            <p className="mt-4 rounded-xl bg-brand-50 p-3 text-sm font-medium text-brand-900">
              Add {formatPrice(summary.freeShippingGap)} more for FREE shipping
            </p>
          ) : null}
          {summary?.requiresPrescription ? <PrescriptionNote /> : null}
          {flagged.length > 0 ? (
            <>
              <p id="checkout-blocked" className="mt-4 text-sm font-medium text-red-800">
                Remove the items that are no longer available to continue to checkout.
              </p>
              <span
                aria-disabled="true"
                aria-describedby="checkout-blocked"
                className="btn-primary mt-4 w-full cursor-not-allowed bg-slate-400 hover:bg-slate-400"
                role="link"
              >
                Proceed to Checkout
              </span>
            </>
          ) : (
            <Link to="/checkout" className="btn-primary mt-6 w-full">
              Proceed to Checkout
            </Link>
          )}
        </TitledSection>
      </div>
    </div>
  )
}
