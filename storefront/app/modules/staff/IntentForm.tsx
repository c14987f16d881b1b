/**
 * A staff action as one button: a POST form with the CSRF token, the item's `id` and the button's
 * `intent` (the route's action dispatches on it), disabled while a submission is under way; and
 * the refusal of such an action, above its buttons.
 */
import { Form } from "@remix-run/react"
import type { ReactNode } from "react"

import { FormAlert } from "~/components/form-fields"

import { CsrfField } from "./CsrfField"

export type ActionFailure = { message: string; detail: string | null }

export function IntentForm({
  id,
  intent,
  busy,
  buttonClassName,
  className,
  fields,
  preventScrollReset,
  children,
}: {
  id: string
  intent: string
  busy: boolean
  buttonClassName: string
  className?: string
  /** More hidden fields ("returnTo"). */
  fields?: Record<string, string>
  /** For a dialog's button: the page stays where it was. */
  preventScrollReset?: boolean
  /** The button's text. */
  children: ReactNode
}) {
  return (
    <Form method="post" className={className} preventScrollReset={preventScrollReset}>
      <CsrfField />
      <input type="hidden" name="id" value={id} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} className={buttonClassName} disabled={busy}>
        {children}
      </button>
    </Form>
  )
}

export function ActionError({ failure }: { failure: ActionFailure | null | undefined }) {
  return failure ? (
    <div className="mt-3">
      <FormAlert message={failure.message} detail={failure.detail} />
    </div>
  ) : null
}
