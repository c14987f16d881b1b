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
    "Medical Weight Loss Request",
    "Request a medical weight-loss treatment. Tell us about you and our pharmacy team contacts you."
  )

const PRIVATE = { "Cache-Control": "private, no-cache" }
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders

/** Spec §2: step 2 of 3 of the treatments flow, formType "weight_loss". */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgeVerified(request)
  return data({ choices: FORM_CHOICES }, { headers: PRIVATE })
}

export async function action({ request, context }: ActionFunctionArgs) {
  return data(await submitPrescriptionForm(request, "weight_loss", context), { headers: PRIVATE })
}

export const clientAction = formClientAction
export const shouldRevalidate = noReloadAfterSubmit

export default function WeightLossForm() {
  const { choices } = useLoaderData<typeof loader>()
  return <MedicationRequestForm formType="weight_loss" choices={choices} />
}
