/**
 * The one place that tells what a failed backend call was, for every caller (shopper pages,
 * forms, the staff area): an error answer (its status and the backend's own message, if it
 * sent one), no answer at all (down, unreachable, timed out), or anything else (a bug).
 */
import { FetchError } from "@medusajs/js-sdk"

/** Why a backend call failed, in the terms of spec §8: a response (status, detail), no response, or anything else. */
export type Failure = { kind: "response"; status: number; detail: string | null } | { kind: "network" } | { kind: "unexpected" }

/** The backend gave no answer at all (down, unreachable, timed out), as opposed to an error answer. */
export function noBackendAnswer(error: unknown): boolean {
  if (error instanceof FetchError) return false
  const name = (error as { name?: string } | null)?.name
  return error instanceof TypeError || name === "TimeoutError" || name === "AbortError"
}

/** A message the backend sent with its refusal, else null (the SDK falls back to the status text when the body had none). */
export function backendMessage(error: unknown): string | null {
  if (!(error instanceof FetchError)) return null
  const message = error.message?.trim()
  return message && message !== error.statusText ? message : null
}

export function failureOf(error: unknown): Failure {
  if (error instanceof FetchError && typeof error.status === "number")
    return { kind: "response", status: error.status, detail: backendMessage(error) }
  if (noBackendAnswer(error)) return { kind: "network" }
  return { kind: "unexpected" }
}

/** What to show after a spec message for a failed write: the backend's reason, or that it did not answer. */
export function failureDetail(failure: Failure): string | null {
  if (failure.kind === "response") return failure.detail
  if (failure.kind === "network") return "The store backend did not answer. Please try again."
  return null
}

/**
 * Runs a backend call for a page's loader and turns failures into HTTP responses that the
 * route error boundaries know how to show: 404 stays 404, an unreachable or failing backend
 * becomes 503 ("the store is unavailable"), never a stack trace.
 */
export async function fromBackend<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof FetchError && error.status === 404) {
      throw new Response("Not Found", { status: 404 })
    }
    if (error instanceof FetchError && error.status && error.status < 500) throw error
    console.error(`Backend call failed: ${error instanceof Error ? error.message : String(error)}`)
    throw new Response("The store backend is unavailable", { status: 503 })
  }
}
