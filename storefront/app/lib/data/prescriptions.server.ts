/**
 * Prescription requests (decision 0023, issue 13): the three forms' submissions go to the
 * Store API's `POST /store/prescription-requests` with the publishable key, validated there with
 * the same shared schema the forms' actions use, and limited per shopper: the caller passes
 * `shopperHeaders(context)` so the backend counts the shopper, not the storefront (0042).
 *
 * Failures are `MedusaApiError`s (app/lib/medusa.server.ts) with the status and Medusa's type:
 * 400 `invalid_data` (the submission), 429 `too_many_requests` (the per-shopper limit), other
 * statuses and types are the backend's; callers decide by those, never by message text.
 */
import type { PrescriptionRequestInput, PrescriptionRequestReceipt } from "@shared/schemas/prescription-request"

import { MedusaApiError, sdk } from "~/lib/medusa.server"

export type { PrescriptionRequestReceipt }

/** Storing a request encrypts it: a slower call than most. */
const SUBMIT_TIMEOUT_MS = 30_000

/** Sends a parsed request; answers the backend's receipt (201), or throws (MedusaApiError when it answered). */
export async function submitPrescriptionRequest(
  input: PrescriptionRequestInput,
  headers: Record<string, string> = {}
): Promise<PrescriptionRequestReceipt> {
  return sdk.client.fetch<PrescriptionRequestReceipt>("/store/prescription-requests", {
    method: "POST",
    body: input,
    headers,
    signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
  })
}

/**
 * The backend refused the call for a reason that is not the visitor's submission: a 400 whose
 * type is not `invalid_data` is Medusa's `not_allowed` for a missing or revoked publishable key,
 * i.e. the storefront's configuration.
 */
export function refusedForTheStore(error: unknown): boolean {
  return error instanceof MedusaApiError && error.status === 400 && error.type !== "invalid_data"
}
