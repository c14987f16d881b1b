/**
 * Who is asking, for the prescription module's own checks (decision 0044). `requireStaff` runs
 * the rest of a staff request of the legacy /api inside this context, so code that reads
 * health information deep inside a module or workflow can tell whether the staff member's
 * session passed two-step sign-in, and what was asked (for the audit of a refusal), without
 * every caller passing it along. Request-scoped (AsyncLocalStorage), never shared state.
 */
import { AsyncLocalStorage } from "node:async_hooks"

export type StaffRequestContext = {
  user_id: string
  /** The session was verified with a second factor. */
  mfa_verified: boolean
  method: string
  /** The path and query asked for. */
  path: string
}

const storage = new AsyncLocalStorage<StaffRequestContext>()

export function runAsStaffRequest<T>(context: StaffRequestContext, run: () => T): T {
  return storage.run(context, run)
}

/** The staff request being served, or undefined outside one (scripts, jobs, subscribers). */
export const currentStaffRequest = (): StaffRequestContext | undefined => storage.getStore()

export type PhiSubject = { subject_type: "prescription_request" | "order"; subject_id: string }

/** What a legacy /api path asks about: a prescription request or an order, one (its id) or a list ("*"). */
export function phiSubjectOfPath(path: string | undefined): PhiSubject {
  const segments = (path ?? "").split("?")[0].split("/").filter(Boolean)
  const [, collection, id] = segments
  const subject_type = collection === "orders" || collection === "order-queues" ? "order" : "prescription_request"
  let subject_id = id ?? "*"
  try {
    subject_id = decodeURIComponent(subject_id)
  } catch {
    // Kept as sent.
  }
  return { subject_type, subject_id }
}
