import type { OrderStatusItem } from "@shared/dto/order-status"
import type { DisplayTotals } from "@shared/order-totals"

import type { Column } from "~/components/DataTable"
import { formatPrice } from "~/lib/money"
import { OrderTotals } from "~/modules/cart/OrderTotals"
import { ItemsTable } from "~/modules/orders/ItemsTable"

const ITEM_COLUMNS: Column<OrderStatusItem>[] = [
  {
    header: "Product",
    cell: (item) => (
      <>
        <span className="font-semibold">{item.name}</span>
        {item.variant ? <span className="block text-slate-600">{item.variant}</span> : null}
      </>
    ),
  },
  { header: "Quantity", cell: (item) => item.quantity, align: "right" },
  { header: "Price", cell: (item) => formatPrice(item.unit_price), align: "right" },
  { header: "Total", cell: (item) => formatPrice(item.line_total), align: "right" },
]

/** What was ordered (name, variant, quantity, prices) and the order's totals. */
export function OrderItems({ items, totals }: { items: OrderStatusItem[]; totals: DisplayTotals }) {
  return (
    <>
      <ItemsTable
        label="Items of your order"
        caption="Items of your order"
        className="mt-3"
        columns={ITEM_COLUMNS}
        rows={items}
        rowKey={(item, index) => `${item.name}-${item.variant}-${index}`}
      />
      <OrderTotals totals={totals} page="order" className="ml-auto mt-4 max-w-xs" />
    </>
  )
}
