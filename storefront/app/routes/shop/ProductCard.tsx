import { Link } from "@remix-run/react"
import { type CatalogListProduct, cheapestCandidateVariant } from "@shared/catalog"

import { formatPrice } from "~/lib/money"
import { ProductBadges } from "~/modules/catalog/Badges"
import { CallToOrder } from "~/modules/catalog/CallToOrder"
import { ProductImage } from "~/modules/catalog/ProductImage"

/**
 * A shop card (spec §2): Popular badge, image, name, category, the lowest
 * in-stock price, the variants count when several, and Add to Cart, which
 * reads Out of Stock and is disabled when the cheapest candidate variant has
 * no stock. A controlled substance offers a call to the pharmacy instead (issue 25).
 */
export function ProductCard({
  product,
  priority,
  onAddToCart,
  onIntent,
}: {
  product: CatalogListProduct
  priority?: boolean
  onAddToCart: (product: CatalogListProduct, trigger: HTMLButtonElement) => void
  /** The shopper is about to press Add to Cart (hover, focus): a chance to load what it needs. */
  onIntent?: () => void
}) {
  const candidate = cheapestCandidateVariant(product)
  const inStock = (candidate?.stock ?? 0) > 0
  const href = `/product/${product.id}`
  return (
    <article className="product-card">
      <div className="relative">
        {/* The name below is the link for keyboards and screen readers; the picture is the same link for pointers. */}
        <Link to={href} prefetch="intent" tabIndex={-1} aria-hidden="true" className="product-media">
          <ProductImage src={product.image} alt="" priority={priority} />
        </Link>
        <ProductBadges product={product} className="badges" />
      </div>
      <h3>
        <Link to={href} prefetch="intent">
          {product.name}
        </Link>
      </h3>
      <p className="product-category">{product.category_name ?? "Unknown"}</p>
      <p className="product-price">
        <span>{candidate ? formatPrice(candidate.price) : "Unavailable"}</span>
        {product.variants.length > 1 ? <small>{product.variants.length} variants</small> : null}
      </p>
      <div className="mt-auto pt-3">
        {product.call_to_order ? (
          <CallToOrder productName={product.name} className="btn-primary btn-small w-full text-center" />
        ) : (
          <button
            type="button"
            className="btn-primary btn-small w-full"
            disabled={!inStock}
            aria-label={inStock ? `Add to Cart: ${product.name}` : `Out of Stock: ${product.name}`}
            onPointerEnter={onIntent}
            onFocus={onIntent}
            onClick={(event) => onAddToCart(product, event.currentTarget)}
          >
            {inStock ? "Add to Cart" : "Out of Stock"}
          </button>
        )}
      </div>
    </article>
  )
}
