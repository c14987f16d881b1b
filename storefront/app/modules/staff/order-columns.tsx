/** Columns that the staff area's order lists share: the order's ID (linked to its page) and its total. */
import { Link } from "@remix-run/react"

import { formatPrice } from "~/lib/money"
import { orderHref } from "~/routes/admin.order-details/links"

import type { AdminColumn } from "./AdminTable"

export const orderIdColumn = <Row extends { id: string }>(className = "font-mono font-semibold"): AdminColumn<Row> => ({
  header: "Order ID",
  className,
  cell: (order) => (
    <Link to={orderHref(order.id)} className="text-brand-800 underline">
      {order.id}
    </Link>
  ),
})

export const orderTotalColumn = <Row extends { total: number }>(): AdminColumn<Row> => ({
  header: "Total",
  cell: (order) => formatPrice(order.total),
  align: "right",
})
