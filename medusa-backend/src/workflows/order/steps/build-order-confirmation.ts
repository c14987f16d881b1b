import type { CreateNotificationDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { queryRows } from "../../../lib/query-rows"
import { DEFAULT_ACCOUNTS, paymentInstructions } from "../../../modules/manual-payment/instructions"
import { displayTotals, type MedusaTotals, TOTALS_FIELDS } from "../../../shared/order-totals"
import { paymentMethodOfProvider } from "../../../shared/payment-methods"
import { renderOrderConfirmationEmail } from "../utils/confirmation-email"

/** The notification's idempotency key: one confirmation per order, whatever redelivers the event. */
export const orderConfirmationKey = (orderId: string) => `order-confirmation:${orderId}`

type SessionRow = { provider_id?: string | null; status?: string | null; data?: Record<string, unknown> | null }

/** The order as the step reads it. */
type ConfirmationOrderRow = MedusaTotals & {
  id: string
  email?: string | null
  custom_display_id?: string | null
  is_draft_order?: boolean | null
  items?: ({ quantity?: unknown } | null)[] | null
  payment_collections?: ({ payment_sessions?: (SessionRow | null)[] | null } | null)[] | null
}

export const buildOrderConfirmationStep = createStep("build-order-confirmation", async (input: { order_id: string }, { container }) => {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "email",
      "custom_display_id",
      "is_draft_order",
      ...TOTALS_FIELDS,
      "items.quantity",
      "payment_collections.payment_sessions.provider_id",
      "payment_collections.payment_sessions.status",
      "payment_collections.payment_sessions.data",
    ],
    filters: { id: input.order_id },
  })
  const order: ConfirmationOrderRow | undefined = queryRows<ConfirmationOrderRow>(data)[0]
  if (!order?.email || !order.custom_display_id || order.is_draft_order) return new StepResponse([])

  const sessions: SessionRow[] = (order.payment_collections ?? [])
    .flatMap((c) => c?.payment_sessions ?? [])
    .filter((s): s is SessionRow => !!s)
  const session = sessions.find((s) => s.status === "authorized") ?? sessions.find((s) => paymentMethodOfProvider(s.provider_id ?? ""))
  const method = paymentMethodOfProvider(session?.provider_id ?? "")
  const totals = displayTotals(order)
  const instructions = method
    ? paymentInstructions(
        method,
        // The account shown when the session started (what the customer saw), else today's.
        { payTo: String(session?.data?.pay_to ?? DEFAULT_ACCOUNTS[method].payTo) },
        { order_number: order.custom_display_id, total: totals.total }
      )
    : null
  const content = renderOrderConfirmationEmail({
    order_number: order.custom_display_id,
    item_count: (order.items ?? []).reduce((sum, item) => sum + Number(item?.quantity ?? 0), 0),
    totals,
    instructions,
  })
  const notification = {
    to: order.email,
    channel: "email",
    template: "order-confirmation",
    content,
    data: { order_number: order.custom_display_id, payment_method: method, total: totals.total },
    trigger_type: "order.placed",
    resource_type: "order",
    resource_id: order.id,
    idempotency_key: orderConfirmationKey(order.id),
  } satisfies CreateNotificationDTO
  return new StepResponse([notification])
})
