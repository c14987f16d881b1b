import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { CHECKOUT_MODULE } from "../../../modules/checkout"
import type CheckoutModuleService from "../../../modules/checkout/service"

export type CreateCheckoutOrderInput = {
  idempotency_key?: string | null
  request_hash: string
  shipping_address: string
}

/** Records a legacy /api submission (idempotency key, verbatim address); linked to its order by the workflow. */
export const createCheckoutOrderStep = createStep(
  "create-checkout-order",
  async (input: CreateCheckoutOrderInput, { container }) => {
    const checkout = container.resolve<CheckoutModuleService>(CHECKOUT_MODULE)
    const created = await checkout.createCheckoutOrders({ ...input, idempotency_key: input.idempotency_key ?? null })
    return new StepResponse(created, created.id)
  },
  async (id, { container }) => {
    if (!id) return
    // Hard delete: the idempotency key must be free again.
    await container.resolve<CheckoutModuleService>(CHECKOUT_MODULE).deleteCheckoutOrders(id)
  }
)
