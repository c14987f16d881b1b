/**
 * /insulin-form and /weight-loss-form (spec §2: step 2 of 3 of the treatments flow): one route
 * module with two entries, registered in vite.config.ts (outside app/routes/, so the file
 * routes never register it a third time). The loader, action and meta take the form type and
 * the page's title from the URL they serve (app/modules/prescriptions/medication-forms.ts); the component from the
 * loader. Works without JavaScript (decision 0023).
 */
import { type ActionFunctionArgs, data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node"
import { useLoaderData } from "@remix-run/react"

import { requireAgeVerified } from "~/lib/age-gate.server"
import { pageMeta } from "~/lib/meta"
import { medicationFormPage } from "~/modules/prescriptions/medication-forms"
import { MedicationRequestForm } from "~/modules/prescriptions/MedicationForm"
import { formClientAction, noReloadAfterSubmit } from "~/modules/prescriptions/prescription-form"
import { FORM_CHOICES, submitPrescriptionForm } from "~/modules/prescriptions/prescription-form.server"
import { canonicalLink } from "~/modules/seo/canonical"

export const meta: MetaFunction = ({ matches, location }) => {
  const page = medicationFormPage(location.pathname)
  return page ? [...pageMeta(page.title, page.description), ...canonicalLink(matches, page.path)] : []
}

const PRIVATE = { "Cache-Control": "private, no-cache" }
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders

/** The page of this request's URL; only mounted at the two paths, so anything else is a 404. */
function pageOf(request: Request) {
  const page = medicationFormPage(new URL(request.url).pathname)
  if (!page) throw new Response("Not Found", { status: 404 })
  return page
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { formType } = pageOf(request)
  await requireAgeVerified(request)
  return data({ formType, choices: FORM_CHOICES }, { headers: PRIVATE })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { formType } = pageOf(request)
  return data(await submitPrescriptionForm(request, formType, context), { headers: PRIVATE })
}

export const clientAction = formClientAction
export const shouldRevalidate = noReloadAfterSubmit

export default function MedicationRequestPage() {
  const { formType, choices } = useLoaderData<typeof loader>()
  // Keyed: going from one page straight to the other starts a new, empty form.
  return <MedicationRequestForm key={formType} formType={formType} choices={choices} />
}
