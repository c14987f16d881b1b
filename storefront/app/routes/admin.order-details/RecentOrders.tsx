import { Link } from "@remix-run/react"

import { FormAlert } from "~/components/form-fields"
import { Pagination } from "~/components/Pagination"
import { formatPrice } from "~/lib/money"
import { AdminTable } from "~/modules/staff/AdminTable"
import { orderStatusLabel } from "~/modules/staff/format"

import { ORDER_DETAILS_PATH as PATH, orderHref } from "./links"

export function RecentOrders({
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
        <AdminTable
          caption="Recent orders, newest first"
          minWidthClass="min-w-[40rem]"
          rows={orders}
          rowKey={(order) => order.id}
          rowTestId="recent-order"
          columns={[
            {
              header: "Order ID",
              className: "font-mono font-semibold",
              cell: (order) => (
                <Link to={orderHref(order.id)} className="text-brand-800 underline">
                  {order.id}
                </Link>
              ),
            },
            { header: "Placed", cell: (order) => order.placed },
            { header: "Email", cell: (order) => order.email },
            { header: "Status", cell: (order) => orderStatusLabel(order.status) },
            { header: "Total", cell: (order) => formatPrice(order.total), headerClassName: "text-right", className: "text-right" },
          ]}
        />
      ) : null}
      <div className="mt-6">
        <Pagination page={page} pages={pages} href={(n) => (n > 1 ? `${PATH}?page=${n}` : PATH)} />
      </div>
    </section>
  )
}
