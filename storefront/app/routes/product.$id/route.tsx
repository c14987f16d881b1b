import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node"
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react"
import { preselectedVariant } from "@shared/catalog"
import { STORE } from "@shared/store-constants"
import { useState } from "react"

import { requireAgeVerified } from "~/lib/age-gate.server"
import { fromBackend } from "~/lib/backend-errors.server"
import { getProduct } from "~/lib/data/catalog.server"
import { pageMeta } from "~/lib/meta"
import { formatPrice } from "~/lib/money"
import { showNotice } from "~/lib/notices"
import { remainingStock } from "~/modules/cart/cart"
import { cartStore } from "~/modules/cart/cart-actions"
import { useCart } from "~/modules/cart/cart-store"
import { QuantityStepper } from "~/modules/cart/QuantityStepper"
import { ProductBadges } from "~/modules/catalog/Badges"
import { CallToOrder } from "~/modules/catalog/CallToOrder"
import { ProductImage } from "~/modules/catalog/ProductImage"
import { stockNotice } from "~/modules/catalog/stock"
import { canonicalLink } from "~/modules/seo/canonical"
import { productJsonLd } from "~/modules/seo/json-ld"
import { JsonLd } from "~/modules/seo/JsonLd"
import { siteOrigin } from "~/modules/seo/origin.server"

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (!data) {
    return isRouteErrorResponse(error) && error.status === 404
      ? pageMeta("Product not found", "This product is not in our catalogue.")
      : pageMeta("Something went wrong", "Failed to load product details. Please try again later.")
  }
  const { product } = data
  const description = product.description.length > 155 ? `${product.description.slice(0, 152)}...` : product.description
  return [
    ...pageMeta(product.name, description || `${product.name} from ${STORE.name}.`),
    ...canonicalLink(matches, `/product/${encodeURIComponent(product.id)}`),
  ]
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAgeVerified(request)
  const id = params.id ?? ""
  if (!id || id.length > 100) throw new Response("Product not found", { status: 404 })
  const product = await fromBackend(() => getProduct(id))
  return data({ product, jsonLd: productJsonLd(product, siteOrigin(request)) }, { headers: { "Cache-Control": "private, no-cache" } })
}

export default function ProductPage() {
  const { product, jsonLd } = useLoaderData<typeof loader>()
  const cart = useCart() ?? []
  const [variantId, setVariantId] = useState(() => preselectedVariant(product)?.id ?? "")
  const [quantity, setQuantity] = useState(1)
  const variant = product.variants.find((v) => v.id === variantId) ?? null
  const stock = variant?.stock ?? 0
  const room = variant ? remainingStock(cart, product, variant) : 0
  const max = Math.min(stock, Math.max(room, 0))
  const qty = Math.max(1, Math.min(quantity, Math.max(1, max)))
  const notice = variant ? stockNotice(stock) : null

  const add = () => {
    if (!variant || stock < 1) return
    const added = cartStore.add(product, variant, qty)
    if (added > 0) {
      showNotice(`${product.name} (${variant.name}) added to cart!`, { to: "/cart", label: "View cart" })
      setQuantity(1)
    } else {
      showNotice(`Your cart already holds all ${stock} available of ${product.name} (${variant.name}).`, {
        to: "/cart",
        label: "View cart",
      })
    }
  }

  return (
    <div className="container-page py-8 sm:py-12">
      <JsonLd data={jsonLd} />
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/shop" className="hover:underline">
              Shop
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li aria-current="page" className="font-medium text-slate-800">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-8 md:grid-cols-2 md:gap-12">
        <div className="relative overflow-hidden rounded-3xl border border-slate-200 bg-slate-50 p-4">
          <ProductImage src={product.image} alt={product.name} size={600} priority />
          <ProductBadges product={product} className="absolute left-4 top-4 flex gap-1" />
        </div>

        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{product.name}</h1>
          <p className="mt-3 text-3xl font-bold text-brand-800" data-testid="product-price">
            {variant ? formatPrice(variant.price) : "Unavailable"}
          </p>

          {product.variants.length > 0 ? (
            <div className="mt-6">
              <p id="variant-label" className="text-sm font-semibold">
                Choose an option
              </p>
              <div role="group" aria-labelledby="variant-label" className="mt-2 flex flex-wrap gap-2">
                {product.variants.map((v) => (
                  <button
                    key={v.id}
                    type="button"
                    aria-pressed={v.id === variantId}
                    onClick={() => {
                      setVariantId(v.id)
                      setQuantity(1)
                    }}
                    className={`rounded-xl border px-4 py-2 text-left text-sm transition ${
                      v.id === variantId ? "border-brand-700 bg-brand-50 ring-1 ring-brand-700" : "border-slate-300 hover:border-slate-400"
                    }`}
                  >
                    <span className="block font-semibold">{v.name}</span>
                    <span className="block text-slate-600">{formatPrice(v.price)}</span>
                  </button>
                ))}
              </div>
            </div>
          ) : null}

          <p
            aria-live="polite"
            data-testid="stock-notice"
            className={`mt-4 text-sm font-semibold ${
              notice?.tone === "out" ? "text-red-700" : notice?.tone === "low" ? "text-amber-800" : "text-brand-800"
            }`}
          >
            {notice?.text ?? "Out of stock"}
          </p>

          {product.call_to_order ? (
            <div className="mt-6 rounded-xl bg-amber-50 p-4 text-sm text-amber-950" data-testid="controlled-substance">
              <p>
                {product.name} is a controlled substance
                {product.controlled_schedule ? ` (Schedule ${product.controlled_schedule})` : ""}. It cannot be ordered online: our
                pharmacists dispense it only with a valid prescription, by phone.
              </p>
              <CallToOrder productName={product.name} className="btn-primary mt-3 inline-block px-8" />
            </div>
          ) : (
            <div className="mt-6 flex flex-wrap items-center gap-4">
              <QuantityStepper value={qty} max={max} onChange={(n) => setQuantity(Math.max(1, Math.min(n, max)))} />
              <button type="button" className="btn-primary px-8" disabled={!variant || stock < 1 || max < 1} onClick={add}>
                ADD TO CART
              </button>
            </div>
          )}
          {variant && stock > 0 && max < 1 ? (
            <p className="mt-2 text-sm text-slate-600">All {stock} available are already in your cart.</p>
          ) : null}

          {product.prescription ? (
            <p className="mt-6 rounded-xl bg-red-50 p-4 text-sm text-red-900">
              This product requires a valid prescription. Our pharmacists review it before your order ships.{" "}
              <Link to="/apply-for-prescription" className="font-semibold underline">
                Apply for a prescription
              </Link>
            </p>
          ) : null}

          <dl className="mt-8 space-y-4 border-t border-slate-200 pt-6 text-sm">
            <div>
              <dt className="font-semibold">Category</dt>
              <dd className="mt-1 text-slate-700">{product.category_name ?? "Unknown"}</dd>
            </div>
            <div>
              <dt className="font-semibold">Description</dt>
              <dd className="mt-1 whitespace-pre-line leading-relaxed text-slate-700">{product.description}</dd>
            </div>
          </dl>
        </div>
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <section className="container-page py-24 text-center" role={notFound ? undefined : "alert"}>
      <h1 className="text-3xl font-bold">{notFound ? "Product not found" : "Something went wrong"}</h1>
      <p className="mt-3 text-slate-600">
        {notFound
          ? "This product is not in our catalogue, or it is no longer sold."
          : "Failed to load product details. Please try again later."}
      </p>
      <Link to="/shop" className="btn-primary mt-8">
        Back to Shop
      </Link>
    </section>
  )
}
