/**
 * The legacy order payload (spec §3, POST /api/orders/): email, phone, the
 * shipping address as one string, items with product and variant ids,
 * quantity and the price the client showed, the client's total and the
 * payment method. Optional extensions: discount_code and the customer's name
 * (the storefront sends them; legacy clients don't).
 *
 * `price` and `total_price` are never used to charge: the server computes the
 * order and refuses a client figure that is off by more than one cent.
 */
import { z } from "zod"

import { STORE } from "../store-constants"
import { clientAmount, entityId, paging } from "./api-fields"
import { email, optionalText, phone, requiredText } from "./fields"

const paymentMethods = STORE.paymentMethods

export const legacyOrderItemSchema = z.object({
  product: entityId("product"),
  variant: entityId("variant"),
  quantity: z.coerce
    .number({ error: "quantity must be a whole number" })
    .int("quantity must be a whole number")
    .min(1, "quantity must be at least 1")
    .max(100, "quantity must be at most 100"),
  price: clientAmount("price").optional(),
})

export const legacyOrderSchema = z.object({
  email,
  phone,
  shipping_address: requiredText("Shipping address", 500),
  items: z.array(legacyOrderItemSchema, { error: "items must be a list" }).min(1, "Your cart is empty").max(50, "at most 50 lines"),
  total_price: clientAmount("total_price").optional(),
  payment_method: z.enum(paymentMethods, { error: `payment_method must be one of ${paymentMethods.join(", ")}` }),
  discount_code: z
    .string({ error: "discount_code must be text" })
    .trim()
    .max(50)
    .optional()
    .transform((code) => code || undefined),
  first_name: optionalText("First name", 100),
  last_name: optionalText("Last name", 100),
  company: optionalText("Company", 200),
})

export type LegacyOrderInput = z.output<typeof legacyOrderSchema>

/** The `Idempotency-Key` header: a client-chosen key that makes a retried submission safe. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, "Idempotency-Key must be 8 to 200 characters")
  .max(200, "Idempotency-Key must be 8 to 200 characters")
  .regex(/^[\x21-\x7e]+$/, "Idempotency-Key must be printable ASCII without spaces")

/** GET /api/orders/ (staff): paging only. */
export const orderListQuerySchema = z.object({ ...paging })
