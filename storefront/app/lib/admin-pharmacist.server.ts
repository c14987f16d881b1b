/**
 * The prescription review is for pharmacists (decision 0041): the backend
 * answers 403 to other staff, and these pages then say so instead of failing.
 */
import type { Failure } from "./data/staff.server"

export const NOT_A_PHARMACIST =
  "Prescription review is open to pharmacists only. Your account does not have the pharmacist role: ask an administrator to grant it."

/** True when the backend refused the call because the staff member is not a pharmacist. */
export const refusedToNonPharmacist = (failure: Failure) => failure.kind === "response" && failure.status === 403
