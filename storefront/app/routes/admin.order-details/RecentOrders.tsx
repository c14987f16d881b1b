import { Link } from "@remix-run/react"

import { FormAlert } from "~/components/form-fields"
import { Pagination } from "~/components/Pagination"
import { formatPrice } from "~/lib/money"
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
