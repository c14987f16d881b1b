import type { MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"

import { PRESCRIPTION_MODULE } from "../../../../modules/prescription"
import type PrescriptionModuleService from "../../../../modules/prescription/service"
import type { PrescriptionRequestView } from "../../../../shared/dto/prescriptions"
import { notFound } from "../../../utils/api-errors"
import type { StaffRequest } from "../../../utils/api-request"
import { isoDate } from "../../../utils/iso-date"

/**
 * GET /api/prescription-requests/{id}/ (pharmacists): the whole request, health
 * fields included. Every read writes an audit entry naming the staff member;
 * the answer lists the request's audit trail, newest first.
 */
export async function GET(req: StaffRequest, res: MedusaResponse) {
  const prescriptions = req.scope.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
  let view: Awaited<ReturnType<PrescriptionModuleService["readRequestAsStaff"]>>
  try {
    view = await prescriptions.readRequestAsStaff(req.params.id, req.staff!.user_id)
  } catch (error) {
    if (MedusaError.isMedusaError(error) && (error as MedusaError).type === MedusaError.Types.NOT_FOUND)
      throw notFound("Prescription request")
    throw error
  }
  const audit = await prescriptions.listPrescriptionAuditEntries(
    { subject_type: "prescription_request", subject_id: view.id },
    { order: { created_at: "DESC" }, take: 50 }
  )
  const emails = await staffEmails(req, [...audit.map((entry) => entry.actor_id), ...(view.reviewed_by ? [view.reviewed_by] : [])])
  const body: PrescriptionRequestView = {
    ...view,
    created_at: isoDate(view.created_at),
    reviewed_at: view.reviewed_at ? isoDate(view.reviewed_at) : null,
    reviewed_by_email: view.reviewed_by ? (emails.get(view.reviewed_by) ?? null) : null,
    audit: audit.map((entry) => ({
      action: entry.action,
      actor_id: entry.actor_id,
      actor_email: emails.get(entry.actor_id) ?? null,
      created_at: isoDate(entry.created_at),
    })),
  }
  res.json(body)
}

/** Staff emails by user id (removed staff have none). */
async function staffEmails(req: StaffRequest, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)]
  if (!unique.length) return new Map()
  const users = await req.scope.resolve(Modules.USER).listUsers({ id: unique }, { select: ["id", "email"] })
  return new Map(users.map((user) => [user.id, user.email]))
}
