/**
 * Orders held for prescription review (issue 7), newest first; each opens in
 * Order Details, where it is decided. The list shows no items (minimum
 * necessary, decision 0047): the pharmacist opens the order (an audited read).
 */
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node"
import { Link, useLoaderData } from "@remix-run/react"

import { Pagination } from "~/components/Pagination"
import { attempt, requireAdmin } from "~/lib/data/staff/client.server"
import { listHeldOrders } from "~/lib/data/staff/orders.server"
import { AdminListStatus, AdminTable, type AdminTableSpec } from "~/modules/staff/AdminTable"
import { formatStaffDateTime } from "~/modules/staff/dates.server"
import { adminMeta } from "~/modules/staff/meta"
import { orderTotalColumn } from "~/modules/staff/order-columns"
import { pharmacistRefusal, refusedToNonPharmacist } from "~/modules/staff/pharmacist.server"
import { PrescriptionReviewPage } from "~/modules/staff/PrescriptionTabs"
import { orderHref } from "~/routes/admin.order-details/links"

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

type HeldOrder = SerializeFrom<typeof loader>["orders"][number]

const HELD_ORDERS_TABLE: AdminTableSpec<HeldOrder> = {
  caption: "Orders held for prescription review, newest first",
  minWidthClass: "min-w-[32rem]",
  rowTestId: "held-order",
  columns: [
    { header: "Order ID", cell: (order) => order.id, className: "font-mono font-semibold" },
    { header: "Placed", cell: (order) => order.placed },
    { header: "Email", cell: (order) => order.email },
    orderTotalColumn(),
    {
      header: <span className="sr-only">Review</span>,
      className: "text-right",
      cell: (order) => (
        <Link to={orderHref(order.id)} className="font-semibold text-brand-800 underline">
          Review<span className="sr-only"> order {order.id}</span>
        </Link>
      ),
    },
  ],
}

export default function HeldOrders() {
  const { notPharmacist, page, orders, total, pages, error } = useLoaderData<typeof loader>()
  return (
    <PrescriptionReviewPage current="orders" heldCount={total} notPharmacist={notPharmacist}>
      <p className="mt-4 text-sm text-slate-700">
        These orders contain a prescription-only product and may not ship until a pharmacist approves them.
      </p>
      <AdminListStatus
        className="mt-4"
        error={error}
        empty={orders.length === 0 ? "No orders are waiting for prescription review" : null}
      />
      {orders.length > 0 ? <AdminTable {...HELD_ORDERS_TABLE} rows={orders} /> : null}
      <div className="mt-6">
        <Pagination page={page} pages={pages} href={(n) => (n > 1 ? `${PATH}?page=${n}` : PATH)} />
      </div>
    </PrescriptionReviewPage>
  )
}
