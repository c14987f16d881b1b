/**
 * Staff login (/admin, spec §2, §4, §5, §8): username and password, checked by
 * POST /api/token/. For an account with two-step sign-in (decision 0044) a second
 * step asks for the 6-digit code of the staff member's authenticator app
 * (POST /api/token/mfa/); the backend's mfa_token waits in the session cookie
 * meanwhile. The tokens go into the server-side session cookie, never to the page.
 * Both steps are plain forms (no JavaScript needed) and both are counted by the
 * backend's sign-in limits. Messages: the server's detail, else 'Invalid
 * credentials'; no answer 'Network error. Please check your connection.';
 * anything else 'An unexpected error occurred.'
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node"
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react"
import { fieldErrors } from "@shared/schemas/fields"
import { tokenSchema, totpCodeField } from "@shared/schemas/token"
import { SIGN_IN_AGAIN } from "@shared/staff-security"
import { useEffect, useRef } from "react"

import { focusFirstInvalid, FormAlert, TextField } from "~/components/form-fields"
import { isSecureRequest } from "~/lib/age-gate.server"
import { failureOf } from "~/lib/backend-errors.server"
import { type StaffSignIn, staffSignIn, staffSignInCode } from "~/lib/data/staff/auth.server"
import { logFailure } from "~/lib/data/staff/client.server"
import { shopperHeaders } from "~/lib/shopper.server"
import { buttonClass } from "~/modules/staff/button-styles"
import { CsrfField } from "~/modules/staff/CsrfField"
import { adminMeta } from "~/modules/staff/meta"
import {
  ADMIN_SESSION_SECONDS,
  afterLogin,
  commitAdminSession,
  FORM_EXPIRED_MESSAGE,
  getAdminSession,
  isSignedIn,
  newCsrfToken,
  sameOrigin,
  secureCookies,
  validCsrfToken,
} from "~/modules/staff/session.server"

import { CodeStepForm } from "./CodeStepForm"
import { knownDeviceOf, rememberKnownDevice } from "./known-device.server"
import { CODE_STEP_SECONDS, emailOf, forgetCodeStep, LOOPBACK, pendingCodeFor } from "./sign-in.server"

export const meta: MetaFunction = () => adminMeta("Admin Login")

const PRIVATE = { "Cache-Control": "private, no-store" }
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getAdminSession(request)
  const redirectTo = new URL(request.url).searchParams.get("redirectTo")
  if (isSignedIn(session)) throw redirect(afterLogin(redirectTo), { headers: PRIVATE })
  const notice = session.get("notice") ?? null
  const headers = new Headers(PRIVATE)
  if (notice) headers.append("Set-Cookie", await commitAdminSession(request, session))
  return data({ notice, redirectTo: redirectTo ? afterLogin(redirectTo) : null, codeFor: pendingCodeFor(session) }, { headers })
}

type LoginResult = {
  error: string | null
  errors: Partial<Record<"username" | "password" | "code", string>>
  username: string
  /** The code step is (still) open. */
  codeStep: boolean
}

