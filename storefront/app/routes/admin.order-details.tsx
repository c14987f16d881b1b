/**
 * Order details (spec §2, §5, §8): search by order ID, 'Order not found' on
 * any failure, and the order's status, email, address, payment method, items,
 * totals and date. An order held for prescription review can be approved
 * (the hold is released) or rejected (the order is canceled) here.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node"
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react"
import { fieldErrors } from "@shared/schemas/fields"
import { prescriptionReviewSchema } from "@shared/schemas/prescription-review"
import { useEffect, useRef } from "react"
import { FormAlert, TextField, buttonClass } from "~/components/admin/AdminFields"
import { ReviewForm } from "~/components/admin/ReviewForm"
import { attempt, failureDetail, requireAdmin, requireAdminAction } from "~/lib/admin-api.server"
import { formatStaffDateTime } from "~/lib/admin-dates.server"
import { orderStatusLabel, paymentLabel } from "~/lib/admin-format"
import { adminMeta } from "~/lib/admin-meta"
import { formatPrice } from "~/lib/money"

export const meta: MetaFunction = () => adminMeta("Order Details")

type StaffOrder = {
  unique_order_id: string
  email: string
  phone: string
  shipping_address: string
  payment_method: string
  status: string
  total_price: number
  totals: { subtotal: number; discount: number; shipping: number; tax: number; total: number }
  created_at: string
  items: { product: { id: string | null; name: string }; variant: { id: string | null; name: string }; quantity: number; price: number }[]
}

const PATH = "/admin/order-details"
const ORDER_ID_MAX = 100

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  const raw = new URL(request.url).searchParams.get("id")
  const id = (raw ?? "").trim().slice(0, ORDER_ID_MAX)
  const notice = admin.takeNotice()
  if (raw === null) return admin.data({ id: "", order: null, error: null, fieldError: null, notice })
  if (!id) return admin.data({ id: "", order: null, error: null, fieldError: "Enter an order ID", notice })
  const found = await attempt("looking up an order", () => admin.call<StaffOrder>(`/api/orders/${encodeURIComponent(id)}/`))
  if (!found.ok) return admin.data({ id, order: null, error: "Order not found", fieldError: null, notice })
  const order = found.value
  return admin.data({ id, order: { ...order, created_label: formatStaffDateTime(order.created_at) ?? order.created_at }, error: null, fieldError: null, notice })
}

type ReviewResult = { note: string; error: string | null; formError: { message: string; detail: string | null } | null }

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request)
  const form = await request.formData()
  admin.checkCsrf(form)
  const id = String(form.get("id") ?? "").trim().slice(0, ORDER_ID_MAX)
  const note = String(form.get("note") ?? "")
  const parsed = prescriptionReviewSchema.safeParse({ decision: form.get("decision") ?? undefined, note })
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    return admin.data<ReviewResult>(
      { note, error: errors.note ?? null, formError: errors.decision ? { message: errors.decision, detail: null } : null }
    )
  }
  const decided = await attempt("deciding on an order's prescription", () =>
    admin.call(`/api/orders/${encodeURIComponent(id)}/prescription-review/`, { method: "POST", body: parsed.data })
  )
  if (!decided.ok) {
    return admin.data<ReviewResult>(
      { note, error: null, formError: { message: "The decision was not saved", detail: failureDetail(decided.failure) } }
    )
  }
  const notice =
    parsed.data.decision === "approved"
      ? "Prescription approved: the order is released for fulfillment."
      : "Prescription rejected: the order was canceled and its stock released."
  return admin.redirect(`${PATH}?id=${encodeURIComponent(id)}`, notice)
}

export default function OrderDetails() {
  const { id, order, error, fieldError, notice } = useLoaderData<typeof loader>()
  const review = useActionData<typeof action>()
  const navigation = useNavigation()
  const searching = navigation.state === "loading" && navigation.location?.pathname === PATH && navigation.formMethod !== "POST"
  const resultRef = useRef<HTMLDivElement>(null)

  // After a search, the result (or 'Order not found') is where focus goes.
  useEffect(() => {
    if (order || error) resultRef.current?.focus()
  }, [order, error])

  return (
    <div>
      <h1 className="page-title">Order Details</h1>
      <Form method="get" action={PATH} className="mt-6 flex flex-wrap items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4" role="search" noValidate>
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
              <Item label="Placed">{order.created_label}</Item>
              <Item label="Email">{order.email}</Item>
              <Item label="Phone">{order.phone}</Item>
              <Item label="Shipping address">{order.shipping_address}</Item>
              <Item label="Payment method">{paymentLabel(order.payment_method)}</Item>
            </dl>

            <h3 className="mt-6 font-bold">Items</h3>
            <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Items of the order">
              <table className="mt-2 w-full min-w-[28rem] text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-2 pr-3">Product</th>
                    <th scope="col" className="py-2 pr-3">Variant</th>
                    <th scope="col" className="py-2 pr-3 text-right">Quantity</th>
                    <th scope="col" className="py-2 pr-3 text-right">Price</th>
                    <th scope="col" className="py-2 text-right">Line total</th>
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

            {order.status === "awaiting_prescription_review" ? (
              <div className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4">
                <ReviewForm
                  idPrefix="order-review"
                  legend="Prescription review"
                  consequence="This order contains a prescription-only product and may not ship until a pharmacist approves it. Approving releases it for fulfillment; rejecting cancels it and releases its stock."
                  note={review?.note}
                  error={review?.error}
                  formError={review?.formError}
                  submitting={navigation.state === "submitting"}
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
    </div>
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
      <dd data-testid={`order-${label.toLowerCase()}`}>{free && value === 0 ? "FREE" : value < 0 ? `−${formatPrice(-value)}` : formatPrice(value)}</dd>
    </div>
  )
}
