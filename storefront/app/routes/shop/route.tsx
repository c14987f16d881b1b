import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node"
import { Link, useLoaderData, useNavigation } from "@remix-run/react"
import type { CatalogListProduct } from "@shared/catalog"
import { STORE } from "@shared/store-constants"
import { lazy, Suspense, useRef, useState } from "react"

import { Pagination } from "~/components/Pagination"
import { requireAgeVerified } from "~/lib/age-gate.server"
import { type CatalogPage, listCatalog, listCategories } from "~/lib/data/catalog.server"
import { shopCategoryHref } from "~/lib/links"
import { NO_INDEX, pageMeta } from "~/lib/meta"
import { hasActiveFilters, parseShopParams, shopHref, type ShopParams } from "~/modules/catalog/shop-params"
import { canonicalLink, shopCanonicalPath } from "~/modules/seo/canonical"

import { ProductCard } from "./ProductCard"
import { ShopFilters } from "./ShopFilters"

/** The Select Variant modal loads when first wanted (hover, focus or click on Add to Cart), not with the page. */
const loadModal = () => import("./SelectVariantModal")
const SelectVariantModal = lazy(() => loadModal().then((module) => ({ default: module.SelectVariantModal })))

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(
    data?.title ?? "Our Products",
    "Shop GLP-1 weight-loss treatments, insulin and diabetes supplies. Filter by category and price, sorted how you like."
  ),
  // The category and page make the list; sort, price and tracking parameters do not (decision 0055).
  // Search results are for the shopper who searched: search engines leave them out (decision 0058).
  ...(data?.params.q
    ? [NO_INDEX]
    : data
      ? canonicalLink(matches, shopCanonicalPath(data.params, data.catalog.category?.name ?? null))
      : []),
]

/** The page's heading: the search, the category, or the whole shop. */
function shopTitle(q: string, categoryName: string | null | undefined) {
  if (q) return `Search results for “${q}”`
  return categoryName ? `${categoryName} Products` : "Our Products"
}

/** Gated pages depend on the visitor's cookie: browsers may keep them, shared caches may not. */
const PRIVATE = { "Cache-Control": "private, no-cache" }

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgeVerified(request)
  const params = parseShopParams(new URL(request.url).searchParams)
  const [catalog, categories] = await Promise.allSettled([listCatalog(params), listCategories()])
  const categoryNames = categories.status === "fulfilled" ? categories.value.map((c) => c.name) : []
  if (catalog.status === "rejected") {
    const reason = catalog.reason instanceof Error ? catalog.reason.message : String(catalog.reason)
    console.error(`Shop: loading products failed: ${reason}`)
    const empty: CatalogPage = { products: [], count: 0, page: 1, pages: 1, limit: STORE.pageSize, category: null }
    return data(
      {
        params,
        categoryNames,
        catalog: empty,
        title: shopTitle(params.q, null),
        error: "Failed to load products: the store is temporarily unavailable. Please try again later.",
      },
      { status: 503, headers: PRIVATE }
    )
  }
  const title = shopTitle(params.q, catalog.value.category?.name)
  return data({ params, categoryNames, catalog: catalog.value, title, error: null }, { headers: PRIVATE })
}

export default function Shop() {
  const { params, categoryNames, catalog, title, error } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const loading = navigation.state === "loading" && navigation.location.pathname === "/shop"
  // While the next page loads, the filters already show what was picked.
  const shown: ShopParams = loading ? parseShopParams(new URLSearchParams(navigation.location.search)) : params
  const [selecting, setSelecting] = useState<CatalogListProduct | null>(null)
  const trigger = useRef<HTMLButtonElement | null>(null)

  const closeModal = () => {
    setSelecting(null)
    requestAnimationFrame(() => trigger.current?.focus())
  }

  const first = (catalog.page - 1) * catalog.limit + 1
  const last = first + catalog.products.length - 1

  return (
    <div className="container-page py-8 sm:py-10">
      <h1 className="page-title">{title}</h1>

      <div className="mt-6 lg:grid lg:grid-cols-[15rem_1fr] lg:gap-8">
        <ShopFilters params={params} shown={shown} categoryNames={categoryNames} />

        <section aria-labelledby="results-heading" className="mt-6 lg:mt-0">
          <h2 id="results-heading" className="sr-only">
            Products
          </h2>
          <div aria-live="polite" className="min-h-6 text-sm text-slate-600">
            {loading ? (
              <p>Loading products...</p>
            ) : error ? null : catalog.count > 0 ? (
              <p>
                Showing {first}–{last} of {catalog.count} {catalog.count === 1 ? "product" : "products"}
              </p>
            ) : null}
          </div>

          {error ? (
            <div role="alert" className="alert-error">
              <p>{error}</p>
              <Link to={shopHref(params)} className="btn-secondary btn-small mt-4" reloadDocument>
                Try again
              </Link>
            </div>
          ) : catalog.count === 0 ? (
            <div className="empty-state">
              {params.q ? (
                <>
                  <p>No products match “{params.q}”</p>
                  <p className="text-sm font-normal text-slate-600">Check the spelling, or browse a category:</p>
                  <ul aria-label="Categories" className="flex flex-wrap justify-center gap-2">
                    {categoryNames.map((name) => (
                      <li key={name}>
                        <Link to={shopCategoryHref(name)} className="btn-secondary btn-small">
                          {name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                  {hasActiveFilters(params) ? (
                    <Link to={shopHref({ q: params.q })} className="btn-primary btn-small mt-4">
                      Reset Filters
                    </Link>
                  ) : null}
                </>
              ) : hasActiveFilters(params) ? (
                <>
                  <p>No products match your filters</p>
                  <Link to="/shop" className="btn-primary btn-small">
                    Reset Filters
                  </Link>
                </>
              ) : (
                <p>No products available</p>
              )}
            </div>
          ) : (
            <ul aria-busy={loading} data-testid="product-grid" className={loading ? "product-grid is-loading" : "product-grid"}>
              {catalog.products.map((product, index) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    priority={index < 4}
                    onIntent={loadModal}
                    onAddToCart={(p, button) => {
                      trigger.current = button
                      setSelecting(p)
                    }}
                  />
                </li>
              ))}
            </ul>
          )}

          <Pagination page={catalog.page} pages={catalog.pages} href={(page) => shopHref({ ...params, page })} />
        </section>
      </div>

      {selecting ? (
        <Suspense fallback={null}>
          <SelectVariantModal key={selecting.id} product={selecting} onClose={closeModal} />
        </Suspense>
      ) : null}
    </div>
  )
}
