import { Pagination } from "~/components/Pagination"
import { TitledSection } from "~/components/TitledSection"
import { AdminListStatus, AdminTable, type AdminTableSpec } from "~/modules/staff/AdminTable"
import { orderStatusLabel } from "~/modules/staff/format"
import { orderIdColumn, orderTotalColumn } from "~/modules/staff/order-columns"

import { ORDER_DETAILS_PATH as PATH } from "./links"

type RecentOrder = { id: string; email: string; total: number; status: string; placed: string }

const RECENT_ORDERS_TABLE: AdminTableSpec<RecentOrder> = {
  caption: "Recent orders, newest first",
  rowTestId: "recent-order",
  columns: [
    orderIdColumn(),
    { header: "Placed", cell: (order) => order.placed },
    { header: "Email", cell: (order) => order.email },
    { header: "Status", cell: (order) => orderStatusLabel(order.status) },
    orderTotalColumn(),
  ],
}

export function RecentOrders({ page, pages, orders, error }: { page: number; pages: number; orders: RecentOrder[]; error: string | null }) {
  return (
    <TitledSection id="recent-orders" title="Recent orders" className="mt-8" titleClassName="text-xl font-bold">
      <AdminListStatus className="mt-3" error={error} empty={orders.length === 0 ? "No orders yet" : null} />
      {orders.length > 0 ? <AdminTable {...RECENT_ORDERS_TABLE} rows={orders} /> : null}
      <div className="mt-6">
        <Pagination page={page} pages={pages} href={(n) => (n > 1 ? `${PATH}?page=${n}` : PATH)} />
      </div>
    </TitledSection>
  )
}
