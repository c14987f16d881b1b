import type { StaffOrderView } from "@shared/dto/orders"
import type { ReactNode } from "react"

import type { Column } from "~/components/DataTable"
import { Fact } from "~/components/Fact"
import { formatPrice } from "~/lib/money"
import { ItemsTable } from "~/modules/orders/ItemsTable"
import { orderStatusLabel, paymentLabel } from "~/modules/staff/format"

import { CLOSED } from "./links"

type OrderItem = StaffOrderView["items"][number]

const ITEM_COLUMNS: Column<OrderItem>[] = [
  { header: "Product", cell: (item) => item.product.name },
  { header: "Variant", cell: (item) => item.variant.name },
  { header: "Quantity", cell: (item) => item.quantity, align: "right" },
  { header: "Price", cell: (item) => formatPrice(item.price), align: "right" },
  {
    header: "Line total",
    cell: (item) => formatPrice(Math.round(item.price * item.quantity * 100) / 100),
    align: "right",
  },
]

/** The order as staff read it: status, payment, contact, address, items and totals. */
export function OrderFacts({ order }: { order: StaffOrderView & { created_label: string } }) {
  return (
    <>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Item label="Status">
          <span data-testid="order-status" className="font-semibold">
            {orderStatusLabel(order.status)}
          </span>
        </Item>
        <Item label="Payment">
          <span data-testid="order-payment">{order.paid ? "Paid" : CLOSED.has(order.status) ? "Not paid" : "Awaiting payment"}</span>
        </Item>
        <Item label="Placed">{order.created_label}</Item>
        <Item label="Email">{order.email}</Item>
        <Item label="Phone">{order.phone || "—"}</Item>
        <Item label="Shipping address">{order.shipping_address}</Item>
        <Item label="Payment method">{order.payment_method ? paymentLabel(order.payment_method) : "Recorded by staff"}</Item>
        {order.prescription_review?.status === "needs_information" ? (
          <Item label="Prescription review">
            <span data-testid="review-status">Information requested from the patient</span>
          </Item>
        ) : null}
        {order.prescription_review?.note ? (
          <Item label="Pharmacist's note">
            <span data-testid="review-note">{order.prescription_review.note}</span>
          </Item>
        ) : null}
      </dl>

      <h3 className="mt-6 font-bold">Items</h3>
      <ItemsTable
        label="Items of the order"
        className="mt-2"
        columns={ITEM_COLUMNS}
        rows={order.items}
        rowKey={(item, index) => `${item.variant.id ?? index}`}
      />

      <dl className="ml-auto mt-4 max-w-xs space-y-1 text-sm" data-testid="order-totals">
        <Total label="Subtotal" value={order.totals.subtotal} />
        {order.totals.discount > 0 ? <Total label="Discount" value={-order.totals.discount} /> : null}
        <Total label="Shipping" value={order.totals.shipping} free />
        <Total label="Tax" value={order.totals.tax} />
        <Total label="Total" value={order.totals.total} strong />
      </dl>
    </>
  )
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Fact term={label} valueClassName="mt-0.5 break-words text-ink">
      {children}
    </Fact>
  )
}

function Total({ label, value, strong = false, free = false }: { label: string; value: number; strong?: boolean; free?: boolean }) {
  return (
    <div className={`flex justify-between gap-6 ${strong ? "border-t border-slate-200 pt-1 text-base font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd data-testid={`order-${label.toLowerCase()}`}>
        {free && value === 0 ? "FREE" : value < 0 ? `−${formatPrice(-value)}` : formatPrice(value)}
      </dd>
    </div>
  )
}
