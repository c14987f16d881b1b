import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node"
import { Link, useLoaderData } from "@remix-run/react"
import { STORE } from "@shared/store-constants"

import { SuccessMark } from "~/components/SuccessMark"
import { pageMeta } from "~/lib/meta"
import { StepIndicator } from "~/modules/prescriptions/form-parts"

/**
 * Where the prescription forms lead (spec §2: "the user is sent to
 * /confirmation", a route the spec never defines). It shows no personal data,
 * so it is not gated; `?form=` says which form was sent.
 */
export const meta: MetaFunction = () => [
  ...pageMeta("Request Received", "Thank you: your request was received and our pharmacy team will contact you."),
  { name: "robots", content: "noindex" },
]

export const headers: HeadersFunction = () => ({ "Cache-Control": "public, max-age=300" })

const FORMS = {
  insulin: { what: "insulin and diabetes supplies request", step: true },
  weight_loss: { what: "medical weight loss request", step: true },
  prescription: { what: "prescription application", step: false },
} as const

export function loader({ request }: LoaderFunctionArgs) {
  const form = new URL(request.url).searchParams.get("form")
  return { form: form && form in FORMS ? (form as keyof typeof FORMS) : null }
}

export default function Confirmation() {
  const { form } = useLoaderData<typeof loader>()
  const sent = form ? FORMS[form] : null
  return (
    <section className="container-page py-8 sm:py-12">
      <div className="mx-auto max-w-2xl">
        {sent?.step ? <StepIndicator step={3} /> : null}
        <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          <SuccessMark />
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Thank you! We received your request.</h1>
          <p className="mt-3 text-slate-700">
            {sent ? `Your ${sent.what} is with our pharmacy team.` : "Your request is with our pharmacy team."} Nothing else is needed from
            you right now.
          </p>
          <h2 className="mt-8 text-lg font-bold">What happens next</h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
            <li>A licensed member of our pharmacy team reviews your answers.</li>
            <li>
              We contact you by email or phone, within our support hours ({STORE.supportHours}), to confirm the details or to ask for
              anything missing, such as your prescription or your prescriber&apos;s contact.
            </li>
            <li>When your request is approved, we help you order your medication and arrange delivery.</li>
          </ol>
          <p className="mt-6 rounded-xl bg-brand-50 p-4 text-sm text-brand-900">
            Your answers are stored encrypted and used only to review your request. If your symptoms are severe or sudden, contact your
            doctor or call 911: this service is not for emergencies.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/shop" className="btn-primary">
              Continue Shopping
            </Link>
            <Link to="/" className="btn-secondary">
              Back to home
            </Link>
          </div>
        </div>
      </div>
    </section>
  )
}
