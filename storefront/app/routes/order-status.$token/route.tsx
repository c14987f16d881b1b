/**
 * An order's status for a guest (issue 23, decision 0050), opened by the signed link of their
 * emails: `/order-status/<token>`. The backend alone decides what a token opens
 * (`GET /store/order-status/{token}`, app/lib/data/orders.server.ts); this page shows the
 * order's number and date, where it stands (a timeline), what was ordered, how to pay while a
 * payment is awaited, the prescription review in plain words, the shipments and their tracking,
 * or why it was canceled; while the review awaits it, a form to send the prescription (the action,
 * `documents.server.ts`). Never cached (`no-store`: the server's page micro-cache only keeps
 * `/`, `/shop` and `/product/{id}`, and nothing sent `no-store`), never indexed.
 */
import { type ActionFunctionArgs, data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node"
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react"

import { requireAgeVerified } from "~/lib/age-gate.server"
import { isStatusToken, orderStatusByToken } from "~/lib/data/orders.server"
import { MedusaApiError } from "~/lib/medusa.server"
import { pageMeta } from "~/lib/meta"
import { shopperHeaders } from "~/lib/shopper.server"
import { ORDER_PAGE_HEADERS, orderDateText } from "~/modules/orders/order-status"
import { PaymentInstructions } from "~/modules/orders/PaymentInstructions"

import { uploadDocument } from "./documents.server"
import { OrderItems } from "./OrderItems"
import { PrescriptionDocuments } from "./PrescriptionDocuments"
import { Shipments } from "./Shipments"
import { StatusPanel } from "./StatusPanel"
import { StatusProblem, type StatusProblemData } from "./StatusProblem"
import { StatusTimeline } from "./StatusTimeline"

const NO_INDEX = { name: "robots", content: "noindex" }

export const meta: MetaFunction<typeof loader> = ({ data: loaded, error }) => {
  if (loaded) return [...pageMeta(`Order ${loaded.order.order_number}`, "Your order's status, payment and shipping."), NO_INDEX]
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return [...pageMeta(notFound ? "Order status link not valid" : "Order status", "Your order's status, payment and shipping."), NO_INDEX]
}

/** Every answer of this page, the problems too: `no-store` and `noindex` (and the backend's Retry-After on a 429). */
export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  const answer = new Headers(errorHeaders ?? loaderHeaders)
  for (const [name, value] of Object.entries(ORDER_PAGE_HEADERS)) answer.set(name, value)
  return answer
}

const problem = (body: StatusProblemData, status: number, extra: Record<string, string> = {}) =>
  data(body, { status, headers: { ...ORDER_PAGE_HEADERS, ...extra } })

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // Gated like /order-confirmation, which this page continues (spec §2 gates every page that shows
  // the shop's medicines, the order confirmation included; decision 0011: "routes built later ...
  // must call it too"): it lists what was ordered. The customer passed the gate when ordering; on
  // another browser (the email opened on a phone) they answer once and the age check sends them
  // back here, token included. An invalid token is answered the same way, after the gate.
  await requireAgeVerified(request)
  const token = params.token ?? ""
  // Not shaped like a token: nothing to ask the backend, the same answer as a token that opens nothing.
  if (!isStatusToken(token)) throw problem({ problem: "not_found" }, 404)
  try {
    const order = await orderStatusByToken(token, shopperHeaders(context))
    return data({ order }, { headers: ORDER_PAGE_HEADERS })
  } catch (error) {
    if (error instanceof MedusaApiError && error.status === 404) throw problem({ problem: "not_found" }, 404)
    if (error instanceof MedusaApiError && error.status === 429) {
      const retryAfter = error.retryAfter
      throw problem({ problem: "too_many", retryAfter }, 429, retryAfter === null ? {} : { "Retry-After": String(retryAfter) })
    }
    console.error(`Order status: backend unavailable: ${error instanceof Error ? error.message : String(error)}`)
    throw problem({ problem: "unavailable" }, 503)
  }
}

/** The upload of a prescription document (issue 24): a multipart POST of the page's form. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAgeVerified(request)
  const token = params.token ?? ""
  const notFound = (): never => {
    throw problem({ problem: "not_found" }, 404)
  }
  if (!isStatusToken(token)) notFound()
  return uploadDocument(request, token, context, notFound)
}

export default function OrderStatusPage() {
  const { order } = useLoaderData<typeof loader>()
  const review = order.prescription_review
  return (
    <section className="container-page py-10 sm:py-14">
      <div className="mx-auto max-w-3xl space-y-6">
        <header>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Order status</p>
          <h1 className="page-title mt-1">
            Order <span data-testid="order-number">{order.order_number}</span>
          </h1>
          <p className="mt-2 text-slate-700">
            Placed on <span data-testid="order-placed">{orderDateText(order.placed_at)}</span>
          </p>
          <p
            className={`mt-4 inline-block rounded-full px-4 py-1.5 text-sm font-bold ${order.canceled ? "bg-red-50 text-red-800" : "bg-brand-50 text-brand-900"}`}
            data-testid="order-status-text"
          >
            {order.status_text}
          </p>
        </header>

        {order.canceled ? (
          <div className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900" data-testid="order-canceled">
            <h2 className="text-lg font-bold">This order was canceled</h2>
            <p className="mt-1">{order.canceled.text}</p>
          </div>
        ) : null}

        {order.payment ? <PaymentInstructions payment={order.payment} /> : null}

        {review ? (
          <StatusPanel id="review" title="Prescription review" testId="prescription-review">
            <p className="mt-2 text-slate-700" data-testid="prescription-review-text">
              {review.text}
            </p>
            {review.state === "needs_information" && review.message ? (
              <div className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4">
                <h3 className="font-bold text-amber-900">Our pharmacist needs something from you</h3>
                <p className="mt-2 whitespace-pre-line text-slate-800" data-testid="pharmacist-message">
                  {review.message}
                </p>
                <p className="mt-3 text-sm text-slate-700">
                  Reply to the email we sent you about it, or contact us with the details at the bottom of this page.
                </p>
              </div>
            ) : null}
            {review.accepts_documents || review.documents.length ? (
              <PrescriptionDocuments documents={review.documents} acceptsDocuments={review.accepts_documents} />
            ) : null}
          </StatusPanel>
        ) : null}

        <StatusPanel id="progress" title="Progress">
          <StatusTimeline steps={order.timeline} />
        </StatusPanel>

        {order.shipments.length > 0 ? (
          <StatusPanel id="shipping" title="Shipping">
            <Shipments shipments={order.shipments} />
          </StatusPanel>
        ) : null}

        <StatusPanel id="items" title="Your order">
          <OrderItems items={order.items} totals={order.totals} />
        </StatusPanel>

        <Link to="/shop" className="btn-primary">
          Continue Shopping
        </Link>
      </div>
    </section>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && isProblem(error.data)) return <StatusProblem problem={error.data} />
  if (isRouteErrorResponse(error) && error.status === 404) return <StatusProblem problem={{ problem: "not_found" }} />
  return <StatusProblem problem={{ problem: "unavailable" }} />
}

function isProblem(value: unknown): value is StatusProblemData {
  const kind = (value as { problem?: unknown } | null)?.problem
  return kind === "not_found" || kind === "too_many" || kind === "unavailable"
}
