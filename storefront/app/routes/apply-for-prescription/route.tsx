import { type ActionFunctionArgs, data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node"
import { Link, useLoaderData } from "@remix-run/react"
import { US_STATES } from "@shared/address"
import { type FormEvent, useState } from "react"

import { CheckboxField, FormAlert } from "~/components/form-fields"
import { TitledSection } from "~/components/TitledSection"
import { requireAgeVerified } from "~/lib/age-gate.server"
import { pageMeta } from "~/lib/meta"
import { useHydrated } from "~/lib/use-hydrated"
import { PrescriptionRequestForm, SubmitButton, usePrescriptionForm } from "~/modules/prescriptions/form-parts"
import { PRESCRIPTION_FORM_FIELDS } from "~/modules/prescriptions/prescription-fields"
import {
  formClientAction,
  missingRequiredFields,
  noReloadAfterSubmit,
  requiredFieldsMessage,
  TERMS_MESSAGE,
} from "~/modules/prescriptions/prescription-form"
import { FORM_CHOICES, submitPrescriptionForm } from "~/modules/prescriptions/prescription-form.server"
import { canonicalLink } from "~/modules/seo/canonical"

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(
    "Apply for Prescription",
    "Apply for a prescription: your health history and the medication you need, reviewed by our licensed team."
  ),
  ...canonicalLink(matches, "/apply-for-prescription"),
]

const PRIVATE = { "Cache-Control": "private, no-cache" }
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgeVerified(request)
  return data({ genders: FORM_CHOICES.genders }, { headers: PRIVATE })
}

/** The same checks with and without JavaScript: required fields, then terms, then the shared schema. */
export async function action({ request, context }: ActionFunctionArgs) {
  return data(await submitPrescriptionForm(request, "prescription", context), { headers: PRIVATE })
}

export const clientAction = formClientAction
export const shouldRevalidate = noReloadAfterSubmit

/** The look of the form's three parts. */
const PART = "rounded-2xl border border-slate-200 p-4 sm:p-6"

/** Spec §2/§3/§5: the full prescription form. */
export default function ApplyForPrescription() {
  const { genders } = useLoaderData<typeof loader>()
  // The radio group's genders are the schema's (from the loader); the select's states are the shop's list.
  const { field, values, fieldErrors, formError, setCheck, formProps, alertRef } = usePrescriptionForm(PRESCRIPTION_FORM_FIELDS, {
    genders,
    states: US_STATES,
  })

  // Terms gate the submit button once the script runs; without it, the server refuses instead.
  const scripted = useHydrated()
  const [agreed, setAgreed] = useState(values.agreeToTerms === "on")

  // Spec §5: the script's own check of the four required fields, then the terms.
  const check = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget)
    const missing = missingRequiredFields(data)
    if (missing.length) {
      event.preventDefault()
      setCheck({
        formError: requiredFieldsMessage(missing.map((required) => required.label)),
        fieldErrors: Object.fromEntries(missing.map((required) => [required.name, required.message])),
      })
      return
    }
    if (!data.get("agreeToTerms")) {
      event.preventDefault()
      setCheck({ formError: TERMS_MESSAGE, fieldErrors: { agreeToTerms: TERMS_MESSAGE } })
      return
    }
    setCheck(null)
  }

  return (
    <section className="container-page py-8 sm:py-12">
      <div className="mx-auto max-w-3xl">
        <h1 id="form-heading" className="page-title">
          Apply for Prescription
        </h1>
        <p className="mt-2 text-slate-700">
          Tell us about your health and the medication you need. A licensed member of our pharmacy team reviews your application and
          contacts you. Your answers are stored encrypted and used only for your care.
        </p>
        <PrescriptionRequestForm {...formProps} legend="Your application" className="min-w-0" onSubmit={check}>
          <div className="space-y-6">
            <TitledSection id="about-heading" title="About you" className={PART}>
              <div className="mt-4 grid gap-4 sm:grid-cols-2">
                {field("name")}
                {field("email")}
                {field("gender")}
                {field("dateOfBirth")}
                {field("phone")}
                {field("address")}
                {field("state")}
                {field("zipCode")}
              </div>
            </TitledSection>

            {/* Spec §2: the health history (all optional). */}
            <TitledSection id="health-heading" title="Your health" className={PART}>
              <div className="mt-4 space-y-4">
                {field("pastMedicalProblems")}
                {field("currentMedications")}
                {field("knownAllergies")}
                <div className="grid gap-4 sm:grid-cols-2">
                  {field("medicationNeeded")}
                  {field("dosageNeeded")}
                </div>
                <fieldset className="space-y-3">
                  <legend className="field-label">Check any that apply to you</legend>
                  {field("thyroidCancer")}
                  {field("menSyndrome")}
                  {field("glp1Allergy")}
                </fieldset>
              </div>
            </TitledSection>

            <TitledSection id="terms-heading" title="Terms and conditions" className={PART}>
              <p className="mt-2 text-sm text-slate-700">
                Submitting this form is a request, not a prescription: a licensed provider decides whether a treatment is right for you and
                may ask for more information. How we protect your health information is described in our{" "}
                <Link to="/notice-of-privacy-practices" className="font-semibold text-brand-700 underline">
                  Notice of Privacy Practices
                </Link>{" "}
                and our{" "}
                <Link to="/privacypolicy" className="font-semibold text-brand-700 underline">
                  Privacy Policy
                </Link>
                .
              </p>
              <CheckboxField
                name="agreeToTerms"
                label={PRESCRIPTION_FORM_FIELDS.agreeToTerms.label}
                checked={agreed}
                onChange={(event) => setAgreed(event.target.checked)}
                error={fieldErrors.agreeToTerms}
                className="mt-4"
              />
            </TitledSection>

            <FormAlert ref={alertRef} message={formError} />
            <div className="flex flex-wrap items-center gap-4">
              <SubmitButton disabled={scripted && !agreed} describedBy={scripted && !agreed ? "terms-gate" : undefined} />
              {scripted && !agreed ? (
                <p id="terms-gate" className="text-sm text-slate-600">
                  Agree to the terms and conditions to submit.
                </p>
              ) : null}
            </div>
          </div>
        </PrescriptionRequestForm>
      </div>
    </section>
  )
}
