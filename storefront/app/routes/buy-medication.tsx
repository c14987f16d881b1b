import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node"
import { Link } from "@remix-run/react"

import { requireAgeVerified } from "~/lib/age-gate.server"
import { pageMeta } from "~/lib/meta"
import { StepIndicator } from "~/modules/prescriptions/form-parts"
import { canonicalLink } from "~/modules/seo/canonical"

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta("Buy Medication", "Choose your treatment: medical weight loss, or insulin and diabetes supplies."),
  ...canonicalLink(matches, "/buy-medication"),
]

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgeVerified(request)
  return data(null, { headers: { "Cache-Control": "private, no-cache" } })
}

const TREATMENTS = [
  {
    to: "/weight-loss-form",
    title: "Medical Weight Loss",
    text: "GLP-1 treatments such as semaglutide and tirzepatide, with support from our pharmacy team.",
    image: "/images/home/category-weight-loss.svg",
  },
  {
    to: "/insulin-form",
    title: "Insulin/Diabetes Supplies",
    text: "Insulin pens and vials, test strips, sensors, needles and the supplies you use every day.",
    image: "/images/home/category-insulin.svg",
  },
] as const

/** Spec §2 Treatments: step 1 of 3, choose a treatment; step 2 is its form. */
export default function BuyMedication() {
  return (
    <section className="container-page py-8 sm:py-12">
      <div className="mx-auto max-w-3xl">
        <StepIndicator step={1} />
        <h1 className="page-title">Choose your treatment</h1>
        <p className="mt-2 text-slate-700">
          Pick what you need. On the next step you tell us about yourself, and a member of our pharmacy team reviews your request.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {TREATMENTS.map((treatment) => (
            <li key={treatment.to}>
              <Link
                to={treatment.to}
                className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-600 hover:shadow-md"
              >
                <img
                  src={treatment.image}
                  alt=""
                  width={320}
                  height={200}
                  className="aspect-[16/10] w-full rounded-xl bg-brand-50 object-cover"
                />
                <span className="mt-4 text-xl font-bold group-hover:text-brand-700">{treatment.title}</span>
                <span className="mt-2 flex-1 text-sm text-slate-700">{treatment.text}</span>
                <span className="mt-4 font-semibold text-brand-700" aria-hidden="true">
                  Continue →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
