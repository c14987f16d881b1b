import { Link } from "@remix-run/react"

import { FormAlert } from "~/components/form-fields"
import { TitledSection } from "~/components/TitledSection"
import { NotPharmacist } from "~/modules/staff/NotPharmacist"

import type { EvidenceSection } from "./order-evidence.server"

/**
 * What a pharmacist decides a held order on (issue 24): the prescription requests sent with the
 * order's email, newest first, each opened in place, the documents the patient uploaded (each a
 * download), and who decided what on the review, when.
 */
export function PrescriptionEvidence({ evidence }: { evidence: EvidenceSection }) {
  return (
    <TitledSection id="evidence-heading" level={3} title="Prescription evidence" className="mt-6" testId="prescription-evidence">
      {evidence.state === "refused" ? <NotPharmacist message={evidence.message} /> : null}
      {evidence.state === "failed" ? <FormAlert message="The prescription evidence could not be loaded. Please try again." /> : null}
      {evidence.state === "shown" ? (
        <>
          <h4 className="mt-3 font-semibold">Prescription requests sent with this email</h4>
          {evidence.requests.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              No prescription request was sent with this order&apos;s email. Ask the patient for information, or see all{" "}
              <Link to="/admin/prescriptions" className="font-semibold text-brand-800 underline">
                prescription requests
              </Link>
              .
            </p>
          ) : (
            <ul className="mt-2 space-y-2">
              {evidence.requests.map((request) => (
                <li key={request.id} className="rounded-xl border border-slate-200 bg-white" data-testid="evidence-request">
                  <details>
                    <summary className="cursor-pointer px-4 py-3 text-sm font-semibold">
                      {request.title}, {request.submitted} ({request.status})
                    </summary>
                    <dl className="space-y-2 border-t border-slate-200 px-4 py-3 text-sm">
                      {request.fields.map((field) => (
                        <div key={field.key} className="grid gap-1 sm:grid-cols-[12rem_1fr] sm:gap-3">
                          <dt className="text-slate-600">{field.label}</dt>
                          <dd className="break-words">{field.value}</dd>
                        </div>
                      ))}
                    </dl>
                    <p className="px-4 pb-3 text-sm">
                      <Link to={`/admin/prescriptions/${request.id}`} className="font-semibold text-brand-800 underline">
                        Open the request
                      </Link>
                    </p>
                  </details>
                </li>
              ))}
            </ul>
          )}
          <h4 className="mt-4 font-semibold">Documents from the patient</h4>
          {evidence.documents.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No document uploaded.</p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm" data-testid="evidence-documents">
              {evidence.documents.map((document) => (
                <li key={document.id} data-testid="evidence-document">
                  <a href={document.href} download className="font-semibold text-brand-800 underline">
                    {document.fileName}
                  </a>{" "}
                  ({document.kind}, {document.size}), uploaded {document.uploaded}
                </li>
              ))}
            </ul>
          )}
          <h4 className="mt-4 font-semibold">Review history</h4>
          {evidence.history.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No decision yet.</p>
          ) : (
            <ol className="mt-2 space-y-1 text-sm" data-testid="review-history">
              {evidence.history.map((entry) => (
                <li key={entry.key}>
                  {entry.at}: {entry.action}, by {entry.by}
                </li>
              ))}
            </ol>
          )}
        </>
      ) : null}
    </TitledSection>
  )
}
