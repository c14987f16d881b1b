import type { StaffOrderView } from "@shared/dto/orders"
import type { ReactNode } from "react"

import { formatPrice } from "~/lib/money"
import { orderStatusLabel, paymentLabel } from "~/modules/staff/format"

import { CLOSED } from "./links"

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
      <div
        className="relative overflow-x-auto"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        role="region"
        aria-label="Items of the order"
      >
        <table className="mt-2 w-full min-w-[28rem] text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-3">
                Product
              </th>
              <th scope="col" className="py-2 pr-3">
                Variant
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Quantity
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Price
              </th>
              <th scope="col" className="py-2 text-right">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <tr key={`${item.variant.id ?? index}`} className="border-b border-slate-100" data-testid="order-item">
                <td className="py-2 pr-3">{item.product.name}</td>
                <td className="py-2 pr-3">{item.variant.name}</td>
                <td className="py-2 pr-3 text-right">{item.quantity}</td>
                <td className="py-2 pr-3 text-right">{formatPrice(item.price)}</td>
                <td className="py-2 text-right">{formatPrice(Math.round(item.price * item.quantity * 100) / 100)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

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
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-ink">{children}</dd>
    </div>
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
