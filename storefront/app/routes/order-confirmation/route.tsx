import { type AppLoadContext, data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node"
import { Link, useLoaderData } from "@remix-run/react"
import type { OrderStatusView } from "@shared/dto/order-status"
import { formatShipDate } from "@shared/ship-date"
import { useEffect } from "react"

import { SuccessMark } from "~/components/SuccessMark"
import { requireAgeVerified } from "~/lib/age-gate.server"
import { orderStatusByToken } from "~/lib/data/orders.server"
import { MedusaApiError } from "~/lib/medusa.server"
import { NO_INDEX, pageMeta } from "~/lib/meta"
import { formatPrice } from "~/lib/money"
import { shopperHeaders } from "~/lib/shopper.server"
import { cartStore } from "~/modules/cart/cart-actions"
import { CONFIRMATION_NOTE } from "~/modules/checkout/checkout"
import { readConfirmedOrder } from "~/modules/checkout/order-confirmation.server"
import { DetailRow } from "~/modules/orders/DetailRow"
import { FIND_MY_ORDER_PATH, orderStatusPath } from "~/modules/orders/order-status"
import { PaymentInstructions } from "~/modules/orders/PaymentInstructions"

import { firstConfirmation } from "./confirmed-order"

export const meta: MetaFunction = () => [...pageMeta("Order Confirmation", "Thank you for your order."), NO_INDEX]

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

/**
 * Spec §2: the order the visitor just placed, or the shop when there is none.
 * The checkout's action left its summary in a session cookie, so a reload
 * shows it again (docs/decisions/0022-order-confirmation-cookie.md). With the
 * order's status link token (issue 23), the page also reads the order's status
 * now: how to pay while a payment is awaited, nothing once it is paid.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAgeVerified(request)
  const confirmed = await readConfirmedOrder(request)
  if (!confirmed) throw redirect("/shop", { headers: { "Cache-Control": "no-store" } })
  const { statusToken, ...order } = confirmed
  const status = statusToken ? await currentStatus(statusToken, context) : null
  // Personal details: never stored by a cache.
  return data(
    { order, status, statusPath: statusToken ? orderStatusPath(statusToken) : null },
    { headers: { "Cache-Control": "private, no-store" } }
  )
}

/** The order's status, or null: without it the page shows what it always did (the email has how to pay too). */
async function currentStatus(token: string, context: AppLoadContext): Promise<OrderStatusView | null> {
  try {
    return await orderStatusByToken(token, shopperHeaders(context))
  } catch (error) {
    if (!(error instanceof MedusaApiError && (error.status === 404 || error.status === 429))) {
      console.error(`Order confirmation: status unavailable: ${error instanceof Error ? error.message : String(error)}`)
    }
    return null
  }
}

export default function OrderConfirmation() {
  const { order, status, statusPath } = useLoaderData<typeof loader>()

  // The cart is emptied once, by the page that follows the order (spec §4), not on a reload later.
  useEffect(() => {
    if (firstConfirmation(order.id)) cartStore.clear()
  }, [order.id])

  return (
    <section className="container-page py-12 sm:py-16">
      <div className="mx-auto max-w-2xl rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <SuccessMark />
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Thank you for your order!</h1>
        <p className="mt-2 text-slate-700">We have received your order and will start preparing it once your payment arrives.</p>
        <dl className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 text-sm" data-testid="order-details">
          <Row label="Order ID" value={order.id} testId="order-id" />
          <Row label="Email" value={order.email} testId="order-email" />
          <Row label="Total" value={formatPrice(order.total)} testId="order-total" />
          <Row label="Shipping address" value={order.shippingAddress} testId="order-address" />
          <Row label="Payment method" value={order.paymentMethod} testId="order-payment" />
          {order.shipping ? (
            <Row
              label="Shipping"
              value={`${order.shipping.name}, expected to ship ${formatShipDate(order.shipping.shipDate, new Date(order.placedAt))}`}
              testId="order-shipping"
            />
          ) : null}
          {status ? <Row label="Status" value={status.status_text} testId="order-status" /> : null}
        </dl>
        <p className="mt-6 rounded-xl bg-brand-50 p-4 font-medium text-brand-900" data-testid="confirmation-note">
          {CONFIRMATION_NOTE}
        </p>
        {status?.payment ? (
          <div className="mt-6">
            <PaymentInstructions payment={status.payment} />
          </div>
        ) : null}
        <p className="mt-6 text-sm text-slate-700">
          {statusPath ? (
            <>
              Follow your order any time on{" "}
              <Link to={statusPath} className="font-semibold text-brand-800 underline" data-testid="order-status-link">
                its status page
              </Link>{" "}
              (the link is in your email too). Lost the email?{" "}
            </>
          ) : (
            "The link to your order's status page is in your email. Lost it? "
          )}
          <Link to={FIND_MY_ORDER_PATH} className="font-semibold text-brand-800 underline" data-testid="find-my-order-link">
            Find my order
          </Link>
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
    <DetailRow label={label} testId={testId} termWidth="sm:grid-cols-[10rem_1fr]">
      {value}
    </DetailRow>
  )
}
