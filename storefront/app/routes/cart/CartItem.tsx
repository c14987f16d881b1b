import { Link } from "@remix-run/react"

import { formatPrice } from "~/lib/money"
import { type CartLine, lineCap, lineLimit } from "~/modules/cart/cart"
import { cartStore } from "~/modules/cart/cart-actions"
import { Pending } from "~/modules/cart/OrderTotals"
import { QuantityStepper } from "~/modules/cart/QuantityStepper"
import { RxBadge } from "~/modules/catalog/Badges"
import { ProductImage } from "~/modules/catalog/ProductImage"
import { stockNotice } from "~/modules/catalog/stock"

import type { PricedLine } from "./route"

export function CartItem({ line, refreshed, fresh }: { line: CartLine; refreshed: PricedLine | null; fresh: boolean }) {
  const variant = line.selectedVariant
  const status = refreshed?.status
  const unavailable = status === "unavailable"
  const outOfStock = status === "out_of_stock"
  const maxQuantity = unavailable || outOfStock ? 0 : lineLimit(variant.stock, line.prescription)
  const label = `${line.name} (${variant.name})`
  const notice = unavailable
    ? { text: "No longer available", tone: "out" as const }
    : refreshed?.adjusted
      ? {
          text:
            variant.stock > lineCap(line.prescription)
              ? `We lowered your quantity to ${lineCap(line.prescription)}, the most per order.`
              : `Only ${variant.stock} left in stock! We lowered your quantity.`,
          tone: "low" as const,
        }
      : stockNotice(outOfStock ? 0 : variant.stock)
  return (
    <li className={`flex gap-4 p-4 ${unavailable || outOfStock ? "bg-red-50/50" : ""}`} data-testid="cart-line">
      <Link to={`/product/${line.id}`} tabIndex={-1} aria-hidden="true" className="w-20 shrink-0 sm:w-24">
        <ProductImage src={line.image} alt="" size={96} className="rounded-xl border border-slate-100" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <h3 className="font-semibold">
              <Link to={`/product/${line.id}`} className="hover:underline">
                {line.name}
              </Link>{" "}
              {line.prescription ? <RxBadge /> : null}
            </h3>
            <p className="text-sm text-slate-600">
              {variant.name}
              {line.category_name ? ` · ${line.category_name}` : ""}
            </p>
            <p
              data-testid="line-stock"
              className={`mt-1 text-sm font-semibold ${
                notice.tone === "out" ? "text-red-700" : notice.tone === "low" ? "text-amber-800" : "text-brand-800"
              }`}
            >
              {notice.text}
            </p>
          </div>
          <div className="text-right">
            <p className="font-bold" data-testid="line-total">
              {unavailable || outOfStock ? (
                <span className="text-sm font-semibold text-slate-600">Not included</span>
              ) : fresh && refreshed?.lineTotal != null ? (
                formatPrice(refreshed.lineTotal)
              ) : (
                <Pending />
              )}
            </p>
            {refreshed?.variant ? (
              <p className="text-xs text-slate-600" data-testid="line-unit-price">
                {formatPrice(refreshed.unitPrice ?? refreshed.variant.price)} each
              </p>
            ) : null}
          </div>
        </div>
        <div className="mt-3 flex items-center justify-between gap-3">
          <QuantityStepper
            size="sm"
            label={`Quantity of ${label}`}
            value={line.quantity}
            max={maxQuantity}
            onChange={(quantity) => cartStore.setQuantity(line.id, variant.id, quantity)}
          />
          <button
            type="button"
            className="rounded-full px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
            onClick={() => cartStore.remove(line.id, variant.id)}
            aria-label={`Remove ${label}`}
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  )
}
