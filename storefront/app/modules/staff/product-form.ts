/**
 * The product form of the admin area (Add Product and the inline edit of the
 * product list, spec §4, §5): its values, and the variant rows (1 to 5, the
 * only one cannot be deleted). No zod here: this module ships to the browser,
 * which adds and removes rows; the action validates with the shared schemas
 * (admin-product-form.server.ts).
 */
import type { LegacyProduct } from "@shared/catalog"
import { STORE } from "@shared/store-constants"

export const MAX_VARIANTS = STORE.maxVariantsPerProduct
export const MAX_VARIANTS_HINT = `A product can have at most ${MAX_VARIANTS} variants`
export const ONLY_VARIANT_HINT = "The only variant cannot be deleted"
export const NO_VARIANT_MESSAGE = "Please add at least one product variant"
export const IMAGE_TYPES_ACCEPTED = "image/png,image/jpeg,image/gif,image/webp"
export const IMAGE_TYPE_MESSAGE = "The image must be a PNG, JPEG, GIF or WebP picture."
export const IMAGE_SIZE_MESSAGE = "The image must be at most 5 MB."
export const MAX_IMAGE_MB = 5

export type VariantRow = {
  /** React's key for the row. */
  key: string
  /** The variant's id; "" for a new row. */
  id: string
  name: string
  price: string
  stock: string
  /** For an existing variant, what the form showed (JSON): only fields changed since are sent. */
  original: string
}

export type ProductFormValues = {
  name: string
  description: string
  category: string
  is_popular: boolean
  prescription: boolean
  variants: VariantRow[]
}

/** Field messages: name, description, category, image, variants, variants.{i}.name|price|stock. */
export type ProductFormErrors = Record<string, string>

let counter = 0
export const newRowKey = () => `new-${Date.now().toString(36)}-${(counter++).toString(36)}`

export const emptyVariant = (key = newRowKey()): VariantRow => ({ key, id: "", name: "", price: "", stock: "", original: "" })

export const emptyProductValues = (): ProductFormValues => ({
  name: "",
  description: "",
  category: "",
  is_popular: false,
  prescription: false,
  variants: [emptyVariant("row-0")],
})

/** The edit form of a product as the list shows it. */
export function valuesFromProduct(product: LegacyProduct): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    category: product.category ?? "",
    is_popular: product.is_popular,
    prescription: product.prescription,
    variants:
      product.variants.length > 0
        ? product.variants.map((variant) => ({
            key: variant.id,
            id: variant.id,
            name: variant.name,
            price: variant.price.toFixed(2),
            stock: String(variant.stock),
            original: JSON.stringify({ name: variant.name, price: variant.price, stock: variant.stock }),
          }))
        : [emptyVariant("row-0")],
  }
}

/** Adds an empty row, up to the maximum. */
export const withAddedRow = (rows: VariantRow[]): VariantRow[] => (rows.length >= MAX_VARIANTS ? rows : [...rows, emptyVariant()])

/** Removes row `index`, unless it is the only one. */
export const withoutRow = (rows: VariantRow[], index: number): VariantRow[] =>
  rows.length <= 1 || index < 0 || index >= rows.length ? rows : rows.filter((_, i) => i !== index)
