import { type LegacyProduct } from "@shared/catalog"

import { DataTable, type TableSpec } from "~/components/DataTable"
import { formatPrice } from "~/lib/money"
import { PopularBadge, RxBadge } from "~/modules/catalog/Badges"
import { ProductImage } from "~/modules/catalog/ProductImage"
import { EditDeleteLinks } from "~/modules/staff/EditDeleteLinks"

import { adminPrice, adminProductsHref, type parseAdminProductParams } from "./products"

const priceText = (product: LegacyProduct) => {
  const lowest = adminPrice(product)
  if (lowest === null) return "No variants"
  return product.variants.length > 1 ? `From ${formatPrice(lowest)}` : formatPrice(lowest)
}

const VARIANTS_TABLE: TableSpec<LegacyProduct["variants"][number]> = {
  look: {
    table: "mt-2 w-full max-w-lg text-left text-sm",
    cell: "py-1",
    gap: "pr-3",
    headRow: "text-slate-600",
    row: "border-t border-slate-100",
  },
  columns: [
    { header: "Variant", headerClassName: "font-semibold", cell: (variant) => variant.name },
    { header: "Price", headerClassName: "font-semibold", cell: (variant) => formatPrice(variant.price) },
    { header: "Stock", headerClassName: "font-semibold", cell: (variant) => variant.stock },
  ],
  rowKey: (variant) => variant.id,
  rowTestId: "variant",
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
          <DataTable {...VARIANTS_TABLE} rows={product.variants} caption={`Variants of ${product.name}`} />
        ) : null}
      </div>
      <div className="flex shrink-0 gap-2 sm:flex-col">
        <EditDeleteLinks
          name={product.name}
          idFor={(action) => `${action}-link-${product.id}`}
          hrefFor={(action) => adminProductsHref(params, { [action]: product.id })}
        />
      </div>
    </article>
  )
}
