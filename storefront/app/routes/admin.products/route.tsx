/**
 * Products (spec §2, §4, §5, §8, §9): filters (category, price range, text
 * search on name or description, sort without popularity) that reset to page
 * 1, 12 a page with Previous/Next and numbered pages, inline edit of a product
 * and its variants, delete after 'Are you sure you want to delete this
 * product?', and the floating add button. Filters, page and row state live in
 * the URL, so it all works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node"
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react"
import { type CatalogProduct, PRICE_BUCKETS } from "@shared/catalog"
import { useEffect, useRef } from "react"

import { FormAlert, SelectField, TextField } from "~/components/form-fields"
import { Pagination } from "~/components/Pagination"
import { failureDetail } from "~/lib/backend-errors.server"
import { deleteProduct, listCategories, listProducts } from "~/lib/data/staff/catalog.server"
import { attempt, requireAdmin, requireAdminAction } from "~/lib/data/staff/client.server"
import { formatPrice } from "~/lib/money"
import { safeRedirect } from "~/lib/safe-redirect"
import { PopularBadge, RxBadge } from "~/modules/catalog/Badges"
import { ProductImage } from "~/modules/catalog/ProductImage"
import { buttonClass, dangerButtonClass, secondaryButtonClass } from "~/modules/staff/button-styles"
import { ConfirmDialog } from "~/modules/staff/ConfirmDialog"
import { CsrfField } from "~/modules/staff/CsrfField"
import { adminMeta } from "~/modules/staff/meta"
import { IMAGE_SIZE_MESSAGE, type ProductFormErrors, type ProductFormValues, valuesFromProduct } from "~/modules/staff/product-form"
import { applyRowIntent, readAdminForm, readProductValues, updateProduct, validateProductForm } from "~/modules/staff/product-form.server"
import { ProductEditor } from "~/modules/staff/ProductEditor"

import {
  ADMIN_PRODUCTS_PATH,
  ADMIN_SORTS,
  adminPrice,
  adminProductPage,
  type AdminProductParams,
  adminProductsHref,
  hasAdminFilters,
  parseAdminProductParams,
} from "./products"

export const meta: MetaFunction = () => adminMeta("Products")

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  const search = new URL(request.url).searchParams
  const params = parseAdminProductParams(search)
  const [categories, products] = await Promise.all([
    attempt("loading categories", () => listCategories(admin)),
    attempt("loading products", () => listProducts(admin, { category: params.category || undefined, search: params.search || undefined })),
  ])
  // Spec §8: a failure to load categories is only logged (the filter and the edit form go without).
  const all = products.ok ? products.value : []
  const page = adminProductPage(all, { ...params })
  const find = (id: string | null) => (id ? (all.find((p) => p.id === id) ?? null) : null)
  return admin.data({
    params: { ...params, page: page.page },
    categories: categories.ok ? categories.value : [],
    products: page.items,
    count: page.count,
    pages: page.pages,
    error: products.ok ? null : "Failed to fetch products",
    editing: find(search.get("edit")),
    deleting: find(search.get("delete")),
    notice: admin.takeNotice(),
  })
}

type ActionResult = {
  intent: "edit" | "delete"
  id: string
  values: ProductFormValues | null
  errors: ProductFormErrors
  formError: { message: string; detail: string | null } | null
  imageDropped: boolean
  nonce: string
}

/** Back to the list the form was sent from (filters and page kept, no row state). */
const returnPath = (value: FormDataEntryValue | null) => {
  const path = safeRedirect(value, ADMIN_PRODUCTS_PATH)
  return path === ADMIN_PRODUCTS_PATH || path.startsWith(`${ADMIN_PRODUCTS_PATH}?`) ? path : ADMIN_PRODUCTS_PATH
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request)
  const { form, tooLarge } = await readAdminForm(request)
  // Form outcomes are answers shown on the page, not HTTP errors (the browser console stays clean).
  const answer = (result: Omit<ActionResult, "nonce">) =>
    admin.data<ActionResult>({ ...result, nonce: Math.random().toString(36).slice(2) })
  const id = String(form.get("id") ?? "").trim()
  if (tooLarge) {
    return answer({ intent: "edit", id, values: null, errors: { image: IMAGE_SIZE_MESSAGE }, formError: null, imageDropped: true })
  }
  admin.checkCsrf(form)
  const back = returnPath(form.get("returnTo"))
  const intent = String(form.get("intent") ?? "save")

  if (intent === "delete") {
    const deleted = await attempt("deleting a product", () => deleteProduct(admin, id))
    if (!deleted.ok) {
      return answer({
        intent: "delete",
        id,
        values: null,
        errors: {},
        formError: { message: "Failed to delete product", detail: failureDetail(deleted.failure) },
        imageDropped: false,
      })
    }
    return admin.redirect(back, "Product deleted")
  }

  const { values, image } = readProductValues(form)
  const rows = applyRowIntent(values, intent)
  if (rows) return answer({ intent: "edit", id, values: rows.values, errors: rows.errors, formError: null, imageDropped: !!image })

  const checked = await validateProductForm(values, image)
  if (!checked.ok) return answer({ intent: "edit", id, values, errors: checked.errors, formError: null, imageDropped: !!image })

  const failed = (detail: string | null, current = values) =>
    answer({
      intent: "edit",
      id,
      values: current,
      errors: {},
      formError: { message: "Failed to update product", detail },
      imageDropped: !!image,
    })
  // One call saves the product and its whole variant list (one backend workflow: all of it or nothing).
  const saved = await updateProduct(admin, { id }, values, checked.valid, image)
  if (!saved.ok) {
    const gone = saved.failure.kind === "response" && saved.failure.status === 404
    return failed(gone ? "This product no longer exists." : saved.detail, saved.values)
  }
  return admin.redirect(back, "Product updated")
}

