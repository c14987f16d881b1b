/**
 * A product with its whole variant list, saved in one call and one workflow
 * (the staff area's product form; decision 0035):
 *
 * - `POST /api/products-with-variants/` adds a product with its variants;
 * - `PUT /api/products-with-variants/{id}/` saves an edit of a product and its variant list.
 *
 * Multipart (for the optional `image` file) or JSON. The product's fields are
 * those of `POST /api/products/`; `variants` is a JSON array (a text field in
 * multipart) in the order the form shows them:
 *
 * - with an `id`: one of the product's variants; only the fields sent change
 *   (the form leaves out an unchanged stock figure, so units sold meanwhile
 *   are not overwritten); `{id}` alone keeps it as it is;
 * - without an id: a new variant, with name, price and stock;
 * - the product's variants left out of the list are deleted.
 *
 * The catalogue rules (1 to 5 variants, unique names, ...) are steps of the
 * workflow, not of this schema, so every caller of the workflow obeys them.
 */
import { z } from "zod"

import { price, stock } from "./api-fields"
import { requiredText } from "./fields"
import { productSchema } from "./product"

export const PRODUCTS_WITH_VARIANTS_PATH = "/api/products-with-variants/"

/** Where a new product (no id) or an edit (the product's id) is saved. */
export const productWithVariantsPath = (id?: string) =>
  id ? `${PRODUCTS_WITH_VARIANTS_PATH}${encodeURIComponent(id)}/` : PRODUCTS_WITH_VARIANTS_PATH

/** Spec §5: a product has at least one variant. */
export const NO_VARIANTS_MESSAGE = "Please add at least one product variant"
/** An edit may not leave the product without variants. */
export const KEEP_ONE_VARIANT_MESSAGE = "A product must keep at least one variant"

export const duplicateVariantNameMessage = (name: string) => `This product already has a variant named "${name.trim()}"`

/**
 * The variants of a list that may not take the name they are given because
 * another variant has it too (trimmed, case-insensitive): their indexes. Of
 * variants sharing a name, the first one keeping its current name keeps it
 * (else the first one named so); the others given that name now (new or
 * renamed) are refused. Variants not renamed are never refused: names Medusa
 * Admin already gave twice stay as they are. Blank names are left to the
 * "required" rule.
 */
export function clashingNameIndexes(variants: { name: string | null | undefined; named: boolean }[]): number[] {
  const groups = new Map<string, number[]>()
  variants.forEach(({ name }, index) => {
    const key = (name ?? "").trim().toLowerCase()
    if (key) groups.set(key, [...(groups.get(key) ?? []), index])
  })
  const clashing: number[] = []
  for (const indexes of groups.values()) {
    if (indexes.length < 2) continue
    const keeper = indexes.find((index) => !variants[index].named) ?? indexes[0]
    clashing.push(...indexes.filter((index) => index !== keeper && variants[index].named))
  }
  return clashing.sort((a, b) => a - b)
}

const REQUIRED_FOR_NEW = [
  ["name", "Variant name is required"],
  ["price", "Price is required"],
  ["stock", "Stock is required"],
] as const

export const savedVariantSchema = z
  .object({
    id: z
      .string({ error: "Variant id must be text" })
      .trim()
      .min(1, "Variant id must not be blank")
      .max(100, "Variant id is too long")
      .optional(),
    name: requiredText("Variant name", 100).optional(),
    price: price("Price").optional(),
    stock: stock("Stock").optional(),
  })
  .superRefine((variant, ctx) => {
    if (variant.id) return
    for (const [field, message] of REQUIRED_FOR_NEW) {
      if (variant[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message })
    }
  })

/** A multipart text field holding JSON; anything else is left for zod to refuse. */
const jsonText = (value: unknown) => {
  if (typeof value !== "string") return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

export const productSaveSchema = productSchema.extend({
  variants: z.preprocess(
    jsonText,
    z
      .array(savedVariantSchema, {
        error: (issue) => (issue.input === undefined ? "Variants are required" : "Variants must be a JSON list of variants"),
      })
      // A bound on the work a request can ask for; the catalogue's limit (5) is the workflow's rule.
      .max(50, "Too many variants")
  ),
})

export type SavedVariantInput = z.output<typeof savedVariantSchema>
export type ProductSaveInput = z.output<typeof productSaveSchema>
