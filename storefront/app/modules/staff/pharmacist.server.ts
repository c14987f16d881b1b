/**
 * The prescription review is for pharmacists (decision 0041) whose session passed two-step
 * sign-in (decision 0044): the backend answers 403 to everyone else, and these pages then say
 * why instead of failing.
 */
import { MFA_REQUIRED_FOR_PHI } from "@shared/staff-security"

import type { Failure } from "~/lib/backend-errors.server"

export const NOT_A_PHARMACIST =
  "Prescription review is open to pharmacists only. Your account does not have the pharmacist role: ask an administrator to grant it."

/** True when the backend refused the call because the staff member may not see prescriptions (403). */
export const refusedToNonPharmacist = (failure: Failure) => failure.kind === "response" && failure.status === 403

/** What to tell a staff member the backend refused: set up two-step sign-in, or not a pharmacist. */
export const pharmacistRefusal = (failure: Failure) =>
  failure.kind === "response" && failure.detail === MFA_REQUIRED_FOR_PHI ? MFA_REQUIRED_FOR_PHI : NOT_A_PHARMACIST
