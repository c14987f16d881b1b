/**
 * Orders held for prescription review (issue 7), newest first; each opens in
 * Order Details, where it is decided. The list shows no items (minimum
 * necessary, decision 0047): the pharmacist opens the order (an audited read).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node"
import { Link, useLoaderData } from "@remix-run/react"

import { FormAlert } from "~/components/form-fields"
import { Pagination } from "~/components/Pagination"
import { attempt, requireAdmin } from "~/lib/data/staff/client.server"
import { listHeldOrders } from "~/lib/data/staff/orders.server"
import { formatPrice } from "~/lib/money"
import { formatStaffDateTime } from "~/modules/staff/dates.server"
import { adminMeta } from "~/modules/staff/meta"
import { NotPharmacist } from "~/modules/staff/NotPharmacist"
import { pharmacistRefusal, refusedToNonPharmacist } from "~/modules/staff/pharmacist.server"
import { PrescriptionTabs } from "~/modules/staff/PrescriptionTabs"

export const meta: MetaFunction = () => adminMeta("Orders Held for Review")

const PAGE_SIZE = 20
const PATH = "/admin/prescriptions/orders"

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  const requested = Number(new URL(request.url).searchParams.get("page"))
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1
  const list = await attempt("listing held orders", () => listHeldOrders(admin, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }))
  const notPharmacist = !list.ok && refusedToNonPharmacist(list.failure)
  return admin.data({
    notPharmacist: !list.ok && notPharmacist ? pharmacistRefusal(list.failure) : null,
    page,
    orders: list.ok
      ? list.value.items.map((order) => ({
          id: order.unique_order_id,
          email: order.email,
          total: order.total_price,
          placed: formatStaffDateTime(order.created_at),
        }))
      : [],
    total: list.ok ? list.value.total : null,
    pages: list.ok ? Math.max(1, Math.ceil(list.value.total / PAGE_SIZE)) : 1,
    error: list.ok || notPharmacist ? null : "Failed to fetch the orders held for review",
  })
}

export default function HeldOrders() {
  const { notPharmacist, page, orders, total, pages, error } = useLoaderData<typeof loader>()
  if (notPharmacist) {
    return (
      <div>
        <h1 className="page-title">Prescription Review</h1>
        <PrescriptionTabs current="orders" heldCount={null} />
        <NotPharmacist message={notPharmacist} />
      </div>
    )
  }
  return (
    <div>
      <h1 className="page-title">Prescription Review</h1>
      <PrescriptionTabs current="orders" heldCount={total} />
      <p className="mt-4 text-sm text-slate-700">
        These orders contain a prescription-only product and may not ship until a pharmacist approves them.
      </p>
      <div className="mt-4" aria-live="polite">
        {error ? <FormAlert message={error} /> : null}
        {!error && orders.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center font-semibold">
            No orders are waiting for prescription review
          </p>
        ) : null}
      </div>
      {orders.length > 0 ? (
        <div className="relative mt-3 overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Orders held for prescription review, newest first</caption>
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
                <th scope="col" className="px-4 py-3 text-right">
                  Total
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Review</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} className="border-b border-slate-100 last:border-0" data-testid="held-order">
                  <td className="px-4 py-3 font-mono font-semibold">{order.id}</td>
                  <td className="px-4 py-3">{order.placed}</td>
                  <td className="px-4 py-3">{order.email}</td>
                  <td className="px-4 py-3 text-right">{formatPrice(order.total)}</td>
                  <td className="px-4 py-3 text-right">
                    <Link to={`/admin/order-details?id=${encodeURIComponent(order.id)}`} className="font-semibold text-brand-800 underline">
                      Review<span className="sr-only"> order {order.id}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="mt-6">
        <Pagination page={page} pages={pages} href={(n) => (n > 1 ? `${PATH}?page=${n}` : PATH)} />
      </div>
    </div>
  )
}
