import { Form } from "@remix-run/react"
import type { ReactNode } from "react"

import { FormAlert, TextAreaField } from "~/components/form-fields"

import { buttonClass, dangerButtonClass } from "./button-styles"
import { CsrfField } from "./CsrfField"

/**
 * A pharmacist's decision: a note and Approve or Reject. A rejection must say
 * why (the backend's rule); the note is kept with the decision and audited.
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
        hint="Kept with the decision. Required when rejecting."
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="decision" value="approved" className={buttonClass} disabled={submitting}>
          {approveLabel}
        </button>
        <button type="submit" name="decision" value="rejected" className={dangerButtonClass} disabled={submitting}>
          {rejectLabel}
        </button>
      </div>
    </Form>
  )
}