const priceText = (product: CatalogProduct) => {
  const lowest = adminPrice(product)
  if (lowest === null) return "No variants"
  return product.variants.length > 1 ? `From ${formatPrice(lowest)}` : formatPrice(lowest)
}

export default function AdminProducts() {
  const { params, categories, products, count, pages, error, editing, deleting, notice } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const navigate = useNavigate()
  // With JavaScript, a filter change navigates to the clean URL of the list's page 1 (without, the form does the same with every field).
  const applyFilters = (form: HTMLFormElement | null) => {
    if (!form) return
    const values = new FormData(form)
    const value = (name: string) => String(values.get(name) ?? "").trim()
    navigate(
      adminProductsHref({
        search: value("search"),
        category: value("category"),
        price: value("price") as AdminProductParams["price"],
        sort: value("sort") as AdminProductParams["sort"],
      })
    )
  }
  const busy = navigation.state !== "idle"
  const listHref = adminProductsHref(params)
  const first = (params.page - 1) * 12 + 1

  // Focus follows the row: into the form when editing starts, back to the row's button when it ends.
  const previous = useRef<{ editing: string | null; deleting: string | null }>({
    editing: editing?.id ?? null,
    deleting: deleting?.id ?? null,
  })
  useEffect(() => {
    const before = previous.current
    const now = { editing: editing?.id ?? null, deleting: deleting?.id ?? null }
    previous.current = now
    if (now.editing && now.editing !== before.editing) document.getElementById(`edit-${now.editing}-name`)?.focus()
    else if (!now.editing && before.editing) document.getElementById(`edit-link-${before.editing}`)?.focus()
    else if (!now.deleting && before.deleting)
      (document.getElementById(`delete-link-${before.deleting}`) ?? document.getElementById("products-heading"))?.focus()
  }, [editing, deleting])

  return (
    <div className="pb-24">
      <h1 id="products-heading" tabIndex={-1} className="page-title">
        Products
      </h1>

      <div className="mt-4" aria-live="polite">
        {notice ? <FormAlert message={notice} tone="success" /> : null}
      </div>

      <Form
        method="get"
        action={ADMIN_PRODUCTS_PATH}
        onSubmit={(event) => {
          event.preventDefault()
          applyFilters(event.currentTarget)
        }}
        className="mt-4 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
        aria-label="Filter products"
      >
        <TextField
          id="filter-search"
          markOptional={false}
          name="search"
          type="search"
          label="Search"
          placeholder="Name or description"
          defaultValue={params.search}
          key={`search-${params.search}`}
        />
        <SelectField
          id="filter-category"
          markOptional={false}
          name="category"
          label="Category"
          defaultValue={params.category}
          key={`category-${params.category}`}
          onChange={(event) => applyFilters(event.currentTarget.form)}
        >
          <option value="">All categories</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="filter-price"
          markOptional={false}
          name="price"
          label="Price Range"
          defaultValue={params.price}
          key={`price-${params.price}`}
          onChange={(event) => applyFilters(event.currentTarget.form)}
        >
          {PRICE_BUCKETS.map((bucket) => (
            <option key={bucket.value} value={bucket.value}>
              {bucket.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="filter-sort"
          markOptional={false}
          name="sort"
          label="Sort By"
          defaultValue={params.sort}
          key={`sort-${params.sort}`}
          onChange={(event) => applyFilters(event.currentTarget.form)}
        >
          {ADMIN_SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </SelectField>
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClass}>
            Apply
          </button>
          {hasAdminFilters(params) ? (
            <Link to={ADMIN_PRODUCTS_PATH} className={secondaryButtonClass}>
              Reset Filters
            </Link>
          ) : null}
        </div>
      </Form>

      <div aria-live="polite" aria-busy={busy} className="mt-6">
        {error ? (
          <FormAlert message={error} />
        ) : products.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center font-semibold">No products found</p>
        ) : (
          <p className="text-sm text-slate-600" data-testid="product-count">
            Showing {first}–{first + products.length - 1} of {count} products
          </p>
        )}
      </div>

      {products.length > 0 ? (
        <ul className="mt-3 space-y-3" aria-label="Products">
          {products.map((product) => {
            const isEditing = editing?.id === product.id
            const failedHere = result && result.id === product.id ? result : null
            return (
              <li key={product.id} data-testid="admin-product" className="rounded-2xl border border-slate-200 bg-white p-4">
                {isEditing ? (
                  <section aria-labelledby={`edit-heading-${product.id}`}>
                    <h2 id={`edit-heading-${product.id}`} className="mb-3 text-lg font-bold">
                      Edit {product.name}
                    </h2>
                    <ProductEditor
                      key={failedHere?.intent === "edit" ? failedHere.nonce : product.id}
                      idPrefix={`edit-${product.id}`}
                      labelledBy={`edit-heading-${product.id}`}
                      values={failedHere?.intent === "edit" && failedHere.values ? failedHere.values : valuesFromProduct(product)}
                      errors={failedHere?.intent === "edit" ? failedHere.errors : {}}
                      formError={failedHere?.intent === "edit" ? failedHere.formError : null}
                      answered={failedHere?.intent === "edit" ? failedHere.nonce : undefined}
                      imageDropped={failedHere?.intent === "edit" ? failedHere.imageDropped : false}
                      currentImage={product.image ? { src: product.image, alt: `Current picture of ${product.name}` } : null}
                      categories={categories}
                      submitLabel="Save"
                      submittingLabel="Saving..."
                      submitting={busy && navigation.formMethod === "POST" && navigation.formData?.get("intent") === "save"}
                      cancelTo={listHref}
                    >
                      <input type="hidden" name="id" value={product.id} />
                      <input type="hidden" name="returnTo" value={listHref} />
                    </ProductEditor>
                  </section>
                ) : (
                  <ProductRow product={product} params={params} />
                )}
                {deleting?.id === product.id ? (
                  <ConfirmDialog
                    question="Are you sure you want to delete this product?"
                    cancelTo={listHref}
                    confirm={
                      <Form method="post" preventScrollReset>
                        <CsrfField />
                        <input type="hidden" name="id" value={product.id} />
                        <input type="hidden" name="returnTo" value={listHref} />
                        <button type="submit" name="intent" value="delete" className={dangerButtonClass} disabled={busy}>
                          Delete
                        </button>
                      </Form>
                    }
                  >
                    <p>
                      Product: <strong>{product.name}</strong> ({product.variants.length}{" "}
                      {product.variants.length === 1 ? "variant" : "variants"})
                    </p>
                    {failedHere?.intent === "delete" && failedHere.formError ? (
                      <div className="mt-3">
                        <FormAlert message={failedHere.formError.message} detail={failedHere.formError.detail} />
                      </div>
                    ) : null}
                  </ConfirmDialog>
                ) : null}
              </li>
            )
          })}
        </ul>
      ) : null}

      <div className="mt-6">
        <Pagination page={params.page} pages={pages} href={(n) => adminProductsHref({ ...params, page: n })} />
      </div>

      <Link
        to="/admin/add-product"
        className="fixed bottom-6 right-6 z-20 inline-flex h-14 items-center gap-2 rounded-full bg-brand-700 px-5 font-semibold text-white shadow-lg hover:bg-brand-800"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M10 4v12M4 10h12" />
        </svg>
        <span className="sr-only sm:not-sr-only">Add Product</span>
      </Link>
    </div>
  )
}

function ProductRow({ product, params }: { product: CatalogProduct; params: ReturnType<typeof parseAdminProductParams> }) {
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
