/**
 * "Find my order"'s answers, for the page (browser) and its action (server). No zod here: the
 * schema (`@shared/schemas/order-lookup`) runs in lookup.server.ts.
 */
import type { ClientActionFunctionArgs } from "@remix-run/react"

import { answerOrKeepForm } from "~/modules/checkout/checkout"

export const LOOKUP_FIELDS = ["order_number", "email"] as const
export type LookupField = (typeof LOOKUP_FIELDS)[number]

export const LOOKUP_UNAVAILABLE = "We can't look up orders right now. Please try again in a few minutes."

export type LookupAnswer = {
  /** The one answer to a well-formed lookup, matched or not (ORDER_LOOKUP_ANSWER); null when refused. */
  sent: string | null
  fieldErrors: Partial<Record<LookupField, string>>
  formError: string | null
  /** What was typed, so the page rendered without JavaScript keeps it. */
  values: Record<LookupField, string>
}

/** The form's two fields as typed (bounded), "" when absent. */
export function lookupValues(form: FormData): Record<LookupField, string> {
  const value = (name: LookupField, max: number) => {
    const raw = form.get(name)
    return typeof raw === "string" ? raw.slice(0, max) : ""
  }
  return { order_number: value("order_number", 100), email: value("email", 300) }
}

/**
 * In the browser: when the request to our own server gets no answer, the form stays as it was
 * typed and says so, instead of an error page.
 */
export const lookupClientAction = (args: ClientActionFunctionArgs): Promise<LookupAnswer> =>
  answerOrKeepForm<LookupAnswer>(args, (form, why) => ({ sent: null, fieldErrors: {}, formError: why, values: lookupValues(form) }))
