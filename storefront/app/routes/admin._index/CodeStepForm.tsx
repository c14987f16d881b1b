import { Form } from "@remix-run/react"
import type { RefObject } from "react"

import { TextField } from "~/components/form-fields"
import { buttonClass, secondaryButtonClass } from "~/modules/staff/button-styles"
import { CsrfField } from "~/modules/staff/CsrfField"

/** The second step of a two-step sign-in: the code from the app, or back to the password. */
export function CodeStepForm({
  formRef,
  redirectTo,
  submitting,
  error,
}: {
  formRef: RefObject<HTMLFormElement>
  redirectTo: string | null
  submitting: boolean
  error: string | undefined
}) {
  return (
    <>
      <Form ref={formRef} method="post" noValidate className="mt-4 space-y-4">
        <CsrfField />
        <input type="hidden" name="intent" value="code" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TextField
          id="code"
          name="code"
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={12}
          required
          focusOnLoad
          hint="6 digits. The app shows a new code every 30 seconds."
          error={error}
        />
        <button type="submit" className={`${buttonClass} w-full py-3`} disabled={submitting}>
          {submitting ? "Checking..." : "Verify"}
        </button>
      </Form>
      <Form method="post" className="mt-3">
        <CsrfField />
        <input type="hidden" name="intent" value="cancel" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <button type="submit" className={`${secondaryButtonClass} w-full`}>
          Use another account
        </button>
      </Form>
    </>
  )
}
