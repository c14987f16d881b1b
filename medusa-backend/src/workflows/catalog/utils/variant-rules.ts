/**
 * Rules of a product's variants shared by several catalogue steps: names are
 * unique among a product's variants (case-insensitive), a variant's value of
 * the product's only option. Messages speak to staff and never contain internal ids.
 */
import type { ProductRow } from "../../../lib/catalog/product-row"
import { InputError } from "../../../lib/input-error"
import { duplicateVariantNameMessage } from "../../../shared/schemas/product-save"

export const sameName = (a: string | null | undefined, b: string) => (a ?? "").trim().toLowerCase() === b.trim().toLowerCase()

export function assertUniqueVariantName(product: ProductRow, name: string, exceptId?: string) {
  if (product.variants.some((v) => v.id !== exceptId && sameName(v.title, name))) {
    const message = duplicateVariantNameMessage(name)
    throw new InputError(message, { name: message })
  }
}

export const SEVERAL_OPTIONS = "This product's variants are defined by several options (Medusa Admin); change their names there."

/** The variant's value of the product's only option, and whether another variant shares it. */
export function optionValueOf(product: ProductRow, variantId: string) {
  if (product.options.length !== 1) return null
  const option = product.options[0]
  const variant = product.variants.find((v) => v.id === variantId)!
  const value = variant.options.find((o) => o.option_id === option.id) ?? variant.options[0]
  if (!value) return null
  const shared = product.variants.some((v) => v.id !== variantId && v.options.some((o) => o.id === value.id))
  return { option, value, shared }
}
