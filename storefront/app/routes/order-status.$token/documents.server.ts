/**
 * The status page's upload of a prescription document (issue 24): the form's multipart POST, sent
 * on to the backend (`uploadPrescriptionDocument`), which alone decides whether the order takes one
 * and checks the file's type from its content. Works without JavaScript: the page is rendered again
 * with the answer (the error beside the field, or the name of the file received).
 */
import { type AppLoadContext, data } from "@remix-run/node"
import { DOCUMENT_MISSING_MESSAGE, DOCUMENT_SIZE_MESSAGE, MAX_DOCUMENT_BYTES } from "@shared/prescription-documents"

import { uploadPrescriptionDocument } from "~/lib/data/orders.server"
import { MedusaApiError } from "~/lib/medusa.server"
import { shopperHeaders } from "~/lib/shopper.server"
import { ORDER_PAGE_HEADERS } from "~/modules/orders/order-status"

export type UploadAnswer = { uploaded: string; error?: undefined } | { error: string; uploaded?: undefined }

const answer = (value: UploadAnswer, status = 200) => data(value, { status, headers: ORDER_PAGE_HEADERS })

export const UPLOAD_FAILED_MESSAGE = "The file could not be sent just now. Please try again in a few minutes."

/** The upload's answer; throws the backend's 404 (a link that opens nothing) for the page's error boundary to show. */
export async function uploadDocument(request: Request, token: string, context: AppLoadContext, notFound: () => never) {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return answer({ error: DOCUMENT_MISSING_MESSAGE }, 400)
  }
  const file = form.get("document")
  if (!(file instanceof File) || file.size === 0) return answer({ error: DOCUMENT_MISSING_MESSAGE }, 400)
  if (file.size > MAX_DOCUMENT_BYTES) return answer({ error: DOCUMENT_SIZE_MESSAGE }, 413)
  try {
    const document = await uploadPrescriptionDocument(token, file, shopperHeaders(context))
    return answer({ uploaded: document.file_name }, 201)
  } catch (error) {
    if (error instanceof MedusaApiError && error.status === 404) notFound()
    if (error instanceof MedusaApiError && error.status && error.status < 500) return answer({ error: error.message }, error.status)
    console.error(`Order status: document upload failed: ${error instanceof Error ? error.message : String(error)}`)
    return answer({ error: UPLOAD_FAILED_MESSAGE }, 503)
  }
}
