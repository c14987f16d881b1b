import { type ActionFunctionArgs, data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node"
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react"
import { US_STATES } from "@shared/address"
import { type FormEvent, useRef, useState } from "react"

import {
  CheckboxField,
  firstErrorField,
  FirstErrorFocus,
  FormAlert,
  RadioGroupField,
  SelectField,
  TextField,
  useFocusFirstError,
} from "~/components/form-fields"
import { requireAgeVerified } from "~/lib/age-gate.server"
import { pageMeta } from "~/lib/meta"
import { useHydrated } from "~/lib/use-hydrated"
import { SubmitButton, useFormFeedback, useSubmitting } from "~/modules/prescriptions/form-parts"
import {
  type FormAnswer,
  formClientAction,
  missingRequiredFields,
  noReloadAfterSubmit,
  PRESCRIPTION_FIELDS,
  requiredFieldsMessage,
  TERMS_MESSAGE,
} from "~/modules/prescriptions/prescription-form"
import { FORM_CHOICES, submitPrescriptionForm } from "~/modules/prescriptions/prescription-form.server"
import { canonicalLink } from "~/modules/seo/canonical"

import { HealthHistoryFields } from "./HealthHistoryFields"

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

const GENDER_LABELS: Record<string, string> = { male: "Male", female: "Female" }

/** Spec §2/§3/§5: the full prescription form. */
export default function ApplyForPrescription() {
  const { genders } = useLoaderData<typeof loader>()
  const answer = useActionData<FormAnswer>()
  const { fieldErrors: errors, formError, onEdit, setCheck, source } = useFormFeedback(answer)
  const values = answer?.values ?? {}
  const submitting = useSubmitting()
  const formRef = useRef<HTMLFormElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  useFocusFirstError(formRef, alertRef, source)
  const first = firstErrorField(PRESCRIPTION_FIELDS, answer?.fieldErrors)

  // Terms gate the submit button once the script runs; without it, the server refuses instead.
  const scripted = useHydrated()
  const [agreed, setAgreed] = useState(values.agreeToTerms === "on")

  // Spec §5: the script's own check of the four required fields, then the terms.
  const check = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget)
    const missing = missingRequiredFields(form)
    if (missing.length) {
      event.preventDefault()
      setCheck({
        formError: requiredFieldsMessage(missing.map((field) => field.label)),
        fieldErrors: Object.fromEntries(missing.map((field) => [field.name, field.message])),
      })
      return
    }
    if (!form.get("agreeToTerms")) {
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
            onSubmit={check}
          >
            <fieldset disabled={submitting} className="min-w-0">
              <legend className="sr-only">Your application</legend>
              <div className="space-y-6">
                <section aria-labelledby="about-heading" className="rounded-2xl border border-slate-200 p-4 sm:p-6">
                  <h2 id="about-heading" className="text-lg font-bold">
                    About you
                  </h2>
                  <div className="mt-4 grid gap-4 sm:grid-cols-2">
                    <TextField name="name" label="Full Name" autoComplete="name" defaultValue={values.name} error={errors.name} />
                    <TextField
                      name="email"
                      label="Email"
                      type="email"
                      required
                      autoComplete="email"
                      defaultValue={values.email}
                      error={errors.email}
                    />
                    <RadioGroupField
                      name="gender"
                      label="Gender"
                      options={genders.map((value) => ({ value, label: GENDER_LABELS[value] ?? value }))}
                      defaultValue={values.gender ?? genders[0]}
                      error={errors.gender}
                    />
                    <TextField
                      name="dateOfBirth"
                      label="Date of Birth"
                      type="date"
                      required
                      autoComplete="bday"
                      defaultValue={values.dateOfBirth}
                      error={errors.dateOfBirth}
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
                      name="address"
                      label="Address"
                      autoComplete="street-address"
                      defaultValue={values.address}
                      error={errors.address}
                    />
                    <SelectField
                      name="state"
                      label="State"
                      required
                      autoComplete="address-level1"
                      placeholder="Select your state"
                      options={US_STATES}
                      defaultValue={values.state ?? ""}
                      error={errors.state}
                    />
                    <TextField
                      name="zipCode"
                      label="ZIP Code"
                      autoComplete="postal-code"
                      inputMode="numeric"
                      defaultValue={values.zipCode}
                      error={errors.zipCode}
                    />
                  </div>
                </section>

                <HealthHistoryFields values={values} errors={errors} />

                <section aria-labelledby="terms-heading" className="rounded-2xl border border-slate-200 p-4 sm:p-6">
                  <h2 id="terms-heading" className="text-lg font-bold">
                    Terms and conditions
                  </h2>
                  <p className="mt-2 text-sm text-slate-700">
                    Submitting this form is a request, not a prescription: a licensed provider decides whether a treatment is right for you
                    and may ask for more information. How we protect your health information is described in our{" "}
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
                    label="I agree to the terms and conditions, and I confirm that the information I gave is true and complete."
                    checked={agreed}
                    onChange={(event) => setAgreed(event.target.checked)}
                    error={errors.agreeToTerms}
                    className="mt-4"
                  />
                </section>

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
            </fieldset>
          </Form>
        </FirstErrorFocus>
      </div>
    </section>
  )
}
