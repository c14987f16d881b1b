import { Form, useActionData, useNavigation } from "@remix-run/react"
import type { OrderStatusDocument } from "@shared/dto/order-status"
import { DOCUMENT_HINT } from "@shared/prescription-documents"

import { describedBy, FieldError, FieldHint } from "~/components/form-fields"
import { orderDateText } from "~/modules/orders/order-status"

import type { UploadAnswer } from "./documents.server"

const FIELD = "prescription-document"

/**
 * The patient's prescription documents on their status page (issue 24): the ones sent, by name and
 * date, and, while the review awaits the prescription, a form to send one (a multipart POST to this
 * page: it works without JavaScript). The backend checks the file; its refusal is shown beside the field.
 */
export function PrescriptionDocuments({ documents, acceptsDocuments }: { documents: OrderStatusDocument[]; acceptsDocuments: boolean }) {
  const answer = useActionData<UploadAnswer>()
  const sending = useNavigation().state === "submitting"
  const error = answer?.error ?? null
  return (
    <div className="mt-4 border-t border-slate-200 pt-4" data-testid="prescription-documents">
      <h3 className="font-bold">Your prescription documents</h3>
      {documents.length ? (
        <ul className="mt-2 space-y-1 text-sm" data-testid="uploaded-documents">
          {documents.map((document, index) => (
            <li key={`${document.uploaded_at}-${index}`}>
              <span className="font-semibold">{document.file_name}</span>, sent on {orderDateText(document.uploaded_at)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No document sent yet.</p>
      )}
      {answer?.uploaded ? (
        <p role="status" className="mt-3 rounded-xl bg-brand-50 p-3 text-sm font-semibold text-brand-900" data-testid="upload-success">
          Thank you: we received {answer.uploaded}. Our pharmacist will look at it.
        </p>
      ) : null}
      {acceptsDocuments ? (
        <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3" data-testid="upload-form">
          <div>
            <label htmlFor={FIELD} className="field-label block">
              Send a prescription (a photo or a scan)
            </label>
            <FieldHint id={FIELD}>{DOCUMENT_HINT}</FieldHint>
            <input
              id={FIELD}
              name="document"
              type="file"
              required
              accept=".pdf,.jpg,.jpeg,.png,.heic,application/pdf,image/jpeg,image/png,image/heic"
              aria-describedby={describedBy(FIELD, DOCUMENT_HINT, error)}
              aria-invalid={error ? true : undefined}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the form was sent and refused: the field with the error
              autoFocus={Boolean(error)}
              className="mt-2 block w-full text-sm"
            />
            <FieldError id={FIELD} error={error} />
          </div>
          <button type="submit" className="btn-primary" disabled={sending}>
            {sending ? "Sending…" : "Send the document"}
          </button>
        </Form>
      ) : null}
    </div>
  )
}
