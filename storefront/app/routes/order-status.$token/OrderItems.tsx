import type { OrderStatusItem } from "@shared/dto/order-status"
import type { DisplayTotals } from "@shared/order-totals"

import { formatPrice } from "~/lib/money"
import { OrderTotals } from "~/modules/cart/OrderTotals"

/** What was ordered (name, variant, quantity, prices) and the order's totals. */
export function OrderItems({ items, totals }: { items: OrderStatusItem[]; totals: DisplayTotals }) {
  return (
    <>
      <div
        className="relative mt-3 overflow-x-auto"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        role="region"
        aria-label="Items of your order"
      >
        <table className="w-full min-w-[28rem] text-left text-sm">
          <caption className="sr-only">Items of your order</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-3">
                Product
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Quantity
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Price
              </th>
              <th scope="col" className="py-2 text-right">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <tr key={`${item.name}-${item.variant}-${index}`} className="border-b border-slate-100" data-testid="order-item">
                <td className="py-2 pr-3">
                  <span className="font-semibold">{item.name}</span>
                  {item.variant ? <span className="block text-slate-600">{item.variant}</span> : null}
                </td>
                <td className="py-2 pr-3 text-right">{item.quantity}</td>
                <td className="py-2 pr-3 text-right">{formatPrice(item.unit_price)}</td>
                <td className="py-2 text-right">{formatPrice(item.line_total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <OrderTotals totals={totals} page="order" className="ml-auto mt-4 max-w-xs" />
    </>
  )
}
