/**
 * The pharmacist role on the legacy /api (decision 0041): after `requireStaff`, prescription
 * data and decisions are refused with 403 to staff without the role, and (decision 0044) to a
 * pharmacist whose session did not pass two-step sign-in, with a message pointing to the staff
 * area's Security page. Every refusal is audited (who, when, what was asked). The prescription
 * module checks both again where it decrypts, so a route that forgot this middleware still
 * answers 403, not health information.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { phiSubjectOfPath } from "../../lib/staff-request-context"
import { PRESCRIPTION_MODULE } from "../../modules/prescription"
import type PrescriptionModuleService from "../../modules/prescription/service"
import { PHARMACISTS_ONLY } from "../../modules/prescription/service"
import { MFA_REQUIRED_FOR_PHI } from "../../shared/staff-security"
import { ApiError } from "./api-errors"
import type { StaffRequest } from "./api-request"

const prescriptions = (req: MedusaRequest) => req.scope.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)

/** A pharmacist whose session passed two-step sign-in: may read health information now. */
export async function isPharmacist(req: StaffRequest): Promise<boolean> {
  return req.staff?.mfa_verified === true && (await prescriptions(req).isPharmacist(req.staff.user_id))
}

export async function requirePharmacist(req: StaffRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  if (!req.staff) throw new ApiError(401, "Authentication credentials were not provided.")
  const role = await prescriptions(req).isPharmacist(req.staff.user_id)
  const refusal = !role
    ? { reason: "not_pharmacist" as const, message: PHARMACISTS_ONLY }
    : req.staff.mfa_verified !== true
      ? { reason: "mfa_required" as const, message: MFA_REQUIRED_FOR_PHI }
      : null
  if (refusal) {
    const path = req.originalUrl ?? req.url ?? ""
    await prescriptions(req).auditRefusal(req.staff.user_id, {
      ...phiSubjectOfPath(path),
      reason: refusal.reason,
      method: req.method,
      path,
    })
    throw new ApiError(403, refusal.message)
  }
  next()
}

/** `requirePharmacist` for the requests `when` picks (e.g. one filter of a list every staff member may read). */
export function requirePharmacistWhen(when: (req: MedusaRequest) => boolean) {
  return async function requirePharmacistFor(req: StaffRequest, res: MedusaResponse, next: MedusaNextFunction) {
    if (!when(req)) return next()
    await requirePharmacist(req, res, next)
  }
}
