/**
 * Order details (spec §2, §5, §8): search by order ID, 'Order not found' on
 * any failure, and the order's real status, payment, email, address, payment
 * method, items, totals and date (each look-up is audited by the backend).
 * Without a search, the most recent orders: number, date, email, status and
 * total only; what was ordered and where it goes is on the order's own page.
 * Staff record a manual payment (Medusa captures it), cancel an order
 * (Medusa's cancel: its stock is released), and decide on an order held for
 * prescription review (approve releases it; reject cancels it).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node"
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react"
import { fieldErrors } from "@shared/schemas/fields"
import { prescriptionReviewSchema } from "@shared/schemas/prescription-review"
import { useEffect, useRef } from "react"

import { FormAlert, TextField } from "~/components/form-fields"
import { Pagination } from "~/components/Pagination"
import { failureDetail } from "~/lib/backend-errors.server"
import { attempt, requireAdmin, requireAdminAction } from "~/lib/data/staff/client.server"
import { cancelOrder, getStaffOrder, listStaffOrders, markOrderPaid, reviewOrderPrescription } from "~/lib/data/staff/orders.server"
import { formatPrice } from "~/lib/money"
import { buttonClass, dangerButtonClass, secondaryButtonClass } from "~/modules/staff/button-styles"
import { ConfirmDialog } from "~/modules/staff/ConfirmDialog"
import { CsrfField } from "~/modules/staff/CsrfField"
import { formatStaffDateTime } from "~/modules/staff/dates.server"
import { orderStatusLabel, paymentLabel } from "~/modules/staff/format"
import { adminMeta } from "~/modules/staff/meta"
import { ReviewForm } from "~/modules/staff/ReviewForm"

export const meta: MetaFunction = () => adminMeta("Order Details")

const PATH = "/admin/order-details"
const ORDER_ID_MAX = 100
const PAGE_SIZE = 20
/** Statuses after which an order can be neither paid nor canceled. */
const CLOSED = new Set(["canceled", "prescription_rejected"])

const orderHref = (id: string, extra = "") => `${PATH}?id=${encodeURIComponent(id)}${extra}`

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  const params = new URL(request.url).searchParams
  const raw = params.get("id")
  const id = (raw ?? "").trim().slice(0, ORDER_ID_MAX)
  const notice = admin.takeNotice()
  const empty = { id, order: null, error: null, fieldError: null, notice, recent: null, confirmCancel: false }
  if (raw === null) {
    const requested = Number(params.get("page"))
    const page = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1
    const list = await attempt("listing recent orders", () => listStaffOrders(admin, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }))
    return admin.data({
      ...empty,
      recent: list.ok
        ? {
            page,
            pages: Math.max(1, Math.ceil(list.value.total / PAGE_SIZE)),
            orders: list.value.items.map((order) => ({
              id: order.unique_order_id,
              email: order.email,
              total: order.total_price,
              status: order.status,
              placed: formatStaffDateTime(order.created_at) ?? order.created_at,
            })),
            error: null,
          }
        : { page, pages: 1, orders: [], error: "Failed to fetch the recent orders" },
    })
  }
  if (!id) return admin.data({ ...empty, fieldError: "Enter an order ID" })
  const found = await attempt("looking up an order", () => getStaffOrder(admin, id))
  if (!found.ok) return admin.data({ ...empty, error: "Order not found" })
  const order = found.value
  return admin.data({
    ...empty,
    order: { ...order, created_label: formatStaffDateTime(order.created_at) ?? order.created_at },
    confirmCancel: params.get("confirm") === "cancel" && !CLOSED.has(order.status) && order.status !== "fulfilled",
  })
}

type ActionResult = {
  intent: "review" | "mark-paid" | "cancel"
  note?: string
  error?: string | null
  formError: { message: string; detail: string | null } | null
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request)
  const form = await request.formData()
  admin.checkCsrf(form)
  const id = String(form.get("id") ?? "")
    .trim()
    .slice(0, ORDER_ID_MAX)
  const intent = String(form.get("intent") ?? "")

  if (intent === "mark-paid" || intent === "cancel") {
    const done = await attempt(intent === "mark-paid" ? "marking an order paid" : "canceling an order", () =>
      intent === "mark-paid" ? markOrderPaid(admin, id) : cancelOrder(admin, id)
    )
    if (!done.ok) {
      const message = intent === "mark-paid" ? "The payment was not recorded" : "The order was not canceled"
      return admin.data<ActionResult>({ intent, formError: { message, detail: failureDetail(done.failure) } })
    }
    return admin.redirect(
      orderHref(id),
      intent === "mark-paid" ? "Payment recorded: the order is paid." : "Order canceled: its stock was released."
    )
  }

  const note = String(form.get("note") ?? "")
  const parsed = prescriptionReviewSchema.safeParse({ decision: form.get("decision") ?? undefined, note })
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    return admin.data<ActionResult>({
      intent: "review",
      note,
      error: errors.note ?? null,
      formError: errors.decision ? { message: errors.decision, detail: null } : null,
    })
  }
  const decided = await attempt("deciding on an order's prescription", () => reviewOrderPrescription(admin, id, parsed.data))
  if (!decided.ok) {
    return admin.data<ActionResult>({
      intent: "review",
      note,
      error: null,
      formError: { message: "The decision was not saved", detail: failureDetail(decided.failure) },
    })
  }
  const notice =
    parsed.data.decision === "approved"
      ? "Prescription approved: the order is released for fulfillment."
      : "Prescription rejected: the order was canceled and its stock released."
  return admin.redirect(orderHref(id), notice)
}

