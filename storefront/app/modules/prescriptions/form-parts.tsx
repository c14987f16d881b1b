/**
 * Pieces shared by the three prescription request forms: the step indicator
 * (spec §9: three steps), the errors of the last answer with "cleared when the
 * user edits" (spec §5), the fields rendered from their tables
 * (prescription-fields.ts) with the values and errors of the last answer, the
 * form itself (focus on the first error, inputs disabled while sending), and
 * the submit button that reads "Submitting..." (spec §4).
 */
import { Form, useActionData, useNavigation } from "@remix-run/react"
import { type FormEventHandler, type ReactNode, type RefObject, useRef, useState } from "react"

import {
  CheckboxField,
  firstErrorField,
  FirstErrorFocus,
  RadioGroupField,
  RequiredFieldsNote,
  SelectField,
  TextAreaField,
  TextField,
  useFocusFirstError,
} from "~/components/form-fields"

import { type ChoiceList, fieldNames, type FieldSpec } from "./prescription-fields"
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

/** The lists the page's selects and radio groups offer, by name (ChoiceList). */
export type FormChoices = Partial<Record<ChoiceList, readonly string[]>>

/** One field of a table, with the value the last answer kept and its error. */
function RequestField({
  name,
  spec,
  value,
  error,
  choices,
}: {
  name: string
  spec: FieldSpec
  value: string | undefined
  error: string | undefined
  choices: FormChoices
}) {
  const common = { name, label: spec.label, hint: spec.hint, required: spec.required, error }
  switch (spec.control) {
    case "text": {
      const { type, autoComplete, inputMode, min } = spec
      return <TextField {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} min={min} defaultValue={value} />
    }
    case "textarea":
      return <TextAreaField {...common} defaultValue={value} />
    case "select": {
      const options = choices[spec.choices] ?? []
      // A placeholder ("Select your state") starts empty; a list without one starts at its first choice.
      const initial = spec.placeholder === undefined ? options[0] : ""
      return (
        <SelectField
          {...common}
          autoComplete={spec.autoComplete}
          placeholder={spec.placeholder}
          options={options}
          defaultValue={value ?? initial}
        />
      )
    }
    case "radio": {
      const options = choices[spec.choices] ?? []
      const labelled = options.map((option) => ({ value: option, label: spec.choiceLabels?.[option] ?? option }))
      return <RadioGroupField {...common} options={labelled} defaultValue={value ?? options[0]} />
    }
    case "checkbox":
      return <CheckboxField {...common} defaultChecked={value === "on"} />
  }
}

/**
 * A prescription form's state: the last answer's values and errors (useFormFeedback), the focus
 * on its first error, and `field(name)`, the field of the table with them.
 */
export function usePrescriptionForm<Name extends string>(fields: Record<Name, FieldSpec>, choices: FormChoices) {
  const answer = useActionData<FormAnswer>()
  const feedback = useFormFeedback(answer)
  const values = answer?.values ?? {}
  const formRef = useRef<HTMLFormElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  useFocusFirstError(formRef, alertRef, feedback.source)
  // Without JavaScript the page comes back from the server: the first error takes the focus on load.
  const firstError = firstErrorField(fieldNames(fields), answer?.fieldErrors)
  const field = (name: Name) => (
    <RequestField key={name} name={name} spec={fields[name]} value={values[name]} error={feedback.fieldErrors[name]} choices={choices} />
  )
  return { ...feedback, values, alertRef, field, formProps: { formRef, firstError, onEdit: feedback.onEdit } }
}

/**
 * The form of a prescription request page (labelled by its `form-heading`), after the note on
 * required fields: a Remix <Form> posting to the route's action, `noValidate` (the server's
 * messages are shown); editing a field clears its error, the first error takes the focus, and
 * the whole form is disabled while it is sent.
 */
export function PrescriptionRequestForm({
  formRef,
  firstError,
  onEdit,
  legend,
  className,
  onSubmit,
  children,
}: {
  formRef: RefObject<HTMLFormElement>
  /** The field to focus on load (the first in error of the server's answer). */
  firstError: string | null
  onEdit: (name: string) => void
  legend: string
  /** The fieldset's. */
  className: string
  onSubmit: FormEventHandler<HTMLFormElement>
  children: ReactNode
}) {
  const submitting = useSubmitting()
  return (
    <>
      <RequiredFieldsNote className="mt-2 text-sm text-slate-600" />
      <FirstErrorFocus field={firstError}>
        <Form
          ref={formRef}
          method="post"
          noValidate
          aria-labelledby="form-heading"
          className="mt-6"
          onChange={(event) => onEdit((event.target as HTMLInputElement).name)}
          onSubmit={onSubmit}
        >
          <fieldset disabled={submitting} className={className}>
            <legend className="sr-only">{legend}</legend>
            {children}
          </fieldset>
        </Form>
      </FirstErrorFocus>
    </>
  )
}