export async function action({ request, context }: ActionFunctionArgs) {
  // A refused sign-in is an answer, not an HTTP error (the browser console stays clean); a forged form is a 403.
  const fail = (result: Partial<LoginResult>, status = 200, headers: Record<string, string> = {}) =>
    data<LoginResult>(
      { error: null, errors: {}, username: "", codeStep: false, ...result },
      { status, headers: { ...PRIVATE, ...headers } }
    )

  if (!sameOrigin(request)) return fail({ error: FORM_EXPIRED_MESSAGE }, 403)
  const session = await getAdminSession(request)
  const form = await request.formData()
  const username = String(form.get("username") ?? "").slice(0, 254)
  if (!validCsrfToken(session, form.get("csrf"))) return fail({ error: FORM_EXPIRED_MESSAGE, username }, 403)
  const intent = String(form.get("intent") ?? "sign-in")
  const backToLogin = (notice?: string) => {
    const target = new URL(request.url)
    target.search = form.get("redirectTo") ? `?redirectTo=${encodeURIComponent(afterLogin(form.get("redirectTo")))}` : ""
    if (notice) session.flash("notice", notice)
    return commitAdminSession(request, session).then((cookie) =>
      redirect(`${target.pathname}${target.search}`, { headers: { ...PRIVATE, "Set-Cookie": cookie } })
    )
  }

  if (intent === "cancel") {
    forgetCodeStep(session)
    return backToLogin()
  }

  // In production the session cookie is Secure: over plain HTTP (except on this machine) the browser would drop it.
  const host = new URL(request.url).hostname
  if (secureCookies(request) && !isSecureRequest(request) && !LOOPBACK.has(host)) {
    return fail({ error: "Staff sign-in needs a secure (HTTPS) connection.", username })
  }

  // The backend limits sign-ins per client: it counts the visitor, not this server; a known browser keeps signing in.
  const marker = await knownDeviceOf(request)
  const headers = { ...shopperHeaders(context), ...(marker ? { "x-known-device": marker } : {}) }
  let answer: StaffSignIn

  if (intent === "code") {
    const email = pendingCodeFor(session)
    if (email === null) {
      forgetCodeStep(session)
      return fail({ error: `This sign-in has expired. ${SIGN_IN_AGAIN}` }, 200, {
        "Set-Cookie": await commitAdminSession(request, session),
      })
    }
    const code = totpCodeField.safeParse(String(form.get("code") ?? ""))
    if (!code.success) return fail({ errors: { code: code.error.issues[0].message }, codeStep: true })
    try {
      answer = await staffSignInCode(session.get("mfaToken")!, code.data, headers)
    } catch (error) {
      const failure = failureOf(error)
      if (failure.kind === "response" && failure.status < 500) {
        // A stale or over-tried sign-in starts again with the password; a wrong code stays on this step.
        if (failure.detail?.endsWith(SIGN_IN_AGAIN)) {
          forgetCodeStep(session)
          return fail({ error: failure.detail }, 200, { "Set-Cookie": await commitAdminSession(request, session) })
        }
        if (failure.status === 401) return fail({ errors: { code: failure.detail ?? "That code is not right." }, codeStep: true })
        return fail({ error: failure.detail || "Invalid code", codeStep: true })
      }
      logFailure("sign-in code", error)
      return fail({
        error: failure.kind === "network" ? "Network error. Please check your connection." : "An unexpected error occurred.",
        codeStep: true,
      })
    }
  } else {
    const parsed = tokenSchema.safeParse({ username: form.get("username") ?? "", password: form.get("password") ?? "" })
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error) as LoginResult["errors"]
      return fail({ errors, username })
    }
    try {
      answer = await staffSignIn(parsed.data, headers)
    } catch (error) {
      const failure = failureOf(error)
      if (failure.kind === "response") {
        if (failure.status >= 500) logFailure("sign-in", error)
        return fail({ error: failure.detail || "Invalid credentials", username })
      }
      logFailure("sign-in", error)
      if (failure.kind === "network") return fail({ error: "Network error. Please check your connection.", username })
      return fail({ error: "An unexpected error occurred.", username })
    }
    if (answer.kind === "code") {
      session.set("mfaToken", answer.mfaToken)
      session.set("mfaEmail", parsed.data.username)
      session.set("mfaUntil", Date.now() + CODE_STEP_SECONDS * 1000)
      return backToLogin()
    }
  }
  if (answer.kind !== "tokens") return fail({ error: "An unexpected error occurred." })

  // A new anti-forgery token with every sign-in: a token seen before signing in is worth nothing after.
  const email = session.get("mfaEmail") || username
  forgetCodeStep(session)
  session.set("csrf", newCsrfToken())
  session.set("access", answer.access)
  session.set("refresh", answer.refresh)
  session.set("email", emailOf(answer.access, email))
  session.set("expiresAt", Date.now() + ADMIN_SESSION_SECONDS * 1000)
  const cookies = new Headers(PRIVATE)
  cookies.append("Set-Cookie", await commitAdminSession(request, session))
  const remembered = answer.knownDevice ? await rememberKnownDevice(request, answer.knownDevice) : null
  if (remembered) cookies.append("Set-Cookie", remembered)
  return redirect(afterLogin(form.get("redirectTo")), { headers: cookies })
}

export default function AdminLogin() {
  const { notice, redirectTo, codeFor } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const formRef = useRef<HTMLFormElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  const submitting = navigation.state === "submitting"
  const codeStep = codeFor !== null && (!result || result.codeStep)

  useEffect(() => {
    if (!result) return
    if (!focusFirstInvalid(formRef.current)) alertRef.current?.querySelector<HTMLElement>("[role=alert]")?.focus()
  }, [result])

  return (
    <section className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-extrabold tracking-tight">Admin Login</h1>
      {codeStep ? (
        <p className="mt-1 text-sm text-slate-600">
          Two-step sign-in for <strong className="text-slate-800">{codeFor}</strong>: open your authenticator app and enter the 6-digit code
          it shows for Harbor Health Pharmacy.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">For pharmacy staff. Sign in with your staff email and password.</p>
      )}
      {notice ? (
        <div className="mt-4">
          <FormAlert message={notice} tone="success" />
        </div>
      ) : null}
      <div ref={alertRef} className="mt-4 empty:hidden">
        {result?.error ? <FormAlert message={result.error} /> : null}
      </div>
      {codeStep ? (
        <CodeStepForm formRef={formRef} redirectTo={redirectTo} submitting={submitting} error={result?.errors?.code} />
      ) : (
        <Form ref={formRef} method="post" noValidate className="mt-4 space-y-4">
          <CsrfField />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <TextField
            id="username"
            name="username"
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            defaultValue={result?.username ?? ""}
            error={result?.errors?.username}
          />
          <TextField
            id="password"
            name="password"
            type="password"
            label="Password"
            autoComplete="current-password"
            required
            error={result?.errors?.password}
          />
          <button type="submit" className={`${buttonClass} w-full py-3`} disabled={submitting}>
            {submitting ? "Signing in..." : "Login"}
          </button>
        </Form>
      )}
    </section>
  )
}
