import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node"
import { Link, useLoaderData } from "@remix-run/react"
import { useEffect } from "react"

import { requireAgeVerified } from "~/lib/age-gate.server"
import { pageMeta } from "~/lib/meta"
import { formatPrice } from "~/lib/money"
import { cartStore } from "~/modules/cart/cart-actions"
import { CONFIRMATION_NOTE } from "~/modules/checkout/checkout"
import { readConfirmedOrder } from "~/modules/checkout/order-confirmation.server"

import { firstConfirmation } from "./confirmed-order"

export const meta: MetaFunction = () => pageMeta("Order Confirmation", "Thank you for your order.")

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

/**
 * Spec §2: the order the visitor just placed, or the shop when there is none.
 * The checkout's action left its summary in a session cookie, so a reload
 * shows it again (docs/decisions/0022-order-confirmation-cookie.md).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgeVerified(request)
  const order = await readConfirmedOrder(request)
  if (!order) throw redirect("/shop", { headers: { "Cache-Control": "no-store" } })
  // Personal details: never stored by a cache.
  return data({ order }, { headers: { "Cache-Control": "private, no-store" } })
}

export default function OrderConfirmation() {
  const { order } = useLoaderData<typeof loader>()

  // The cart is emptied once, by the page that follows the order (spec §4), not on a reload later.
  useEffect(() => {
    if (firstConfirmation(order.id)) cartStore.clear()
  }, [order.id])

  return (
    <section className="container-page py-12 sm:py-16">
      <div className="mx-auto max-w-2xl rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <div className="grid h-14 w-14 place-items-center rounded-full bg-brand-100 text-brand-800" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="h-8 w-8 fill-none stroke-current stroke-[2.5]">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        </div>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Thank you for your order!</h1>
        <p className="mt-2 text-slate-700">We have received your order and will start preparing it once your payment arrives.</p>
        <dl className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 text-sm" data-testid="order-details">
          <Row label="Order ID" value={order.id} testId="order-id" />
          <Row label="Email" value={order.email} testId="order-email" />
          <Row label="Total" value={formatPrice(order.total)} testId="order-total" />
          <Row label="Shipping address" value={order.shippingAddress} testId="order-address" />
          <Row label="Payment method" value={order.paymentMethod} testId="order-payment" />
        </dl>
        <p className="mt-6 rounded-xl bg-brand-50 p-4 font-medium text-brand-900" data-testid="confirmation-note">
          {CONFIRMATION_NOTE}
        </p>
        <Link to="/shop" className="btn-primary mt-8">
          Continue Shopping
        </Link>
      </div>
    </section>
  )
}

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr]">
      <dt className="font-semibold text-slate-700">{label}</dt>
      <dd className="break-words" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}
