/**
 * "Find my order" on the server (issue 23): the form is validated with the backend's own
 * `orderLookupSchema`, then the backend is asked to email the order's status link
 * (`POST /store/order-status/lookup`, app/lib/data/orders.server.ts) with the shopper's address,
 * since it limits lookups per shopper and per email. Every well-formed lookup gets the same
 * answer, whether or not it matched an order: the page tells nobody which orders or addresses exist.
 */
import type { AppLoadContext } from "@remix-run/node"
import { fieldErrors } from "@shared/schemas/fields"
import { ORDER_LOOKUP_ANSWER, orderLookupSchema } from "@shared/schemas/order-lookup"

import { backendMessage, noBackendAnswer } from "~/lib/backend-errors.server"
import { requestOrderStatusLink } from "~/lib/data/orders.server"
import { MedusaApiError } from "~/lib/medusa.server"
import { shopperHeaders } from "~/lib/shopper.server"
import { tooManyTries } from "~/modules/orders/order-status"

import { LOOKUP_UNAVAILABLE, type LookupAnswer, lookupValues } from "./lookup"

export async function lookUpOrder(form: FormData, context?: AppLoadContext): Promise<LookupAnswer> {
  const values = lookupValues(form)
  const refused = (fields: LookupAnswer["fieldErrors"], formError: string | null): LookupAnswer => ({
    sent: null,
    fieldErrors: fields,
    formError,
    values,
  })
  const parsed = orderLookupSchema.safeParse(values)
  if (!parsed.success) return refused(fieldErrors(parsed.error), null)
  try {
    await requestOrderStatusLink(parsed.data, shopperHeaders(context))
  } catch (error) {
    if (error instanceof MedusaApiError && error.status === 429) return refused({}, tooManyTries(error.retryAfter))
    // The lookup itself refused (the same schema, so rare); any other 400 is the store's own configuration (its key).
    if (error instanceof MedusaApiError && error.status === 400 && error.type === "invalid_data") {
      return refused({}, backendMessage(error) ?? "Check the order number and email, then try again.")
    }
    // Down, unreachable, a 5xx, or refused for the store's own configuration: the visitor can only try later.
    const why = error instanceof MedusaApiError ? String(error.status) : noBackendAnswer(error) ? "no answer" : String(error)
    console.error(`Find my order: lookup failed: ${why}`)
    return refused({}, LOOKUP_UNAVAILABLE)
  }
  // The same words whatever the backend found (ORDER_LOOKUP_ANSWER is what it answers too).
  return { sent: ORDER_LOOKUP_ANSWER, fieldErrors: {}, formError: null, values }
}
