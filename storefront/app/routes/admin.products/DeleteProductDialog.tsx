import { type LegacyProduct } from "@shared/catalog"

import { ConfirmDialog } from "~/modules/staff/ConfirmDialog"
import type { ActionFailure } from "~/modules/staff/IntentForm"

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
  formError: ActionFailure | null | undefined
}) {
  return (
    <ConfirmDialog
      question="Are you sure you want to delete this product?"
      cancelTo={listHref}
      confirm={{ id: product.id, intent: "delete", label: "Delete", busy, fields: { returnTo: listHref } }}
      failure={formError}
    >
      <p>
        Product: <strong>{product.name}</strong> ({product.variants.length} {product.variants.length === 1 ? "variant" : "variants"})
      </p>
    </ConfirmDialog>
  )
}
