import { Link } from "@remix-run/react"
import { type LegacyProduct } from "@shared/catalog"

import { formatPrice } from "~/lib/money"
import { PopularBadge, RxBadge } from "~/modules/catalog/Badges"
import { ProductImage } from "~/modules/catalog/ProductImage"
import { secondaryButtonClass } from "~/modules/staff/button-styles"

import { adminPrice, adminProductsHref, type parseAdminProductParams } from "./products"

const priceText = (product: LegacyProduct) => {
  const lowest = adminPrice(product)
  if (lowest === null) return "No variants"
  return product.variants.length > 1 ? `From ${formatPrice(lowest)}` : formatPrice(lowest)
}

export function ProductRow({ product, params }: { product: LegacyProduct; params: ReturnType<typeof parseAdminProductParams> }) {
  return (
    <article aria-labelledby={`product-${product.id}`} className="flex flex-col gap-4 sm:flex-row">
      <div className="w-20 shrink-0">
        <ProductImage src={product.image} alt="" size={80} className="rounded-lg border border-slate-200" />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`product-${product.id}`} className="text-lg font-bold">
            {product.name}
          </h2>
          {product.prescription ? <RxBadge /> : null}
          {product.is_popular ? <PopularBadge /> : null}
        </div>
        <p className="text-sm text-slate-600">
          {product.category_name ?? "No category"} · <span data-testid="product-price">{priceText(product)}</span> ·{" "}
          {product.variants.length} {product.variants.length === 1 ? "variant" : "variants"}
        </p>
        <p className="mt-1 line-clamp-2 text-sm text-slate-700">{product.description}</p>
        {product.variants.length > 0 ? (
          <table className="mt-2 w-full max-w-lg text-left text-sm">
            <caption className="sr-only">Variants of {product.name}</caption>
            <thead>
              <tr className="text-slate-600">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Variant
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Price
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Stock
                </th>
              </tr>
            </thead>
            <tbody>
              {product.variants.map((variant) => (
                <tr key={variant.id} className="border-t border-slate-100" data-testid="variant">
                  <td className="py-1 pr-3">{variant.name}</td>
                  <td className="py-1 pr-3">{formatPrice(variant.price)}</td>
                  <td className="py-1">{variant.stock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-2 sm:flex-col">
        <Link
          id={`edit-link-${product.id}`}
          to={adminProductsHref(params, { edit: product.id })}
          preventScrollReset
          className={secondaryButtonClass}
        >
          Edit<span className="sr-only"> {product.name}</span>
        </Link>
        <Link
          id={`delete-link-${product.id}`}
          to={adminProductsHref(params, { delete: product.id })}
          preventScrollReset
          className={`${secondaryButtonClass} text-red-800`}
        >
          Delete<span className="sr-only"> {product.name}</span>
        </Link>
      </div>
    </article>
  )
}
