/**
 * Security (/admin/security, decision 0044): two-step sign-in for the signed-in staff member.
 * "Set up" asks the backend for a new authenticator-app secret (POST /api/mfa/totp/) and shows
 * it as text, in groups of four, with its otpauth:// link (no QR code library here: apps
 * accept the typed secret); the first code from the app turns it on (POST .../verify/), and
 * this session then counts as verified, so a pharmacist can open prescriptions at once. From
 * then on every sign-in asks for a code. Plain forms: works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node"
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react"
import { totpCodeField } from "@shared/schemas/token"
import { useEffect, useRef } from "react"

import { FormAlert, TextField } from "~/components/form-fields"
import { TitledSection } from "~/components/TitledSection"
import { failureDetail } from "~/lib/backend-errors.server"
import { getMfaStatus, startTotpSetup, type TotpSetup, verifyTotpSetup } from "~/lib/data/staff/auth.server"
import { attempt, requireAdmin, requireAdminAction } from "~/lib/data/staff/client.server"
import { buttonClass } from "~/modules/staff/button-styles"
import { CsrfField } from "~/modules/staff/CsrfField"
import { DashboardLink } from "~/modules/staff/DashboardLink"
import { adminMeta } from "~/modules/staff/meta"

export const meta: MetaFunction = () => adminMeta("Security")

const PAGE = "/admin/security"

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  const status = await attempt("reading two-step sign-in", () => getMfaStatus(admin))
  return admin.data({
    email: admin.email,
    status: status.ok ? status.value : null,
    error: status.ok ? null : "Failed to load your sign-in settings",
    notice: admin.takeNotice(),
  })
}

type ActionResult = {
  /** The secret being enrolled, shown again after a wrong code. */
  setup: TotpSetup | null
  error: string | null
  codeError: string | null
}

/** The setup as the page's hidden fields carried it back (the backend checks the factor is the caller's). */
function setupFrom(form: FormData): TotpSetup | null {
  const [factor_id, secret, otpauth_url] = ["factor_id", "secret", "otpauth_url"].map((name) => String(form.get(name) ?? ""))
  if (!/^[\w-]{1,100}$/.test(factor_id) || !/^[A-Z2-7]{16,128}$/.test(secret) || !otpauth_url.startsWith("otpauth://totp/")) return null
  return { factor_id, secret, otpauth_url }
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request)
  const form = await request.formData()
  admin.checkCsrf(form)
  const answer = (result: Partial<ActionResult>) => admin.data<ActionResult>({ setup: null, error: null, codeError: null, ...result })

  if (form.get("intent") === "start") {
    const started = await attempt("starting two-step sign-in", () => startTotpSetup(admin))
    if (!started.ok) return answer({ error: failureDetail(started.failure) ?? "Failed to start the setup" })
    return answer({ setup: started.value })
  }

  if (form.get("intent") === "verify") {
    const setup = setupFrom(form)
    if (!setup) return answer({ error: "This setup form is incomplete. Start the setup again." })
    const code = totpCodeField.safeParse(String(form.get("code") ?? ""))
    if (!code.success) return answer({ setup, codeError: code.error.issues[0].message })
    const verified = await attempt("turning on two-step sign-in", () => verifyTotpSetup(admin, setup.factor_id, code.data))
    if (!verified.ok) {
      const detail = failureDetail(verified.failure)
      if (verified.failure.kind === "response" && verified.failure.status === 400) return answer({ setup, codeError: detail })
      return answer({ error: detail ?? "Failed to turn on two-step sign-in" })
    }
    return admin.redirect(PAGE, "Two-step sign-in is on. From now on, every sign-in asks for a code from your authenticator app.")
  }
  return admin.redirect(PAGE)
}

/** The secret as people type it: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret

export default function Security() {
  const { email, status, error, notice } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy = navigation.state !== "idle"
  const setupHeading = useRef<HTMLHeadingElement>(null)
  const setup = result?.setup ?? null

  // A new setup: move to its instructions (the button that started it is gone).
  useEffect(() => {
    if (setup && !result?.codeError) setupHeading.current?.focus()
  }, [setup, result])

  return (
    <div className="max-w-2xl">
      <h1 className="page-title">Security</h1>
      <p className="mt-1 text-slate-600">Sign-in settings for {email}.</p>
      <div className="mt-4 space-y-3 empty:hidden">
        {notice ? <FormAlert message={notice} tone="success" /> : null}
        {error ? <FormAlert message={error} /> : null}
        {result?.error ? <FormAlert message={result.error} focusKey={result} /> : null}
      </div>

      <TitledSection
        id="two-step-heading"
        title="Two-step sign-in"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        {status?.enabled ? (
          <div className="mt-2 space-y-2 text-sm text-slate-700" data-testid="two-step-on">
            <p>
              <strong>On.</strong> Every sign-in asks for the 6-digit code from your authenticator app after your password.
            </p>
            {!status.session_verified ? <p>This session was opened without a code: sign out and sign in again to use it.</p> : null}
            <p>Lost the phone with the app? Ask an administrator to reset your two-step sign-in, then set it up again here.</p>
          </div>
        ) : status ? (
          <div className="mt-2 space-y-3 text-sm text-slate-700">
            <p>
              <strong>Off.</strong> With two-step sign-in, your password alone no longer opens the staff area: each sign-in also needs a
              code from an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).
            </p>
            {status.pharmacist ? (
              <p className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-amber-900" role="note">
                Pharmacists must use two-step sign-in to see prescription information.
              </p>
            ) : null}
            {setup ? null : (
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="intent" value="start" />
                <button type="submit" className={buttonClass} disabled={busy}>
                  Set up two-step sign-in
                </button>
              </Form>
            )}
          </div>
        ) : null}

        {setup && !status?.enabled ? (
          <div className="mt-6 border-t border-slate-200 pt-6">
            <h3 ref={setupHeading} tabIndex={-1} className="font-bold">
              Add this account to your authenticator app
            </h3>
            <ol className="mt-2 list-decimal space-y-3 pl-5 text-sm text-slate-700">
              <li>
                In the app, add an account and choose to enter a setup key (time-based). Use this key:
                <p className="mt-2">
                  <code data-testid="totp-secret" className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-base tracking-wider text-ink">
                    {grouped(setup.secret)}
                  </code>
                </p>
                <p className="mt-2 break-all text-slate-600">
                  Or, on the phone, open this link:{" "}
                  <a href={setup.otpauth_url} className="font-semibold text-brand-800 underline">
                    {setup.otpauth_url}
                  </a>
                </p>
              </li>
              <li>Enter the 6-digit code the app now shows for Harbor Health Pharmacy.</li>
            </ol>
            <Form method="post" noValidate className="mt-4 space-y-4">
              <CsrfField />
              <input type="hidden" name="intent" value="verify" />
              <input type="hidden" name="factor_id" value={setup.factor_id} />
              <input type="hidden" name="secret" value={setup.secret} />
              <input type="hidden" name="otpauth_url" value={setup.otpauth_url} />
              <TextField
                id="code"
                name="code"
                label="Code from the app"
                inputMode="numeric"
                autoComplete="one-time-code"
                spellCheck={false}
                maxLength={12}
                required
                focusOnLoad={Boolean(result?.codeError)}
                error={result?.codeError}
              />
              <button type="submit" className={buttonClass} disabled={busy}>
                Turn on two-step sign-in
              </button>
            </Form>
          </div>
        ) : null}
      </TitledSection>
      <DashboardLink className="mt-6 text-sm" />
    </div>
  )
}
