import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node"
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react"
import { STORE } from "@shared/store-constants"
import { useEffect, useRef } from "react"

import { afterVerification, verifiedCookieHeader } from "~/lib/age-gate.server"
import { NO_INDEX, pageMeta } from "~/lib/meta"

export const meta: MetaFunction = () => [
  ...pageMeta("Age Verification", `Confirm you are at least ${STORE.minimumAge} years old to shop at ${STORE.name}.`),
  NO_INDEX,
]

const UNDER_AGE_MESSAGE = `Sorry, you must be at least ${STORE.minimumAge} to access this site.`
const NO_CHOICE_MESSAGE = "Please select an option."

export async function loader({ request }: LoaderFunctionArgs) {
  return { redirectTo: afterVerification(new URL(request.url).searchParams.get("redirectTo")) }
}

/** Spec §4: over 18 + OK stores the flag and goes on; under 18 or no choice explains why not. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const age = form.get("age")
  if (age === "over18") {
    return redirect(afterVerification(form.get("redirectTo")), {
      headers: { "Set-Cookie": await verifiedCookieHeader(request) },
    })
  }
  // A normal answer, not an HTTP error: the page explains, and the browser console stays clean.
  return { error: age === "under18" ? UNDER_AGE_MESSAGE : NO_CHOICE_MESSAGE }
}

export default function AgeCheck() {
  const { redirectTo } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const alertRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (result?.error) alertRef.current?.focus()
  }, [result])
  return (
    <section className="container-page grid place-items-center py-16 sm:py-24">
      <div className="w-full max-w-md rounded-3xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight">Age Verification</h1>
        <p className="mt-2 text-slate-600">
          {STORE.name} sells medicines and health products to adults only. Please confirm your age to continue.
        </p>
        <Form method="post" className="mt-6" noValidate>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <fieldset>
            <legend className="font-semibold">How old are you?</legend>
            <div className="mt-3 space-y-2">
              <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-4 py-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                <input type="radio" name="age" value="over18" className="h-4 w-4 accent-brand-700" />
                <span>I am {STORE.minimumAge} or older</span>
              </label>
              <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-4 py-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                <input type="radio" name="age" value="under18" className="h-4 w-4 accent-brand-700" />
                <span>I am under {STORE.minimumAge}</span>
              </label>
            </div>
          </fieldset>
          {result?.error ? (
            <p
              ref={alertRef}
              tabIndex={-1}
              role="alert"
              className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
            >
              {result.error}
            </p>
          ) : null}
          <button type="submit" className="btn-primary mt-6 w-full" disabled={navigation.state === "submitting"}>
            OK
          </button>
        </Form>
      </div>
    </section>
  )
}
