/**
 * Categories (spec §2, §4, §5, §8): list, add, inline edit (Save reloads the
 * list, Cancel discards), delete after 'Are you sure you want to delete this
 * category?'. A blank name is silently ignored. Edit and delete state live in
 * the URL (?edit=, ?delete=), so everything works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node"
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react"
import { categorySchema } from "@shared/schemas/category"
import { useEffect, useRef } from "react"

import { FormAlert, TextField } from "~/components/form-fields"
import { TitledSection } from "~/components/TitledSection"
import { failureDetail } from "~/lib/backend-errors.server"
import { addCategory, deleteCategory, listCategories, renameCategory } from "~/lib/data/staff/catalog.server"
import { attempt, requireAdmin, requireAdminAction } from "~/lib/data/staff/client.server"
import { buttonClass } from "~/modules/staff/button-styles"
import { CsrfField } from "~/modules/staff/CsrfField"
import { EditDeleteLinks } from "~/modules/staff/EditDeleteLinks"
import { ListPageTitle } from "~/modules/staff/ListPageTitle"
import { adminMeta } from "~/modules/staff/meta"

export const meta: MetaFunction = () => adminMeta("Categories")

import { CATEGORIES_PATH as LIST, DeleteCategoryDialog, ignoreBlankName, RenameCategoryForm } from "./CategoryForms"

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  const result = await attempt("loading categories", () => listCategories(admin))
  return admin.data({
    categories: result.ok ? result.value : [],
    error: result.ok ? null : "Failed to fetch categories",
    notice: admin.takeNotice(),
  })
}

type ActionResult = {
  intent: "add" | "update" | "delete"
  id: string | null
  name: string
  error: string
  detail: string | null
  /** The message beside the name field. */
  fieldError: string | null
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request)
  const form = await request.formData()
  admin.checkCsrf(form)
  const intent = String(form.get("intent") ?? "")
  const id = String(form.get("id") ?? "").trim()
  const name = String(form.get("name") ?? "")

  // Refusals are answers shown on the page, not HTTP errors (the browser console stays clean).
  const failed = (result: Omit<ActionResult, "name" | "id" | "fieldError"> & Partial<ActionResult>) =>
    admin.data<ActionResult>({ id: id || null, name, fieldError: null, ...result })

  if (intent === "add" || intent === "update") {
    const spec = intent === "add" ? "Failed to add category" : "Failed to update category"
    // Spec §5: a name that is blank after trimming is silently ignored.
    if (!name.trim()) return admin.redirect(intent === "update" && id ? `${LIST}?edit=${encodeURIComponent(id)}` : LIST)
    const parsed = categorySchema.safeParse({ name })
    if (!parsed.success) {
      return failed({ intent, error: spec, detail: null, fieldError: parsed.error.issues[0].message })
    }
    const result =
      intent === "add"
        ? await attempt("adding a category", () => addCategory(admin, parsed.data))
        : await attempt("updating a category", () => renameCategory(admin, id, parsed.data))
    if (!result.ok) {
      const detail = failureDetail(result.failure)
      // The backend's reason for refusing the name (e.g. taken) belongs beside the field.
      const fieldError = result.failure.kind === "response" && result.failure.status === 400 ? detail : null
      return failed({ intent, error: spec, detail: fieldError ? null : detail, fieldError })
    }
    return admin.redirect(LIST, intent === "add" ? `Category "${parsed.data.name}" added` : `Category renamed to "${parsed.data.name}"`)
  }

  if (intent === "delete" && id) {
    const result = await attempt("deleting a category", () => deleteCategory(admin, id))
    if (!result.ok) {
      return failed({ intent, error: "Failed to delete category", detail: failureDetail(result.failure) })
    }
    return admin.redirect(LIST, "Category deleted")
  }
  return admin.redirect(LIST)
}

/**
 * Spec §5: a blank name is silently ignored. The action ignores it too (no
 * JavaScript); here it spares a round trip that would keep the form busy, so
 * an Enter pressed right after still submits.
 */
export default function AdminCategories() {
  const { categories, error, notice } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const [search] = useSearchParams()
  const editing = search.get("edit")
  const deleting = search.get("delete")
  const busy = navigation.state !== "idle"
  const addInput = useRef<HTMLInputElement>(null)
  const editInput = useRef<HTMLInputElement>(null)

  // Focus follows the row: into the name field when editing starts, back to the row's button when it ends.
  const previous = useRef<{ editing: string | null; deleting: string | null }>({ editing, deleting })
  useEffect(() => {
    const before = previous.current
    previous.current = { editing, deleting }
    if (editing && editing !== before.editing) {
      editInput.current?.focus()
      editInput.current?.select()
    } else if (!editing && before.editing) {
      document.getElementById(`edit-${before.editing}`)?.focus()
    } else if (!deleting && before.deleting) {
      ;(document.getElementById(`delete-${before.deleting}`) ?? document.getElementById("categories-heading"))?.focus()
    }
  }, [editing, deleting])

  // After a failed add, the field with its message.
  useEffect(() => {
    if (result?.intent === "add") addInput.current?.focus()
    if (result?.intent === "update") editInput.current?.focus()
  }, [result])

  const toDelete = deleting ? categories.find((c) => c.id === deleting) : undefined

  return (
    <div>
      <ListPageTitle id="categories-heading" title="Categories" notice={notice} />

      <TitledSection id="add-category-heading" title="Add Category" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5">
        {result?.intent === "add" ? (
          <div className="mt-3">
            <FormAlert message={result.error} detail={result.detail} />
          </div>
        ) : null}
        <Form method="post" className="mt-3 flex flex-wrap items-start gap-3" noValidate onSubmit={ignoreBlankName}>
          <CsrfField />
          <input type="hidden" name="intent" value="add" />
          <TextField
            ref={addInput}
            id="new-category-name"
            name="name"
            label="Category name"
            required
            maxLength={100}
            autoComplete="off"
            className="min-w-[14rem] flex-1"
            defaultValue={result?.intent === "add" ? result.name : ""}
            // A new, empty field once a category was added (the list grew).
            key={result?.intent === "add" ? `failed-${result.name}` : `new-${categories.length}`}
            error={result?.intent === "add" ? result.fieldError : null}
          />
          <button type="submit" className={`${buttonClass} sm:mt-6`} disabled={busy}>
            Add Category
          </button>
        </Form>
      </TitledSection>

      <TitledSection id="category-list-heading" title="All categories" className="mt-8">
        {error ? (
          <div className="mt-3">
            <FormAlert message={error} />
          </div>
        ) : categories.length === 0 ? (
          <p className="mt-3 rounded-2xl border border-dashed border-slate-300 p-8 text-center font-semibold">No categories found</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white" data-testid="category-list">
            {categories.map((category) => (
              <li key={category.id} className="p-4" data-testid="category-row">
                {editing === category.id ? (
                  <RenameCategoryForm
                    category={category}
                    inputRef={editInput}
                    busy={busy}
                    failed={result?.intent === "update" && result.id === category.id ? result : null}
                  />
                ) : (
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <span className="font-semibold">{category.name}</span>
                    <div className="flex gap-2">
                      <EditDeleteLinks
                        name={category.name}
                        idFor={(action) => `${action}-${category.id}`}
                        hrefFor={(action) => `?${action}=${encodeURIComponent(category.id)}`}
                      />
                    </div>
                  </div>
                )}
                {toDelete?.id === category.id ? (
                  <DeleteCategoryDialog
                    category={category}
                    busy={busy}
                    failed={result?.intent === "delete" && result.id === category.id ? result : null}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </TitledSection>
    </div>
  )
}
