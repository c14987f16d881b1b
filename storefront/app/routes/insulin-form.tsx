import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node"
import { useLoaderData } from "@remix-run/react"
import { MedicationRequestForm } from "~/components/prescription-form-medication"
import { requireAgeVerified } from "~/lib/age-gate.server"
import { pageMeta } from "~/lib/meta"
import { formClientAction, noReloadAfterSubmit } from "~/lib/prescription-form"
import { FORM_CHOICES, submitPrescriptionForm } from "~/lib/prescription-form.server"

export const meta: MetaFunction = () =>
  pageMeta(
    "Insulin and Diabetes Supplies Request",
    "Request insulin or diabetes supplies. Tell us what you need and our pharmacy team contacts you."
  )

const PRIVATE = { "Cache-Control": "private, no-cache" }
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders

/** Spec §2: step 2 of 3 of the treatments flow, formType "insulin". */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgeVerified(request)
  return data({ choices: FORM_CHOICES }, { headers: PRIVATE })
}

export async function action({ request, context }: ActionFunctionArgs) {
  return data(await submitPrescriptionForm(request, "insulin", context), { headers: PRIVATE })
}

export const clientAction = formClientAction
export const shouldRevalidate = noReloadAfterSubmit

export default function InsulinForm() {
  const { choices } = useLoaderData<typeof loader>()
  return <MedicationRequestForm formType="insulin" choices={choices} />
}
