/**
 * Order details (spec §2, §5, §8): search by order ID, 'Order not found' on
 * any failure, and the order's real status, payment, email, address, payment
 * method, items, totals and date (each look-up is audited by the backend).
 * Without a search, the most recent orders: number, date, email, status and
 * total only; what was ordered and where it goes is on the order's own page.
 * Staff record a manual payment (Medusa captures it), cancel an order
 * (Medusa's cancel: its stock is released), ship it with a carrier's tracking
 * number and mark it delivered (issue 24), see the emails the customer was
 * sent and email them a new status link (or revoke the old ones first), and
 * decide on an order held for prescription review (approve releases it; asking
 * for information keeps it held and emails the patient; reject cancels it).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node"
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react"
import { useEffect, useRef } from "react"

import { FormAlert, TextField } from "~/components/form-fields"
import { attempt, requireAdmin, requireAdminAction } from "~/lib/data/staff/client.server"
import { getStaffOrder, listStaffOrders } from "~/lib/data/staff/orders.server"
import { buttonClass } from "~/modules/staff/button-styles"
import { formatStaffDateTime } from "~/modules/staff/dates.server"
import { adminMeta } from "~/modules/staff/meta"
import { ReviewForm } from "~/modules/staff/ReviewForm"

import { CLOSED, ORDER_DETAILS_PATH as PATH, ORDER_ID_MAX } from "./links"
import { type ActionResult, runOrderAction } from "./order-actions.server"
import { loadPrescriptionEvidence } from "./order-evidence.server"
import { OrderActions } from "./OrderActions"
import { OrderEmails } from "./OrderEmails"
import { OrderFacts } from "./OrderFacts"
import { OrderShipping } from "./OrderShipping"
import { PrescriptionEvidence } from "./PrescriptionEvidence"
import { RecentOrders } from "./RecentOrders"

export const meta: MetaFunction = () => adminMeta("Order Details")

const PAGE_SIZE = 20

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  const params = new URL(request.url).searchParams
  const raw = params.get("id")
  const id = (raw ?? "").trim().slice(0, ORDER_ID_MAX)
  const notice = admin.takeNotice()
  const empty = {
    id,
    order: null,
    evidence: null,
    error: null,
    fieldError: null,
    notice,
    recent: null,
    confirmCancel: false,
    confirmRevoke: false,
  }
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
  const when = (iso: string) => formatStaffDateTime(iso) ?? iso
  return admin.data({
    ...empty,
    evidence: await loadPrescriptionEvidence(admin, order),
    order: {
      ...order,
      created_label: when(order.created_at),
      emails: order.emails.map((email, index) => ({
        ...email,
        key: String(index),
        first_try_label: when(email.first_try_at),
        last_try_label: when(email.last_try_at),
      })),
      shipments: order.shipments.map((shipment, index) => ({
        ...shipment,
        key: String(index),
        shipped_label: shipment.shipped_at ? when(shipment.shipped_at) : null,
        delivered_label: shipment.delivered_at ? when(shipment.delivered_at) : null,
      })),
    },
    confirmCancel: params.get("confirm") === "cancel" && !CLOSED.has(order.status) && order.status !== "fulfilled",
    confirmRevoke: params.get("confirm") === "revoke-links",
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request)
  const form = await request.formData()
  admin.checkCsrf(form)
  const outcome = await runOrderAction(admin, form)
  return "redirect" in outcome ? admin.redirect(outcome.redirect, outcome.notice) : admin.data<ActionResult>(outcome)
}

export default function OrderDetails() {
  const { id, order, evidence, error, fieldError, notice, recent, confirmCancel, confirmRevoke } = useLoaderData<typeof loader>()
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
  const operation = result?.intent === "mark-paid" || result?.intent === "cancel" ? result : null
  const statusLink = result?.intent === "status-link" ? result : null
  const ship = result?.intent === "ship" ? result : null

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
            <OrderFacts order={order} />

            <OrderActions order={order} confirmCancel={confirmCancel} busy={busy} formError={operation?.formError} />

            <OrderShipping
              orderId={order.unique_order_id}
              shipments={order.shipments}
              mayShip={order.may_ship}
              mayMarkDelivered={order.may_mark_delivered}
              busy={busy}
              ship={ship}
              deliverError={result?.intent === "deliver" ? result.formError : null}
            />

            <OrderEmails
              orderId={order.unique_order_id}
              email={order.email}
              emails={order.emails}
              confirmRevoke={confirmRevoke}
              busy={busy}
              formError={statusLink?.formError}
            />

            {evidence ? <PrescriptionEvidence evidence={evidence} /> : null}

            {order.status === "awaiting_prescription_review" ? (
              <div className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4">
                <ReviewForm
                  idPrefix="order-review"
                  legend="Prescription review"
                  consequence="This order contains a prescription-only product and may not ship until a pharmacist approves it. Approving releases it for fulfillment; asking for information keeps it held and emails the patient your message; rejecting cancels it and releases its stock."
                  note={review?.note}
                  error={review?.error}
                  formError={review?.formError}
                  submitting={busy}
                  approveLabel="Approve prescription"
                  rejectLabel="Reject and cancel order"
                  askForInformation={{ label: "Ask the patient for information", message: review?.message, error: review?.messageError }}
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
