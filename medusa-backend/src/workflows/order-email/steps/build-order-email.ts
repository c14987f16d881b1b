import type { CreateNotificationDTO } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { backendConfig } from "../../../lib/config"
import { readOrderEmailFacts } from "../../../lib/orders/order-email-facts"
import { composeOrderEmail } from "../utils/compose-order-email"
import { emailKey, type OrderEmailKind, type OrderEmailRequest } from "../utils/email-kinds"
import { renderOrderEmail } from "../utils/render-order-email"

/** A notification of one order email, ready for `sendNotificationOnceStep`. */
export type OrderEmailNotification = CreateNotificationDTO & {
  idempotency_key: string
  resource_id: string
  template: OrderEmailKind
}

/**
 * Builds one customer email of an order from the order as it stands now; nothing when the order
 * has no email or number (a draft), or the email's moment has passed (compose-order-email.ts).
 */
export const buildOrderEmailStep = createStep("build-order-email", async (request: OrderEmailRequest, { container }) => {
  const facts = await readOrderEmailFacts(container, request.order_id)
  const message = facts ? composeOrderEmail(request, facts) : null
  if (!facts || !message) return new StepResponse([] as OrderEmailNotification[])
  const { view } = facts
  const content = renderOrderEmail(message, {
    first_name: facts.first_name,
    status_link: facts.status_link,
    items: view.items,
    totals: view.totals,
    ship_to: facts.ship_to,
    support_email: backendConfig().supportEmail,
  })
  const notification: OrderEmailNotification = {
    to: facts.email,
    channel: "email",
    template: request.kind,
    content,
    // Stored with the notification: what a retry needs to build it again, never the link (a credential) nor what was ordered.
    data: { order_number: facts.order_number, ref: request.ref ?? null, payment_method: facts.payment_method, total: view.totals.total },
    // Replies reach the pharmacy's support, not a no-reply mailbox.
    provider_data: { reply_to: backendConfig().supportEmail },
    trigger_type: request.kind,
    resource_type: "order",
    resource_id: facts.order_id,
    idempotency_key: emailKey(request),
  }
  return new StepResponse([notification])
})
