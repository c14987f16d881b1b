/**
 * The insulin and weight-loss request forms (spec §2/§3: step 2 of 3,
 * identical fields; the route sets formType). A Remix <Form> posting to the
 * route's action: it works without JavaScript; with it, the inputs are
 * disabled while sending and the button reads "Submitting...".
 */
import { Link } from "@remix-run/react"
import type { PrescriptionFormType } from "@shared/schemas/prescription-request"

import { FormAlert } from "~/components/form-fields"

import { PrescriptionRequestForm, StepIndicator, SubmitButton, usePrescriptionForm } from "./form-parts"
import { MEDICATION_FORM_FIELDS } from "./prescription-fields"
import { FORM_TITLES } from "./prescription-form"

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
  const { field, formProps, alertRef, setCheck, formError } = usePrescriptionForm(MEDICATION_FORM_FIELDS, choices)

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
        <PrescriptionRequestForm
          {...formProps}
          legend="Your details"
          className="min-w-0 rounded-2xl border border-slate-200 p-4 sm:p-6"
          onSubmit={() => setCheck(null)}
        >
          <div className="space-y-5">
            <div className="grid gap-4 sm:grid-cols-2">
              {field("name")}
              {field("email")}
              {field("phone")}
              {field("age")}
              {field("medicationName")}
              {field("duration")}
            </div>
            {field("allergies")}
            {field("hasPrescription")}
            {field("pharmacyInfo")}
            {field("noPrescription")}
            <FormAlert ref={alertRef} message={formError} />
            <div className="flex flex-wrap items-center gap-4">
              <SubmitButton />
              <Link to="/buy-medication" className="text-sm font-semibold text-brand-700 underline">
                Back to treatments
              </Link>
            </div>
          </div>
        </PrescriptionRequestForm>
      </div>
    </section>
  )
}
