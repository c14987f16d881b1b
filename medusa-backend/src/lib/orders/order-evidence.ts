/**
 * The prescription evidence of a held order, for the pharmacist deciding on it (issue 24): the
 * prescription requests sent with the order's email (found by the blind index, decrypted, each read
 * audited by the module), the documents the patient uploaded (metadata only: each download is its
 * own audited read) and the review's history (decisions and reopenings, who and when).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

import { PRESCRIPTION_MODULE } from "../../modules/prescription"
import type PrescriptionModuleService from "../../modules/prescription/service"
import type { OrderPrescriptionEvidence } from "../../shared/dto/prescriptions"
import { queryOrderByNumber } from "./staff-orders"

/** The audit actions that make a review's history. */
const REVIEW_ACTIONS = ["approve", "reject", "request_information", "reopen"] as const

const iso = (value: Date | string) => new Date(value).toISOString()

/** Null when there is no such order. The module refuses (403, audited) anyone but a pharmacist. */
export async function readOrderPrescriptionEvidence(
  container: MedusaContainer,
  orderNumber: string,
  actorId: string
): Promise<OrderPrescriptionEvidence | null> {
  const order = await queryOrderByNumber(container, orderNumber, ["id", "custom_display_id", "email"])
  if (!order) return null
  const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
  const orderId = String(order.id)
  await prescriptions.assertPharmacist(actorId)
  const requests = order.email
    ? await prescriptions.readRequestsForOrder({ order_id: orderId, email: String(order.email), actor_id: actorId })
    : []
  const documents = await prescriptions.listOrderDocuments(orderId)
  const history = await prescriptions.listPrescriptionAuditEntries(
    { subject_type: "order", subject_id: orderId, action: [...REVIEW_ACTIONS] },
    { order: { created_at: "ASC" }, take: 100 }
  )
  const actorIds = [...new Set(history.map((entry) => entry.actor_id))]
  const users = actorIds.length ? await container.resolve(Modules.USER).listUsers({ id: actorIds }, { select: ["id", "email"] }) : []
  const emails = new Map(users.map((user) => [user.id, user.email]))
  return {
    order_number: String(order.custom_display_id),
    requests: requests.map(({ reviewed_by: _reviewedBy, ...request }) => ({
      ...request,
      created_at: iso(request.created_at),
      reviewed_at: request.reviewed_at ? iso(request.reviewed_at) : null,
    })),
    documents: documents.map(({ created_at, ...document }) => ({ ...document, uploaded_at: iso(created_at) })),
    history: history.map((entry) => ({
      action: entry.action,
      actor_id: entry.actor_id,
      actor_email: emails.get(entry.actor_id) ?? null,
      created_at: iso(entry.created_at),
    })),
  }
}
