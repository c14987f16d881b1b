/**
 * The pharmacist role on the legacy /api (decision 0041): after `requireStaff`,
 * prescription data and decisions are refused with 403 to staff without the
 * role. The prescription module checks the role again where it decrypts, so a
 * route that forgot this middleware still answers 403, not health information.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PRESCRIPTION_MODULE } from "../../modules/prescription"
import type PrescriptionModuleService from "../../modules/prescription/service"
import { PHARMACISTS_ONLY } from "../../modules/prescription/service"
import { ApiError } from "./api-errors"
import type { StaffRequest } from "./api-request"

export async function isPharmacist(req: StaffRequest): Promise<boolean> {
  return await req.scope.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).isPharmacist(req.staff?.user_id)
}

export async function requirePharmacist(req: StaffRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  if (!req.staff) throw new ApiError(401, "Authentication credentials were not provided.")
  if (!(await isPharmacist(req))) throw new ApiError(403, PHARMACISTS_ONLY)
  next()
}

/** `requirePharmacist` for the requests `when` picks (e.g. one filter of a list every staff member may read). */
export function requirePharmacistWhen(when: (req: MedusaRequest) => boolean) {
  return async function requirePharmacistFor(req: StaffRequest, res: MedusaResponse, next: MedusaNextFunction) {
    if (!when(req)) return next()
    await requirePharmacist(req, res, next)
  }
}
