import { Form } from "@remix-run/react"
import { type LegacyProduct } from "@shared/catalog"

import { FormAlert } from "~/components/form-fields"
import { dangerButtonClass } from "~/modules/staff/button-styles"
import { ConfirmDialog } from "~/modules/staff/ConfirmDialog"
import { CsrfField } from "~/modules/staff/CsrfField"

/** 'Are you sure you want to delete this product?', with the refusal when the delete failed. */
export function DeleteProductDialog({
  product,
  listHref,
  busy,
  formError,
}: {
  product: LegacyProduct
  listHref: string
  busy: boolean
  formError: { message: string; detail: string | null } | null | undefined
}) {
  return (
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
        Product: <strong>{product.name}</strong> ({product.variants.length} {product.variants.length === 1 ? "variant" : "variants"})
      </p>
      {formError ? (
        <div className="mt-3">
          <FormAlert message={formError.message} detail={formError.detail} />
        </div>
      ) : null}
    </ConfirmDialog>
  )
}
