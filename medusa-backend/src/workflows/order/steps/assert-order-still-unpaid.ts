import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { isExpiredUnpaid, type UnpaidOrderRow } from "../utils/unpaid-order"

/** Read again under the order's payment lock: one that staff marked paid in the meantime is left alone. */
export const assertStillUnpaidStep = createStep("assert-order-still-unpaid", async ({ order }: { order: UnpaidOrderRow | undefined }) => {
  if (!isExpiredUnpaid(order)) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This order is paid, shipped or canceled already.")
  return new StepResponse(undefined)
})
