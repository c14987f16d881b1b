import crypto from "node:crypto"

import type { MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { revokeOrderStatusLinks } from "../../../../../lib/orders/status-link"
import type { StatusLinkResendInput } from "../../../../../shared/schemas/order-lookup"
import { sendOrderEmailWorkflow } from "../../../../../workflows/order-email/workflows/send-order-email"
import type { StaffRequest } from "../../../../utils/api-request"
import { onOrder } from "../../../../utils/order-actions"

/**
 * POST /api/orders/{unique_order_id}/status-link/ {revoke} (staff, issue 23): emails the customer
 * a new link to their order's status page, e.g. when the first email was lost. With `revoke`,
 * every link sent before stops working first (a forwarded email). Answers the order's list row;
 * the email shows among the order's emails.
 */
export async function POST(req: StaffRequest, res: MedusaResponse) {
  const { revoke } = req.validatedBody as StatusLinkResendInput
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  res.json(
    await onOrder(req.scope, req.params.id, async (order) => {
      if (revoke) await revokeOrderStatusLinks(req.scope, order.id)
      const what = `order ${order.view.unique_order_id} a new status link${revoke ? " (old links revoked)" : ""}`
      try {
        await sendOrderEmailWorkflow(req.scope).run({ input: { kind: "order-status-link", order_id: order.id, ref: crypto.randomUUID() } })
        logger.info(`Staff ${req.staff!.user_id} emailed ${what}.`)
      } catch (error) {
        // Recorded as a failed try, which the order's emails show and the retry job sends again.
        logger.warn(`Staff ${req.staff!.user_id} asked to email ${what}; the mail server refused it for now: ${(error as Error).message}`)
      }
    })
  )
}
