/**
 * Add product (spec §2, §4, §5, §7, §8): the form (picture optional, images
 * only, 1 to 5 variants), saved with its variants in one call (one backend
 * workflow: all of it or nothing), then the success screen with Add Another
 * Product and View Products.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node"
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react"
import { useEffect, useRef } from "react"

import { FormAlert } from "~/components/form-fields"
import { getProduct, listCategories } from "~/lib/data/staff/catalog.server"
import { attempt, requireAdmin, requireAdminAction } from "~/lib/data/staff/client.server"
import { buttonClass, secondaryButtonClass } from "~/modules/staff/button-styles"
import { adminMeta } from "~/modules/staff/meta"
import { emptyProductValues, IMAGE_SIZE_MESSAGE, type ProductFormErrors, type ProductFormValues } from "~/modules/staff/product-form"
import { applyRowIntent, createProduct, readAdminForm, readProductValues, validateProductForm } from "~/modules/staff/product-form.server"
import { ProductEditor } from "~/modules/staff/ProductEditor"

export const meta: MetaFunction = () => adminMeta("Add Product")

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  const added = new URL(request.url).searchParams.get("added")
  if (added) {
    const product = await attempt("reading the added product", () => getProduct(admin, added))
    return admin.data({ added: { id: added, name: product.ok ? product.value.name : null }, categories: [], error: null })
  }
  const categories = await attempt("loading categories", () => listCategories(admin))
  return admin.data({
    added: null,
    categories: categories.ok ? categories.value : [],
    error: categories.ok ? null : "Failed to load categories. Please try again later.",
  })
}

type ActionResult = {
  values: ProductFormValues
  errors: ProductFormErrors
  formError: { message: string; detail: string | null } | null
  imageDropped: boolean
  /** Each answer remounts the form with its values. */
  nonce: string
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request)
  const { form, tooLarge } = await readAdminForm(request)
  // Form outcomes are answers shown beside the fields, not HTTP errors (the browser console stays clean).
  const answer = (result: Omit<ActionResult, "nonce">) =>
    admin.data<ActionResult>({ ...result, nonce: Math.random().toString(36).slice(2) })
  if (tooLarge) return answer({ values: emptyProductValues(), errors: { image: IMAGE_SIZE_MESSAGE }, formError: null, imageDropped: true })
  admin.checkCsrf(form)

  const { values, image } = readProductValues(form)
  const intent = String(form.get("intent") ?? "save")
  const rows = applyRowIntent(values, intent)
  if (rows) return answer({ values: rows.values, errors: rows.errors, formError: null, imageDropped: !!image })

  const checked = await validateProductForm(values, image)
  if (!checked.ok) return answer({ values, errors: checked.errors, formError: null, imageDropped: !!image })

  const created = await createProduct(admin, checked.valid, image)
  if (!created.ok) {
    const message =
      created.failure.kind === "response"
        ? `Failed to add product: ${created.detail ?? `HTTP ${created.failure.status}`}`
        : "Failed to add product. Please try again."
    return answer({ values, errors: {}, formError: { message, detail: null }, imageDropped: !!image })
  }
  return admin.redirect(`/admin/add-product?added=${encodeURIComponent(created.id)}`)
}

export default function AddProduct() {
  const { added, categories, error } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const submitting =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") !== "add-variant" &&
    !String(navigation.formData?.get("intent") ?? "").startsWith("remove-variant")
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (added) heading.current?.focus()
  }, [added])

  if (added) {
    return (
      <section className="mx-auto max-w-xl rounded-2xl border border-brand-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-extrabold tracking-tight text-brand-800">
          Product Added Successfully!
        </h1>
        <p className="mt-2 text-slate-700" role="status">
          {added.name ? (
            <>
              <strong>{added.name}</strong> is now in the catalogue.
            </>
          ) : (
            "The product is now in the catalogue."
          )}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/admin/add-product" className={buttonClass}>
            Add Another Product
          </Link>
          <Link to="/admin/products" className={secondaryButtonClass}>
            View Products
          </Link>
        </div>
      </section>
    )
  }

  return (
    <section aria-labelledby="add-product-heading" className="mx-auto max-w-3xl">
      <h1 id="add-product-heading" className="page-title">
        Add Product
      </h1>
      <p className="mt-1 text-sm text-slate-600">Fields marked * are required.</p>
      {error ? (
        <div className="mt-4">
          <FormAlert message={error} />
        </div>
      ) : null}
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <ProductEditor
          key={result?.nonce ?? "new"}
          idPrefix="add"
          labelledBy="add-product-heading"
          values={result?.values ?? emptyProductValues()}
          errors={result?.errors ?? {}}
          formError={result?.formError}
          answered={result?.nonce}
          imageDropped={result?.imageDropped}
          categories={categories}
          submitLabel="Add Product"
          submittingLabel="Adding Product..."
          submitting={submitting}
        />
      </div>
    </section>
  )
}
