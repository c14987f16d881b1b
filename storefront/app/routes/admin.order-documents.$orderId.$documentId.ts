/**
 * `/admin/order-documents/<order number>/<document id>`: a prescription document the patient
 * uploaded, downloaded by a pharmacist from the order's page (issue 24). The backend's answer is
 * streamed as it came (the file, its type, `Content-Disposition: attachment`), never cached and
 * never sniffed; the backend checks the role and audits the download. A refusal is a short text.
 */
import type { LoaderFunctionArgs } from "@remix-run/node"

import { failureOf } from "~/lib/backend-errors.server"
import { requireAdmin } from "~/lib/data/staff/client.server"
import { downloadOrderPrescriptionDocument } from "~/lib/data/staff/orders.server"

const PASSED_ON = ["content-type", "content-length", "content-disposition"]

const refusal = (status: number, message: string) =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request)
  let answer: Response
  try {
    answer = await downloadOrderPrescriptionDocument(admin, params.orderId ?? "", params.documentId ?? "")
  } catch (error) {
    const failure = failureOf(error)
    if (failure.kind === "response" && failure.status === 403) {
      return refusal(403, failure.detail ?? "Only pharmacists may download prescription documents.")
    }
    if (failure.kind === "response" && failure.status === 404) return refusal(404, "This document was not found.")
    return refusal(503, "The document could not be downloaded just now. Please try again.")
  }
  const headers = await admin.headers()
  for (const name of PASSED_ON) {
    const value = answer.headers.get(name)
    if (value) headers.set(name, value)
  }
  if (!headers.get("content-disposition")?.startsWith("attachment")) headers.set("Content-Disposition", "attachment")
  headers.set("Cache-Control", "private, no-store")
  headers.set("X-Content-Type-Options", "nosniff")
  return new Response(answer.body, { status: 200, headers })
}
