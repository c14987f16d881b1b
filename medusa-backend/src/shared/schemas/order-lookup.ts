/**
 * "Find my order" (issue 23): a customer types their order number and email; when both match an
 * order, its status link is emailed to that address. One schema for the storefront's form and the
 * backend's `POST /store/order-status/lookup`. The answer is the same whether or not they matched,
 * so the form tells nobody which orders or addresses exist.
 */
import { z } from "zod"

import { normalizeOrderNumber, ORDER_NUMBER_PATTERN } from "../order-number"
import { email, formBoolean } from "./fields"

export const ORDER_NUMBER_FORMAT_MESSAGE = "Enter the order number from your confirmation, e.g. HH-7K3M-9Q2X"

export const orderLookupSchema = z.object({
  order_number: z
    .string({ error: "Order number is required" })
    .trim()
    .min(1, "Order number is required")
    .max(40, ORDER_NUMBER_FORMAT_MESSAGE)
    .transform(normalizeOrderNumber)
    .pipe(z.string().regex(ORDER_NUMBER_PATTERN, ORDER_NUMBER_FORMAT_MESSAGE)),
  email,
})

export type OrderLookupInput = z.output<typeof orderLookupSchema>

/** The one answer to every well-formed lookup, matched or not. */
export const ORDER_LOOKUP_ANSWER =
  "If the order number and email match an order, we have emailed a link to its status page to that address. " +
  "It can take a few minutes to arrive; please check your spam folder too."

/** POST /api/orders/{unique_order_id}/status-link/ (staff): email the customer a new status link; `revoke` voids every link sent before. */
export const statusLinkResendSchema = z.object({ revoke: formBoolean.optional().default(false) })

export type StatusLinkResendInput = z.output<typeof statusLinkResendSchema>
