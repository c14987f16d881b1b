/**
 * One prescription request (issue 7): the whole form, health fields included
 * — the only staff page that shows them. Every display is an audited read
 * (GET /api/prescription-requests/{id}/ writes the entry); the page lists the
 * request's audit trail. A pharmacist approves or rejects it with a note.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node"
import { Link, type ShouldRevalidateFunction, useActionData, useLoaderData, useNavigation } from "@remix-run/react"
import { fieldErrors } from "@shared/schemas/fields"
import { prescriptionReviewSchema } from "@shared/schemas/prescription-review"

import { FormAlert } from "~/components/form-fields"
import { failureDetail } from "~/lib/backend-errors.server"
import { attempt, requireAdmin, requireAdminAction } from "~/lib/data/staff/client.server"
import { getPrescriptionRequest, reviewPrescriptionRequest } from "~/lib/data/staff/prescriptions.server"
import { formatStaffDateTime } from "~/modules/staff/dates.server"
import { CONTACT_FIELDS, formTypeLabel, HEALTH_FIELDS, presentFields, requestStatusLabel } from "~/modules/staff/format"
import { adminMeta } from "~/modules/staff/meta"
import { NotPharmacist } from "~/modules/staff/NotPharmacist"
import { pharmacistRefusal, refusedToNonPharmacist } from "~/modules/staff/pharmacist.server"
import { ReviewForm } from "~/modules/staff/ReviewForm"

export const meta: MetaFunction = () => adminMeta("Prescription Request")

/**
 * A refused decision (no note, already decided) changes nothing: the page is
 * not read again, so the audit log holds no read that nobody asked for.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult ? false : defaultShouldRevalidate

const AUDIT_ACTION: Record<string, string> = { read: "Opened", approve: "Approved", reject: "Rejected", refused: "Tried to open (refused)" }

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  const id = params.id ?? ""
  const found = await attempt("reading a prescription request", () => getPrescriptionRequest(admin, id))
  if (!found.ok) {
    if (found.failure.kind === "response" && found.failure.status === 404) {
      throw new Response("Prescription request not found", { status: 404, headers: await admin.headers() })
    }
    if (refusedToNonPharmacist(found.failure)) return admin.data({ notPharmacist: pharmacistRefusal(found.failure) } as const)
    throw new Response("The store backend is unavailable", { status: 503, headers: await admin.headers() })
  }
  const view = found.value
  // Both form types' fields, looked up by name: the fields a request's form type lacks are left out.
  const form: Record<string, unknown> = view.form
  return admin.data({
    id: view.id,
    formType: formTypeLabel(view.form_type),
    status: view.status,
    statusLabel: requestStatusLabel(view.status),
    name: view.name,
    email: view.email,
    submitted: formatStaffDateTime(view.created_at),
    reviewed: view.reviewed_at ? { at: formatStaffDateTime(view.reviewed_at), by: view.reviewed_by_email, note: view.review_note } : null,
    contact: presentFields(form, CONTACT_FIELDS),
    health: presentFields(form, HEALTH_FIELDS),
    audit: view.audit.map((entry) => ({
      action: AUDIT_ACTION[entry.action] ?? entry.action,
      by: entry.actor_email ?? "A removed staff account",
      at: formatStaffDateTime(entry.created_at),
    })),
    notice: admin.takeNotice(),
  })
}

type ReviewResult = { note: string; error: string | null; formError: { message: string; detail: string | null } | null }

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request)
  const form = await request.formData()
  admin.checkCsrf(form)
  const id = params.id ?? ""
  const note = String(form.get("note") ?? "")
  const parsed = prescriptionReviewSchema.safeParse({ decision: form.get("decision") ?? undefined, note })
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error)
    return admin.data<ReviewResult>({
      note,
      error: errors.note ?? null,
      formError: errors.decision ? { message: errors.decision, detail: null } : null,
    })
  }
  const decided = await attempt("deciding on a prescription request", () => reviewPrescriptionRequest(admin, id, parsed.data))
  if (!decided.ok) {
    return admin.data<ReviewResult>({
      note,
      error: null,
      formError: { message: "The decision was not saved", detail: failureDetail(decided.failure) },
    })
  }
  return admin.redirect(
    `/admin/prescriptions/${encodeURIComponent(id)}`,
    parsed.data.decision === "approved" ? "Prescription request approved" : "Prescription request rejected"
  )
}

export default function PrescriptionRequestPage() {
  const data = useLoaderData<typeof loader>()
  const review = useActionData<typeof action>()
  const navigation = useNavigation()
  if ("notPharmacist" in data) {
    return (
      <div className="mx-auto max-w-4xl">
        <h1 className="page-title">Prescription Request</h1>
        <NotPharmacist message={data.notPharmacist} />
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-4xl">
      <p className="text-sm">
        <Link to="/admin/prescriptions" className="font-semibold text-brand-800 underline">
          ← All prescription requests
        </Link>
      </p>
      <h1 className="page-title mt-3">Prescription Request</h1>
      <p className="mt-1 text-slate-700">
        {data.formType} · submitted {data.submitted} ·{" "}
        <span data-testid="request-status" className="font-semibold">
          {data.statusLabel}
        </span>
      </p>
      <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        Health information. Every opening of this page is recorded with your name.
      </p>

      <div className="mt-4" aria-live="polite">
        {data.notice ? <FormAlert message={data.notice} tone="success" /> : null}
      </div>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Section title="Contact" fields={data.contact} />
        <Section title="Health information" fields={data.health} />
      </div>

      <section aria-labelledby="decision-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5">
        {data.reviewed ? (
          <>
            <h2 id="decision-heading" className="text-lg font-bold">
              Decision
            </h2>
            <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-600">Decision</dt>
                <dd className="font-semibold">{data.statusLabel}</dd>
              </div>
              <div>
                <dt className="text-slate-600">By</dt>
                <dd>{data.reviewed.by ?? "—"}</dd>
              </div>
              <div>
                <dt className="text-slate-600">When</dt>
                <dd>{data.reviewed.at}</dd>
              </div>
              <div className="sm:col-span-3">
                <dt className="text-slate-600">Note</dt>
                <dd data-testid="review-note">{data.reviewed.note || "—"}</dd>
              </div>
            </dl>
          </>
        ) : (
          <ReviewForm
            idPrefix="request-review"
            legend="Decision"
            note={review?.note}
            error={review?.error}
            formError={review?.formError}
            submitting={navigation.state === "submitting"}
          />
        )}
      </section>

      <section aria-labelledby="audit-heading" className="mt-6">
        <h2 id="audit-heading" className="text-lg font-bold">
          Audit trail
        </h2>
        <ol className="mt-2 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white text-sm" data-testid="audit-trail">
          {data.audit.map((entry, index) => (
            <li key={index} className="flex flex-wrap justify-between gap-2 px-4 py-2" data-testid="audit-entry">
              <span>
                <strong>{entry.action}</strong> by {entry.by}
              </span>
              <span className="text-slate-600">{entry.at}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}

function Section({ title, fields }: { title: string; fields: { key: string; label: string; value: string }[] }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 className="text-lg font-bold">{title}</h2>
      <dl className="mt-3 space-y-2 text-sm">
        {fields.map((field) => (
          <div key={field.key} className="grid grid-cols-[10rem_1fr] gap-3">
            <dt className="text-slate-600">{field.label}</dt>
            <dd className="break-words">{field.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
