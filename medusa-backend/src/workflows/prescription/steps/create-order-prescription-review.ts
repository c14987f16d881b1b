import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PRESCRIPTION_MODULE } from "../../../modules/prescription"
import type PrescriptionModuleService from "../../../modules/prescription/service"

/** Puts an order on prescription hold: pending until staff approve or reject it. */
export const createOrderPrescriptionReviewStep = createStep(
  "create-order-prescription-review",
  async (_input: Record<string, never>, { container }) => {
    const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
    const review = await prescriptions.createOrderPrescriptionReviews({ status: "pending" })
    return new StepResponse(review, review.id)
  },
  async (id, { container }) => {
    if (!id) return
    await container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).deleteOrderPrescriptionReviews(id)
  }
)
