/**
 * Staff login (/admin, spec §2, §4, §5, §8): username and password, checked by
 * POST /api/token/. The tokens go into the server-side session cookie, never
 * to the page. Messages: the server's detail, else 'Invalid credentials'; no
 * answer 'Network error. Please check your connection.'; anything else 'An
 * unexpected error occurred.'
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node"
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react"
import { tokenSchema } from "@shared/schemas/token"
import { fieldErrors } from "@shared/schemas/fields"
import { useEffect, useRef } from "react"
import { CsrfField } from "~/components/admin/CsrfField"
import { buttonClass } from "~/components/admin/button-styles"
import { FormAlert, TextField, focusFirstInvalid } from "~/components/form-fields"
import { failureOf, logFailure } from "~/lib/data/staff.server"
import { adminMeta } from "~/lib/admin-meta"
import {
  ADMIN_SESSION_SECONDS,
  FORM_EXPIRED_MESSAGE,
  afterLogin,
  commitAdminSession,
  getAdminSession,
  isSignedIn,
  newCsrfToken,
  sameOrigin,
  secureCookies,
  validCsrfToken,
} from "~/lib/admin-session.server"
import { isSecureRequest } from "~/lib/age-gate.server"
import { sdk } from "~/lib/medusa.server"
import { shopperHeaders } from "~/lib/shopper.server"

export const meta: MetaFunction = () => adminMeta("Admin Login")

const PRIVATE = { "Cache-Control": "private, no-store" }

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getAdminSession(request)
  const redirectTo = new URL(request.url).searchParams.get("redirectTo")
  if (isSignedIn(session)) throw redirect(afterLogin(redirectTo), { headers: PRIVATE })
  const notice = session.get("notice") ?? null
  const headers = new Headers(PRIVATE)
  if (notice) headers.append("Set-Cookie", await commitAdminSession(request, session))
  return data({ notice, redirectTo: redirectTo ? afterLogin(redirectTo) : null }, { headers })
}

type LoginResult = { error: string | null; errors: Partial<Record<"username" | "password", string>>; username: string }

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"])

/** The email in the access token (display only; the backend checks every token). */
function emailOf(access: string, fallback: string): string {
  try {
    const claims = JSON.parse(Buffer.from(access.split(".")[1] ?? "", "base64url").toString("utf8"))
    return typeof claims.email === "string" ? claims.email : fallback
  } catch {
    return fallback
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  // A refused sign-in is an answer, not an HTTP error (the browser console stays clean); a forged form is a 403.
  const fail = (result: Partial<LoginResult>, status = 200) =>
    data<LoginResult>({ error: null, errors: {}, username: "", ...result }, { status, headers: PRIVATE })

  if (!sameOrigin(request)) return fail({ error: FORM_EXPIRED_MESSAGE }, 403)
  const session = await getAdminSession(request)
  const form = await request.formData()
  const username = String(form.get("username") ?? "").slice(0, 254)
  if (!validCsrfToken(session, form.get("csrf"))) return fail({ error: FORM_EXPIRED_MESSAGE, username }, 403)

  // In production the session cookie is Secure: over plain HTTP (except on this machine) the browser would drop it.
  const host = new URL(request.url).hostname
  if (secureCookies(request) && !isSecureRequest(request) && !LOOPBACK.has(host)) {
    return fail({ error: "Staff sign-in needs a secure (HTTPS) connection.", username })
  }

  const parsed = tokenSchema.safeParse({ username: form.get("username") ?? "", password: form.get("password") ?? "" })
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error) as LoginResult["errors"]
    return fail({ errors, username })
  }

  let tokens: { access: string; refresh: string }
  try {
    // The backend limits failed sign-ins per client: it counts the visitor, not this server.
    tokens = await sdk.client.fetch<{ access: string; refresh: string }>("/api/token/", {
      method: "POST",
      body: parsed.data,
      headers: shopperHeaders(context),
      signal: AbortSignal.timeout(15_000),
    })
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

  // A new anti-forgery token with every sign-in: a token seen before signing in is worth nothing after.
  session.set("csrf", newCsrfToken())
  session.set("access", tokens.access)
  session.set("refresh", tokens.refresh)
  session.set("email", emailOf(tokens.access, parsed.data.username))
  session.set("expiresAt", Date.now() + ADMIN_SESSION_SECONDS * 1000)
  return redirect(afterLogin(form.get("redirectTo")), {
    headers: { ...PRIVATE, "Set-Cookie": await commitAdminSession(request, session) },
  })
}

export default function AdminLogin() {
  const { notice, redirectTo } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const formRef = useRef<HTMLFormElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  const submitting = navigation.state === "submitting"

  useEffect(() => {
    if (!result) return
    if (!focusFirstInvalid(formRef.current)) alertRef.current?.querySelector<HTMLElement>("[role=alert]")?.focus()
  }, [result])

  return (
    <section className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-extrabold tracking-tight">Admin Login</h1>
      <p className="mt-1 text-sm text-slate-600">For pharmacy staff. Sign in with your staff email and password.</p>
      {notice ? (
        <div className="mt-4">
          <FormAlert message={notice} tone="success" />
        </div>
      ) : null}
      <div ref={alertRef} className="mt-4 empty:hidden">
        {result?.error ? <FormAlert message={result.error} /> : null}
      </div>
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
    </section>
  )
}
