/**
 * Pieces shared by the three prescription request forms: the step indicator
 * (spec §9: three steps), the errors of the last answer with "cleared when the
 * user edits" (spec §5), and the submit button that reads "Submitting..."
 * (spec §4).
 */
import { useNavigation } from "@remix-run/react"
import { useState } from "react"

import type { FormAnswer } from "./prescription-form"

const STEP_LABELS = ["Choose your treatment", "Tell us about you", "Confirmation"]

export function StepIndicator({ step }: { step: 1 | 2 | 3 }) {
  return (
    <nav aria-label="Progress" className="mb-6">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700" data-testid="step">
        Step {step} of {STEP_LABELS.length}
      </p>
      <ol className="mt-2 grid grid-cols-3 gap-2">
        {STEP_LABELS.map((label, index) => {
          const number = index + 1
          const state = number < step ? "done" : number === step ? "current" : "todo"
          return (
            <li key={label} aria-current={state === "current" ? "step" : undefined}>
              <span className={`block h-1.5 rounded-full ${state === "todo" ? "bg-slate-200" : "bg-brand-600"}`} aria-hidden="true" />
              <span className={`mt-1 block text-xs ${state === "current" ? "font-semibold text-ink" : "text-slate-600"}`}>
                {label}
                {state === "done" ? <span className="sr-only"> (completed)</span> : null}
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

/** Errors found by the page's own script before sending (the full form's required-fields check). */
export type ClientCheck = { fieldErrors: Record<string, string>; formError: string | null }

/**
 * The errors to show: those of the page's own check, else those of the last
 * answer. Editing a field hides its error and the form's message (spec §5:
 * "the form error is cleared when the user edits"); a new answer shows all
 * of its errors again.
 */
export function useFormFeedback(answer: FormAnswer | undefined) {
  const [check, setCheck] = useState<ClientCheck | null>(null)
  const source: ClientCheck | null = check ?? answer ?? null
  const [edits, setEdits] = useState<{ source: ClientCheck | null; fields: string[]; form: boolean }>({
    source: null,
    fields: [],
    form: false,
  })
  const current = edits.source === source ? edits : { source, fields: [] as string[], form: false }
  const fieldErrors = Object.fromEntries(
    Object.entries(source?.fieldErrors ?? {}).filter(([name]) => !current.fields.includes(name))
  ) as Record<string, string>
  const formError = current.form ? null : (source?.formError ?? null)
  const onEdit = (name: string) => {
    if (!source || (current.form && current.fields.includes(name))) return
    setEdits({ source, fields: [...current.fields, name], form: true })
  }
  return { fieldErrors, formError, onEdit, setCheck, source }
}

/** True while this page's form is being sent, until the next page is there (inputs disabled, "Submitting..."). */
export function useSubmitting() {
  const navigation = useNavigation()
  return navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST"
}

export function SubmitButton({ disabled, describedBy }: { disabled?: boolean; describedBy?: string }) {
  const submitting = useSubmitting()
  return (
    <button type="submit" className="btn-primary w-full sm:w-auto" disabled={disabled || submitting} aria-describedby={describedBy}>
      {submitting ? "Submitting..." : "Submit"}
    </button>
  )
}
