/**
 * The insulin and weight-loss request forms (spec §2/§3: step 2 of 3,
 * identical fields; the route sets formType). A Remix <Form> posting to the
 * route's action: it works without JavaScript; with it, the inputs are
 * disabled while sending and the button reads "Submitting...".
 */
import { Form, Link, useActionData } from "@remix-run/react"
import type { PrescriptionFormType } from "@shared/schemas/prescription-request"
import { useRef } from "react"

import {
  CheckboxField,
  firstErrorField,
  FirstErrorFocus,
  FormAlert,
  RadioGroupField,
  SelectField,
  TextAreaField,
  TextField,
  useFocusFirstError,
} from "~/components/form-fields"

import { StepIndicator, SubmitButton, useFormFeedback, useSubmitting } from "./form-parts"
import { FORM_TITLES, type FormAnswer, MEDICATION_FIELDS } from "./prescription-form"

export type MedicationFormChoices = { durations: readonly string[]; yesNo: readonly string[] }

const INTRO: Record<"insulin" | "weight_loss", string> = {
  insulin: "Tell us about the insulin or diabetes supplies you need. A member of our pharmacy team reviews your answers and contacts you.",
  weight_loss:
    "Tell us about the weight-loss treatment you are interested in. A member of our pharmacy team reviews your answers and contacts you.",
}

export function MedicationRequestForm({
  formType,
  choices,
}: {
  formType: Extract<PrescriptionFormType, "insulin" | "weight_loss">
  choices: MedicationFormChoices
}) {
  const answer = useActionData<FormAnswer>()
  const { fieldErrors: errors, formError, onEdit, setCheck, source } = useFormFeedback(answer)
  const values = answer?.values ?? {}
  const submitting = useSubmitting()
  const formRef = useRef<HTMLFormElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  useFocusFirstError(formRef, alertRef, source)
  // Without JavaScript the page comes back from the server: the first error takes the focus on load.
  const first = firstErrorField(MEDICATION_FIELDS, answer?.fieldErrors)

  return (
    <section className="container-page py-8 sm:py-12">
      <div className="mx-auto max-w-3xl">
        <StepIndicator step={2} />
        <h1 id="form-heading" className="page-title">
          {FORM_TITLES[formType]}
        </h1>
        <p className="mt-2 text-slate-700">{INTRO[formType]}</p>
        <p className="mt-2 text-sm text-slate-600">
          How we use and protect the health information you give here:{" "}
          <Link to="/notice-of-privacy-practices" className="font-semibold text-brand-700 underline">
            Notice of Privacy Practices
          </Link>
          .
        </p>
        <p className="mt-2 text-sm text-slate-600">
          Fields marked with an asterisk (<span aria-hidden="true">*</span>
          <span className="sr-only">star</span>) are required.
        </p>
        <FirstErrorFocus field={first}>
          <Form
            ref={formRef}
            method="post"
            noValidate
            aria-labelledby="form-heading"
            className="mt-6"
            onChange={(event) => onEdit((event.target as HTMLInputElement).name)}
            onSubmit={() => setCheck(null)}
          >
            <fieldset disabled={submitting} className="min-w-0 rounded-2xl border border-slate-200 p-4 sm:p-6">
              <legend className="sr-only">Your details</legend>
              <div className="space-y-5">
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField name="name" label="Full Name" required autoComplete="name" defaultValue={values.name} error={errors.name} />
                  <TextField
                    name="email"
                    label="Email"
                    type="email"
                    required
                    autoComplete="email"
                    defaultValue={values.email}
                    error={errors.email}
                  />
                  <TextField
                    name="phone"
                    label="Phone"
                    type="tel"
                    required
                    autoComplete="tel"
                    defaultValue={values.phone}
                    error={errors.phone}
                  />
                  <TextField
                    name="age"
                    label="Age"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    required
                    defaultValue={values.age}
                    error={errors.age}
                  />
                  <TextField
                    name="medicationName"
                    label="Medication Name"
                    defaultValue={values.medicationName}
                    error={errors.medicationName}
                  />
                  <SelectField
                    name="duration"
                    label="How long have you used it?"
                    options={choices.durations}
                    defaultValue={values.duration ?? choices.durations[0]}
                    error={errors.duration}
                  />
                </div>
                <TextAreaField
                  name="allergies"
                  label="Allergies"
                  hint="Medicines, foods or anything else. Leave blank if none."
                  defaultValue={values.allergies}
                  error={errors.allergies}
                />
                <RadioGroupField
                  name="hasPrescription"
                  label="Do you have a prescription?"
                  options={choices.yesNo}
                  defaultValue={values.hasPrescription ?? choices.yesNo[0]}
                  error={errors.hasPrescription}
                />
                <TextAreaField
                  name="pharmacyInfo"
                  label="Pharmacy Information"
                  hint="If you have a prescription: the pharmacy or prescriber that holds it (name and phone)."
                  defaultValue={values.pharmacyInfo}
                  error={errors.pharmacyInfo}
                />
                <CheckboxField
                  name="noPrescription"
                  label="I don't have a prescription and would like a licensed provider to review my request"
                  defaultChecked={values.noPrescription === "on"}
                  error={errors.noPrescription}
                />
                <FormAlert ref={alertRef} message={formError} />
                <div className="flex flex-wrap items-center gap-4">
                  <SubmitButton />
                  <Link to="/buy-medication" className="text-sm font-semibold text-brand-700 underline">
                    Back to treatments
                  </Link>
                </div>
              </div>
            </fieldset>
          </Form>
        </FirstErrorFocus>
      </div>
    </section>
  )
}
