/**
 * A product variant as the legacy API writes it (POST /api/products/{id}/variants/,
 * PATCH /api/variants/{id}/): name, price in dollars, stock (what can still be sold).
 */
import { z } from "zod"

import { STORE } from "../store-constants"
import { price, stock } from "./api-fields"
import { requiredText } from "./fields"

export const variantSchema = z.object({
  name: requiredText("Variant name", 100),
  price: price("Price"),
  stock: stock("Stock"),
})

/** PATCH: any of the fields (at least one); each one present must be valid. */
export const variantUpdateSchema = variantSchema
  .partial()
  .refine((update) => Object.values(update).some((value) => value !== undefined), "Send at least one of name, price, stock")

export type VariantInput = z.output<typeof variantSchema>
export type VariantUpdate = z.output<typeof variantUpdateSchema>

export const MAX_VARIANTS_MESSAGE = `A product can have at most ${STORE.maxVariantsPerProduct} variants`
export const LAST_VARIANT_MESSAGE = "A product must keep at least one variant: this is its only one"
