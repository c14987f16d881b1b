import { type CatalogListProduct, preselectedVariant } from "@shared/catalog"
import { useEffect, useId, useRef, useState } from "react"

import { formatCents, formatPrice, toCents } from "~/lib/money"
import { showNotice } from "~/lib/notices"
import { remainingStock } from "~/modules/cart/cart"
import { cartStore } from "~/modules/cart/cart-actions"
import { useCart } from "~/modules/cart/cart-store"
import { QuantityStepper } from "~/modules/cart/QuantityStepper"
import { ProductImage } from "~/modules/catalog/ProductImage"

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Select Variant (spec §2, §4): a modal `<dialog>` that opens with the first
 * in-stock variant and quantity 1, keeps focus inside, and closes on the
 * close button, a click on the overlay or Escape. Adding puts the units in
 * the cart and shows '{name} ({variant}) x{qty} added to cart!'.
 */
export function SelectVariantModal({ product, onClose }: { product: CatalogListProduct; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const cart = useCart() ?? []
  const [variantId, setVariantId] = useState(() => preselectedVariant(product)?.id ?? "")
  const [quantity, setQuantity] = useState(1)
  const variant = product.variants.find((v) => v.id === variantId) ?? null
  // What can still go into the cart: the stock, less what the cart already holds.
  const available = variant ? remainingStock(cart, product, variant) : 0
  const inCart = variant ? (cart.find((l) => l.id === product.id && l.selectedVariant.id === variant.id)?.quantity ?? 0) : 0
  const qty = Math.max(1, Math.min(quantity, Math.max(1, available)))

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (!element.open) element.showModal()
    const previousOverflow = document.body.style.overflow
    document.body.style.overflow = "hidden"
    return () => {
      document.body.style.overflow = previousOverflow
      if (element.open) element.close()
    }
  }, [])

  const add = () => {
    if (!variant || available < 1) return
    const added = cartStore.add(product, variant, qty)
    if (added > 0) {
      showNotice(`${product.name} (${variant.name}) x${added} added to cart!`, { to: "/cart", label: "View cart" })
    }
    onClose()
  }

  const trapFocus = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !dialog.current) return
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
    if (items.length === 0) return
    const first = items[0]
    const last = items[items.length - 1]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the modal's focus trap (Tab and Shift+Tab stay inside)
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault() // Escape: close through React so the page knows
        onClose()
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onClose() // the overlay around the panel
      }}
      onKeyDown={trapFocus}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-xl font-bold">
              Select Variant
            </h2>
            <p className="mt-1 text-sm text-slate-600">{product.name}</p>
          </div>
          <button type="button" onClick={onClose} className="-m-1 rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label="Close">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M5 5l10 10M15 5L5 15" />
            </svg>
          </button>
        </div>

        <div className="mt-4 flex gap-4">
          <div className="hidden w-24 shrink-0 self-start overflow-hidden rounded-xl border border-slate-100 sm:block">
            <ProductImage src={product.image} alt="" size={96} priority />
          </div>
          <fieldset className="min-w-0 flex-1">
            <legend className="text-sm font-semibold">Variant</legend>
            <div className="mt-2 space-y-2">
              {product.variants.map((v) => (
                <label
                  key={v.id}
                  className={`flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 text-sm ${
                    v.id === variantId ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:border-slate-300"
                  }`}
                >
                  <input
                    type="radio"
                    name="variant"
                    value={v.id}
                    checked={v.id === variantId}
                    onChange={() => {
                      setVariantId(v.id)
                      setQuantity(1)
                    }}
                    className="h-4 w-4 accent-brand-700"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{v.name}</span>
                    <span className={`block text-xs font-semibold ${v.stock > 0 ? "text-brand-800" : "text-red-700"}`}>
                      {v.stock > 0 ? "In Stock" : "Out of Stock"}
                    </span>
                  </span>
                  <span className="font-semibold">{formatPrice(v.price)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>

        <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <QuantityStepper value={qty} max={available} onChange={(n) => setQuantity(Math.max(1, Math.min(n, available)))} />
            <p className="text-sm text-slate-600" aria-live="polite" data-testid="variant-available">
              {available} available
              {inCart > 0 ? <span className="block text-xs">({inCart} already in your cart)</span> : null}
            </p>
          </div>
          <p className="text-base">
            Total:{" "}
            <span className="font-bold" data-testid="variant-total">
              {variant ? formatCents(toCents(variant.price) * qty) : formatPrice(0)}
            </span>
          </p>
        </div>

        <button type="button" className="btn-primary mt-5 w-full" disabled={!variant || available < 1} onClick={add}>
          Add to Cart
        </button>
      </div>
    </dialog>
  )
}
