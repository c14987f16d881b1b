import type { OrderQueue } from "@shared/schemas/order-queues"

import { type AdminColumn, AdminTable } from "~/modules/staff/AdminTable"
import { orderStatusLabel } from "~/modules/staff/format"
import { orderIdColumn, orderTotalColumn } from "~/modules/staff/order-columns"

import type { QueueRow } from "./queue-page.server"
import { QUEUE_WORDS } from "./queues"

const CANCELS_AT_COLUMN: AdminColumn<QueueRow> = { header: "Canceled if unpaid", cell: (order) => order.cancelsAt ?? "" }

/** A queue's orders: number (to the order's page), placed, age, status, total, email; unpaid ones also when they are canceled. */
export function QueueTable({ queue, rows }: { queue: OrderQueue; rows: QueueRow[] }) {
  const columns: AdminColumn<QueueRow>[] = [
    orderIdColumn("font-mono font-semibold whitespace-nowrap"),
    { header: "Placed", cell: (order) => order.placed },
    { header: "Age", cell: (order) => order.age, className: "whitespace-nowrap" },
    ...(queue === "awaiting_payment" ? [CANCELS_AT_COLUMN] : []),
    { header: "Status", cell: (order) => orderStatusLabel(order.status) },
    orderTotalColumn(),
    { header: "Email", cell: (order) => order.email, className: "break-all" },
  ]
  return (
    <AdminTable caption={QUEUE_WORDS[queue].caption} minWidthClass="min-w-[44rem]" rowTestId="queue-order" columns={columns} rows={rows} />
  )
}
