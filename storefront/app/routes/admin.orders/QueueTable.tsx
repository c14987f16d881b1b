import { Link } from "@remix-run/react"
import type { OrderQueue } from "@shared/schemas/order-queues"

import { formatPrice } from "~/lib/money"
import { type AdminColumn, AdminTable } from "~/modules/staff/AdminTable"
import { orderStatusLabel } from "~/modules/staff/format"

import type { QueueRow } from "./queue-page.server"
import { QUEUE_WORDS } from "./queues"

const orderHref = (id: string) => `/admin/order-details?id=${encodeURIComponent(id)}`

/** A queue's orders: number (to the order's page), placed, age, status, total, email; unpaid ones also when they are canceled. */
export function QueueTable({ queue, rows }: { queue: OrderQueue; rows: QueueRow[] }) {
  const columns: AdminColumn<QueueRow>[] = [
    {
      header: "Order ID",
      className: "font-mono font-semibold whitespace-nowrap",
      cell: (order) => (
        <Link to={orderHref(order.id)} className="text-brand-800 underline">
          {order.id}
        </Link>
      ),
    },
    { header: "Placed", cell: (order) => order.placed },
    { header: "Age", cell: (order) => order.age, className: "whitespace-nowrap" },
    ...(queue === "awaiting_payment"
      ? [{ header: "Canceled if unpaid", cell: (order: QueueRow) => order.cancelsAt ?? "" } satisfies AdminColumn<QueueRow>]
      : []),
    { header: "Status", cell: (order) => orderStatusLabel(order.status) },
    { header: "Total", cell: (order) => formatPrice(order.total), headerClassName: "text-right", className: "text-right" },
    { header: "Email", cell: (order) => order.email, className: "break-all" },
  ]
  return (
    <AdminTable
      caption={QUEUE_WORDS[queue].caption}
      minWidthClass="min-w-[44rem]"
      rows={rows}
      rowKey={(order) => order.id}
      rowTestId="queue-order"
      columns={columns}
    />
  )
}