export default function OrderDetails() {
  const { id, order, error, fieldError, notice, recent, confirmCancel } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy = navigation.state === "submitting"
  const searching = navigation.state === "loading" && navigation.location?.pathname === PATH && navigation.formMethod !== "POST"
  const resultRef = useRef<HTMLDivElement>(null)

  // After a search, the result (or 'Order not found') is where focus goes.
  useEffect(() => {
    if (order || error) resultRef.current?.focus()
  }, [order, error])

  const review = result?.intent === "review" ? result : null
  const operation = result && result.intent !== "review" ? result : null
  const canMarkPaid = order ? !order.paid && !CLOSED.has(order.status) : false
  const canCancel = order ? !CLOSED.has(order.status) && order.status !== "fulfilled" : false

  return (
    <div>
      <h1 className="page-title">Order Details</h1>
      <Form
        method="get"
        action={PATH}
        className="mt-6 flex flex-wrap items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4"
        role="search"
        noValidate
      >
        <TextField
          id="order-id"
          name="id"
          label="Order ID"
          placeholder="e.g. HH-7K3M-9Q2X"
          autoComplete="off"
          spellCheck={false}
          maxLength={ORDER_ID_MAX}
          required
          defaultValue={id}
          key={id}
          error={fieldError}
          className="min-w-[16rem] flex-1"
        />
        <button type="submit" className={`${buttonClass} sm:mt-6`} disabled={searching}>
          {searching ? "Searching..." : "Search"}
        </button>
      </Form>

      <div ref={resultRef} tabIndex={-1} className="mt-6 space-y-4 focus:outline-none" aria-live="polite">
        {notice ? <FormAlert message={notice} tone="success" /> : null}
        {error ? <FormAlert message={error} /> : null}
        {order ? (
          <article aria-labelledby="order-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6" data-testid="order">
            <h2 id="order-heading" className="text-xl font-bold">
              Order {order.unique_order_id}
            </h2>
            <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <Item label="Status">
                <span data-testid="order-status" className="font-semibold">
                  {orderStatusLabel(order.status)}
                </span>
              </Item>
              <Item label="Payment">
                <span data-testid="order-payment">{order.paid ? "Paid" : CLOSED.has(order.status) ? "Not paid" : "Awaiting payment"}</span>
              </Item>
              <Item label="Placed">{order.created_label}</Item>
              <Item label="Email">{order.email}</Item>
              <Item label="Phone">{order.phone || "—"}</Item>
              <Item label="Shipping address">{order.shipping_address}</Item>
              <Item label="Payment method">{order.payment_method ? paymentLabel(order.payment_method) : "Recorded by staff"}</Item>
              {order.prescription_review?.note ? (
                <Item label="Pharmacist's note">
                  <span data-testid="review-note">{order.prescription_review.note}</span>
                </Item>
              ) : null}
            </dl>

            <h3 className="mt-6 font-bold">Items</h3>
            <div
              className="relative overflow-x-auto"
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1)
              tabIndex={0}
              role="region"
              aria-label="Items of the order"
            >
              <table className="mt-2 w-full min-w-[28rem] text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-2 pr-3">
                      Product
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Variant
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Quantity
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Price
                    </th>
                    <th scope="col" className="py-2 text-right">
                      Line total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.items.map((item, index) => (
                    <tr key={`${item.variant.id ?? index}`} className="border-b border-slate-100" data-testid="order-item">
                      <td className="py-2 pr-3">{item.product.name}</td>
                      <td className="py-2 pr-3">{item.variant.name}</td>
                      <td className="py-2 pr-3 text-right">{item.quantity}</td>
                      <td className="py-2 pr-3 text-right">{formatPrice(item.price)}</td>
                      <td className="py-2 text-right">{formatPrice(Math.round(item.price * item.quantity * 100) / 100)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>

            <dl className="ml-auto mt-4 max-w-xs space-y-1 text-sm" data-testid="order-totals">
              <Total label="Subtotal" value={order.totals.subtotal} />
              {order.totals.discount > 0 ? <Total label="Discount" value={-order.totals.discount} /> : null}
              <Total label="Shipping" value={order.totals.shipping} free />
              <Total label="Tax" value={order.totals.tax} />
              <Total label="Total" value={order.totals.total} strong />
            </dl>

            {canMarkPaid || canCancel ? (
              <section aria-labelledby="order-actions" className="mt-6 border-t border-slate-200 pt-4">
                <h3 id="order-actions" className="font-bold">
                  Payment and cancellation
                </h3>
                {operation?.formError ? (
                  <div className="mt-3">
                    <FormAlert message={operation.formError.message} detail={operation.formError.detail} />
                  </div>
                ) : null}
                <div className="mt-3 flex flex-wrap gap-3">
                  {canMarkPaid ? (
                    <Form method="post">
                      <CsrfField />
                      <input type="hidden" name="id" value={order.unique_order_id} />
                      <button type="submit" name="intent" value="mark-paid" className={buttonClass} disabled={busy}>
                        Mark as paid
                      </button>
                    </Form>
                  ) : null}
                  {canCancel ? (
                    <Link
                      to={orderHref(order.unique_order_id, "&confirm=cancel")}
                      preventScrollReset
                      className={`${secondaryButtonClass} text-red-800`}
                    >
                      Cancel order
                    </Link>
                  ) : null}
                </div>
                {canMarkPaid ? (
                  <p className="mt-2 text-sm text-slate-600">
                    Mark the order paid once its {order.payment_method ? paymentLabel(order.payment_method) : ""} payment of{" "}
                    {formatPrice(order.totals.total)} has arrived.
                  </p>
                ) : null}
              </section>
            ) : null}

            {confirmCancel ? (
              <ConfirmDialog
                question="Are you sure you want to cancel this order?"
                cancelTo={orderHref(order.unique_order_id)}
                confirm={
                  <Form method="post" preventScrollReset>
                    <CsrfField />
                    <input type="hidden" name="id" value={order.unique_order_id} />
                    <button type="submit" name="intent" value="cancel" className={dangerButtonClass} disabled={busy}>
                      Cancel order
                    </button>
                  </Form>
                }
              >
                <p>
                  Order <strong>{order.unique_order_id}</strong> is canceled and its stock released.
                  {order.paid ? " Its recorded payment is marked refunded: send the money back to the customer." : ""}
                </p>
              </ConfirmDialog>
            ) : null}

            {order.status === "awaiting_prescription_review" ? (
              <div className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4">
                <ReviewForm
                  idPrefix="order-review"
                  legend="Prescription review"
                  consequence="This order contains a prescription-only product and may not ship until a pharmacist approves it. Approving releases it for fulfillment; rejecting cancels it and releases its stock."
                  note={review?.note}
                  error={review?.error}
                  formError={review?.formError}
                  submitting={busy}
                  approveLabel="Approve prescription"
                  rejectLabel="Reject and cancel order"
                >
                  <input type="hidden" name="id" value={order.unique_order_id} />
                </ReviewForm>
              </div>
            ) : null}
          </article>
        ) : null}
      </div>
      {order?.status === "awaiting_prescription_review" ? (
        <p className="mt-4 text-sm">
          <Link to="/admin/prescriptions/orders" className="font-semibold text-brand-800 underline">
            All orders held for prescription review
          </Link>
        </p>
      ) : null}

      {recent ? <RecentOrders {...recent} /> : null}
    </div>
  )
}

function RecentOrders({
  page,
  pages,
  orders,
  error,
}: {
  page: number
  pages: number
  orders: { id: string; email: string; total: number; status: string; placed: string }[]
  error: string | null
}) {
  return (
    <section aria-labelledby="recent-orders" className="mt-8">
      <h2 id="recent-orders" className="text-xl font-bold">
        Recent orders
      </h2>
      <div className="mt-3" aria-live="polite">
        {error ? <FormAlert message={error} /> : null}
        {!error && orders.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center font-semibold">No orders yet</p>
        ) : null}
      </div>
      {orders.length > 0 ? (
        <div className="relative mt-3 overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Recent orders, newest first</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="px-4 py-3">
                  Order ID
                </th>
                <th scope="col" className="px-4 py-3">
                  Placed
                </th>
                <th scope="col" className="px-4 py-3">
                  Email
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} className="border-b border-slate-100 last:border-0" data-testid="recent-order">
                  <td className="px-4 py-3 font-mono font-semibold">
                    <Link to={orderHref(order.id)} className="text-brand-800 underline">
                      {order.id}
                    </Link>
                  </td>
                  <td className="px-4 py-3">{order.placed}</td>
                  <td className="px-4 py-3">{order.email}</td>
                  <td className="px-4 py-3">{orderStatusLabel(order.status)}</td>
                  <td className="px-4 py-3 text-right">{formatPrice(order.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="mt-6">
        <Pagination page={page} pages={pages} href={(n) => (n > 1 ? `${PATH}?page=${n}` : PATH)} />
      </div>
    </section>
  )
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-ink">{children}</dd>
    </div>
  )
}

function Total({ label, value, strong = false, free = false }: { label: string; value: number; strong?: boolean; free?: boolean }) {
  return (
    <div className={`flex justify-between gap-6 ${strong ? "border-t border-slate-200 pt-1 text-base font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd data-testid={`order-${label.toLowerCase()}`}>
        {free && value === 0 ? "FREE" : value < 0 ? `−${formatPrice(-value)}` : formatPrice(value)}
      </dd>
    </div>
  )
}
