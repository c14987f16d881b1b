import { Form, Link } from "@remix-run/react"
import type { FormEvent, RefObject } from "react"

import { FormAlert, TextField } from "~/components/form-fields"
import { buttonClass, secondaryButtonClass } from "~/modules/staff/button-styles"
import { ConfirmDialog } from "~/modules/staff/ConfirmDialog"
import { CsrfField } from "~/modules/staff/CsrfField"

export const CATEGORIES_PATH = "/admin/categories"
const LIST = CATEGORIES_PATH

export function ignoreBlankName(event: FormEvent<HTMLFormElement>) {
  const name = new FormData(event.currentTarget).get("name")
  if (typeof name === "string" && !name.trim()) event.preventDefault()
}

type Failed = { name?: string; fieldError?: string | null; error: string | null; detail?: string | null }

/** The inline rename of one category (Save reloads the list, Cancel discards). */
export function RenameCategoryForm({
  category,
  inputRef,
  busy,
  failed,
}: {
  category: { id: string; name: string }
  inputRef: RefObject<HTMLInputElement>
  busy: boolean
  failed: Failed | null
}) {
  return (
    <Form method="post" className="flex flex-wrap items-start gap-3" noValidate onSubmit={ignoreBlankName}>
      <CsrfField />
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={category.id} />
      <TextField
        ref={inputRef}
        id={`category-name-${category.id}`}
        name="name"
        label={`New name for ${category.name}`}
        required
        maxLength={100}
        autoComplete="off"
        className="min-w-[14rem] flex-1"
        defaultValue={failed ? failed.name : category.name}
        error={failed ? failed.fieldError : null}
      />
      <div className="flex gap-2 sm:mt-6">
        <button type="submit" className={buttonClass} disabled={busy}>
          Save
        </button>
        <Link to={LIST} preventScrollReset className={secondaryButtonClass}>
          Cancel
        </Link>
      </div>
      {failed ? (
        <div className="w-full">
          <FormAlert message={failed.error} detail={failed.detail} />
        </div>
      ) : null}
    </Form>
  )
}

/** 'Are you sure you want to delete this category?', with the refusal when the delete failed. */
export function DeleteCategoryDialog({
  category,
  busy,
  failed,
}: {
  category: { id: string; name: string }
  busy: boolean
  failed: Failed | null
}) {
  return (
    <ConfirmDialog
      question="Are you sure you want to delete this category?"
      cancelTo={LIST}
      confirm={{ id: category.id, intent: "delete", label: "Delete", busy }}
      failure={failed ? { message: failed.error ?? "", detail: failed.detail ?? null } : null}
    >
      <p>
        Category: <strong>{category.name}</strong>
      </p>
    </ConfirmDialog>
  )
}
