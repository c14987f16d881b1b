/**
 * Products (spec §2, §4, §5, §8, §9): filters (category, price range, text
 * search on name or description, sort without popularity) that reset to page
 * 1, 12 a page with Previous/Next and numbered pages, inline edit of a product
 * and its variants, delete after 'Are you sure you want to delete this
 * product?', and the floating add button. Filters, page and row state live in
 * the URL, so it all works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node"
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react"
import { useEffect, useRef } from "react"

import { FormAlert } from "~/components/form-fields"
import { Pagination } from "~/components/Pagination"
import { failureDetail } from "~/lib/backend-errors.server"
import { deleteProduct, listCategories, listProducts } from "~/lib/data/staff/catalog.server"
import { attempt, requireAdmin, requireAdminAction } from "~/lib/data/staff/client.server"
import { safeRedirect } from "~/lib/safe-redirect"
import { ListPageTitle } from "~/modules/staff/ListPageTitle"
import { adminMeta } from "~/modules/staff/meta"
import { IMAGE_SIZE_MESSAGE, type ProductFormErrors, type ProductFormValues, valuesFromProduct } from "~/modules/staff/product-form"
import { applyRowIntent, readAdminForm, readProductValues, updateProduct, validateProductForm } from "~/modules/staff/product-form.server"
import { ProductEditor } from "~/modules/staff/ProductEditor"

import { DeleteProductDialog } from "./DeleteProductDialog"
import { ProductFilters } from "./ProductFilters"
import { ProductRow } from "./ProductRow"
import { ADMIN_PRODUCTS_PATH, adminProductPage, adminProductsHref, parseAdminProductParams } from "./products"

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

export default function AdminProducts() {
  const { params, categories, products, count, pages, error, editing, deleting, notice } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
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
      <ListPageTitle id="products-heading" title="Products" notice={notice} />

      <ProductFilters params={params} categories={categories} />

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
                  <DeleteProductDialog
                    product={product}
                    listHref={listHref}
                    busy={busy}
                    formError={failedHere?.intent === "delete" ? failedHere.formError : null}
                  />
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
