/** A request for the server's totals of a would-be order (cart and checkout pages). */
import { z } from "zod"

export const orderLineSchema = z.object({
  product_id: z.string({ error: "product is required" }).trim().min(1, "product is required").max(100),
  variant_id: z.string({ error: "variant is required" }).trim().min(1, "variant is required").max(100),
  quantity: z.coerce
    .number({ error: "quantity must be a number" })
    .int("quantity must be a whole number")
    .min(1, "quantity must be at least 1")
    .max(100, "quantity must be at most 100"),
})

export const quoteSchema = z.object({
  items: z.array(orderLineSchema, { error: "items must be a list" }).min(1, "Your cart is empty").max(50, "at most 50 lines"),
  discount_code: z
    .string()
    .trim()
    .max(50)
    .optional()
    .transform((code) => code || undefined),
})

export type QuoteRequest = z.output<typeof quoteSchema>
