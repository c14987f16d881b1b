import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PRESCRIPTION_MODULE } from "../../../modules/prescription"
import type PrescriptionModuleService from "../../../modules/prescription/service"
import { orderPrescriptionState, type OrderPrescriptionState } from "../utils/order-prescription"

/**
 * Puts an order that contains a prescription-only product on hold: a pending
 * prescription review linked to it, until staff approve or reject it.
 * Idempotent (one review per order, under a lock per order), so cart
 * completion and the order.placed subscriber can both call it.
 */
export async function ensurePrescriptionHold(
  container: MedusaContainer,
  orderId: string
): Promise<OrderPrescriptionState & { created: boolean }> {
  const locking = container.resolve(Modules.LOCKING)
  return await locking.execute(
    `prescription-hold:${orderId}`,
    async () => {
      const state = await orderPrescriptionState(container, orderId)
      if (!state.requires_prescription || state.review) return { ...state, created: false }
      const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
      const review = await prescriptions.createOrderPrescriptionReviews({ status: "pending" })
      await container.resolve(ContainerRegistrationKeys.LINK).create({
        [Modules.ORDER]: { order_id: orderId },
        [PRESCRIPTION_MODULE]: { order_prescription_review_id: review.id },
      })
      return { ...state, review: { id: review.id, status: "pending" as const }, created: true }
    },
    { timeout: 30 }
  )
}

/** Undoes a hold this run created (the order it belonged to is being rolled back). */
export async function removeCreatedHold(container: MedusaContainer, hold: { order_id: string; review_id: string } | null | undefined) {
  if (!hold) return
  await container.resolve(ContainerRegistrationKeys.LINK).dismiss({
    [Modules.ORDER]: { order_id: hold.order_id },
    [PRESCRIPTION_MODULE]: { order_prescription_review_id: hold.review_id },
  })
  await container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).deleteOrderPrescriptionReviews(hold.review_id)
}

export const ensurePrescriptionHoldStep = createStep(
  "ensure-prescription-hold",
  async (input: { order_id: string }, { container }) => {
    const hold = await ensurePrescriptionHold(container, input.order_id)
    return new StepResponse(hold, hold.created && hold.review ? { order_id: input.order_id, review_id: hold.review.id } : null)
  },
  async (created, { container }) => removeCreatedHold(container, created)
)
