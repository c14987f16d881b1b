import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { PRESCRIPTION_MODULE } from "../../../modules/prescription"
import type PrescriptionModuleService from "../../../modules/prescription/service"
import type { ApprovedItems, OrderReviewDecision } from "../../../modules/prescription/service"

export type OrderReviewInput = {
  order_id: string
  decision: OrderReviewDecision
  /** The pharmacist's own note (pharmacists only read it). */
  note?: string
  /** For `needs_information`: what the patient is asked for; their email and status page show it. */
  patient_message?: string
  actor_id: string
}

type Hold = { requires_prescription: boolean; review: { id: string; status: string } | null; prescription_items: ApprovedItems }

export const decideOrderReviewStep = createStep(
  "decide-order-prescription-review",
  async ({ input, hold }: { input: OrderReviewInput; hold: Hold }, { container }) => {
    if (!hold.requires_prescription || !hold.review) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This order does not need prescription review")
    }
    const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
    // Read only to undo the decision if a later step fails; the decision itself is conditional on an open review.
    const [review] = await prescriptions.listOrderPrescriptionReviews({ id: hold.review.id })
    // Pharmacists only; the note and the message are stored encrypted; a conflict when another decision came first.
    const updated = await prescriptions.recordOrderDecision({
      review_id: review.id,
      decision: input.decision,
      note: input.note,
      patient_message: input.patient_message,
      actor_id: input.actor_id,
      approved_items: hold.prescription_items,
    })
    return new StepResponse(
      { id: updated.id, status: updated.status, decided_at: new Date(updated.reviewed_at).toISOString() },
      {
        id: review.id,
        status: review.status,
        note: review.note,
        patient_message: review.patient_message,
        reviewed_by: review.reviewed_by,
        reviewed_at: review.reviewed_at,
        approved_items: review.approved_items,
      }
    )
  },
  async (previous, { container }) => {
    if (previous) await container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).updateOrderPrescriptionReviews(previous)
  }
)
