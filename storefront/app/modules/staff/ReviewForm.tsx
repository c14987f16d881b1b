import { Form } from "@remix-run/react"
import type { ReactNode } from "react"

import { FormAlert, TextAreaField } from "~/components/form-fields"

import { buttonClass, dangerButtonClass, secondaryButtonClass } from "./button-styles"
import { CsrfField } from "./CsrfField"

/**
 * A pharmacist's decision: a note and Approve or Reject. A rejection must say
 * why (the backend's rule); the note is kept with the decision and audited.
 * An order's review (issue 23) has a third choice, `askForInformation`: a
 * message to the patient (emailed to them and shown on their order status
 * page), required for that choice; the order stays held.
 */
export function ReviewForm({
  idPrefix,
  legend,
  note,
  error,
  formError,
  submitting,
  approveLabel = "Approve",
  rejectLabel = "Reject",
  consequence,
  askForInformation,
  children,
}: {
  idPrefix: string
  legend: string
  note?: string
  error?: string | null
  formError?: { message: string; detail: string | null } | null
  submitting: boolean
  approveLabel?: string
  rejectLabel?: string
  consequence?: string
  /** The third choice: its button's label, the message as typed and its error. */
  askForInformation?: { label: string; message?: string; error?: string | null }
  /** Hidden fields the route needs. */
  children?: ReactNode
}) {
  return (
    <Form method="post" noValidate className="space-y-4" aria-labelledby={`${idPrefix}-legend`}>
      <h2 id={`${idPrefix}-legend`} className="text-lg font-bold">
        {legend}
      </h2>
      {consequence ? <p className="text-sm text-slate-700">{consequence}</p> : null}
      <CsrfField />
      {children}
      {formError ? <FormAlert message={formError.message} detail={formError.detail} /> : null}
      <TextAreaField
        id={`${idPrefix}-note`}
        name="note"
        label="Note"
        rows={3}
        maxLength={1000}
        defaultValue={note}
        error={error}
        hint={
          askForInformation
            ? "Kept with the decision for pharmacists; never shown to the patient. Required when rejecting."
            : "Kept with the decision. Required when rejecting."
        }
      />
      {askForInformation ? (
        <TextAreaField
          id={`${idPrefix}-message`}
          name="message"
          label="Message to the patient"
          rows={3}
          maxLength={1000}
          defaultValue={askForInformation.message}
          error={askForInformation.error}
          hint="Emailed to the patient and shown on their order status page: what they should send or do. No diagnosis. Required when asking for information."
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="decision" value="approved" className={buttonClass} disabled={submitting}>
          {approveLabel}
        </button>
        {askForInformation ? (
          <button type="submit" name="decision" value="needs_information" className={secondaryButtonClass} disabled={submitting}>
            {askForInformation.label}
          </button>
        ) : null}
        <button type="submit" name="decision" value="rejected" className={dangerButtonClass} disabled={submitting}>
          {rejectLabel}
        </button>
      </div>
    </Form>
  )
}
