/**
 * "Find my order" (issue 23): a customer who lost the email with their order's status link types
 * the order number and the email they ordered with; when both match an order, the backend emails
 * a new link to that address. The page answers the same whether or not they matched. A Remix
 * <Form> posting to the action: it works without JavaScript.
 *
 * Not age gated: it shows nothing of the shop or of any order (spec §2 gates the pages that show
 * the shop's medicines; the status page the email leads to is gated), and the footer links here
 * from every page.
 */
import { type ActionFunctionArgs, data, type HeadersFunction, type MetaFunction } from "@remix-run/node"
import { Form, useActionData, useNavigation } from "@remix-run/react"
import { useRef } from "react"

import { firstErrorField, FirstErrorFocus, FormAlert, TextField, useFocusFirstError } from "~/components/form-fields"
import { NO_INDEX, pageMeta } from "~/lib/meta"
import { noReloadAfterSubmit } from "~/modules/checkout/checkout"

import { LOOKUP_FIELDS, type LookupAnswer, lookupClientAction } from "./lookup"
import { lookUpOrder } from "./lookup.server"

export const meta: MetaFunction = () => [
  ...pageMeta("Find My Order", "Lost the email with your order's status link? Enter your order number and email to get a new one."),
  NO_INDEX,
]

/** The page is the same for everyone; an answer is for one visitor only. */
export const headers: HeadersFunction = ({ actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : { "Cache-Control": "public, max-age=300" }

export async function action({ request, context }: ActionFunctionArgs) {
  const answer = await lookUpOrder(await request.formData(), context)
  // Refusals are answers (200) shown on the form, never HTTP errors the console would log.
  return data<LookupAnswer>(answer, { headers: { "Cache-Control": "no-store" } })
}

export const clientAction = lookupClientAction

export const shouldRevalidate = noReloadAfterSubmit

export default function FindMyOrder() {
  const answer = useActionData<typeof action>()
  const navigation = useNavigation()
  const submitting = navigation.state === "submitting"
  const formRef = useRef<HTMLFormElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  const errors = answer?.fieldErrors ?? {}
  const values = answer?.values
  useFocusFirstError(formRef, alertRef, answer?.sent ? null : answer)

  return (
    <section className="container-page py-10 sm:py-14">
      <div className="mx-auto max-w-xl">
        <h1 id="find-heading" className="page-title">
          Find my order
        </h1>
        <p className="mt-3 text-slate-700">
          Lost the email with the link to your order&apos;s status page? Enter your order number and the email you ordered with. If they
          match an order, we email a new link to that address.
        </p>
        <div className="mt-6 space-y-4" aria-live="polite">
          {answer?.sent ? <FormAlert message={answer.sent} tone="success" focusKey={answer} /> : null}
          <FormAlert ref={alertRef} message={answer?.formError} />
        </div>
        <FirstErrorFocus field={firstErrorField(LOOKUP_FIELDS, answer?.fieldErrors)}>
          <Form ref={formRef} method="post" noValidate aria-labelledby="find-heading" className="mt-6" data-testid="find-my-order-form">
            <fieldset disabled={submitting} className="min-w-0 space-y-5 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
              <legend className="sr-only">Your order</legend>
              <TextField
                name="order_number"
                label="Order number"
                required
                maxLength={40}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="HH-7K3M-9Q2X"
                hint="It is in your order confirmation email and on the confirmation page."
                defaultValue={values?.order_number}
                error={errors.order_number}
              />
              <TextField
                name="email"
                label="Email"
                type="email"
                required
                maxLength={254}
                autoComplete="email"
                defaultValue={values?.email}
                error={errors.email}
              />
              <button type="submit" className="btn-primary w-full sm:w-auto">
                {submitting ? "Sending..." : "Email me a link"}
              </button>
            </fieldset>
          </Form>
        </FirstErrorFocus>
        <p className="mt-6 text-sm text-slate-600">
          No email after a few minutes? Reply to any email we sent you about the order, or contact us with the details at the bottom of this
          page.
        </p>
      </div>
    </section>
  )
}
