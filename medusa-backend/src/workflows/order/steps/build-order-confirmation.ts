import type { CreateNotificationDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

import { supportEmail } from "../../../lib/customer-links"
import { ORDER_PAYMENT_FIELDS, orderPaymentAccount, orderPaymentBlock, type OrderWithSessions } from "../../../lib/orders/order-payment"
import { orderPrescriptionState } from "../../../lib/orders/order-prescription"
import { orderStatusLink, statusLinkVersion } from "../../../lib/orders/status-link"
import { queryRows } from "../../../lib/query-rows"
import { formatStructuredAddress } from "../../../shared/address"
import { countryName } from "../../../shared/countries"
import { displayTotals, type MedusaTotals, toCents, TOTALS_FIELDS } from "../../../shared/order-totals"
import { renderOrderConfirmationEmail } from "../utils/confirmation-email"

/** The notification's idempotency key: one confirmation per order, whatever redelivers the event. */
export const orderConfirmationKey = (orderId: string) => `order-confirmation:${orderId}`

type AddressRow = Parameters<typeof formatStructuredAddress>[0] & { first_name?: string | null; last_name?: string | null }

/** The order as the step reads it. */
type ConfirmationOrderRow = MedusaTotals &
  OrderWithSessions & {
    id: string
    email?: string | null
    custom_display_id?: string | null
    is_draft_order?: boolean | null
    created_at: string | Date
    metadata?: Record<string, unknown> | null
    items?: ({
      title?: string | null
      product_title?: string | null
      variant_title?: string | null
      unit_price?: unknown
      quantity?: unknown
      created_at?: string | Date | null
    } | null)[]
    shipping_address?: AddressRow | null
    checkout_order?: { shipping_address?: string | null } | null
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
      "created_at",
      "metadata",
      ...TOTALS_FIELDS,
      "items.title",
      "items.product_title",
      "items.variant_title",
      "items.unit_price",
      "items.quantity",
      "items.created_at",
      "shipping_address.*",
      "checkout_order.shipping_address",
      ...ORDER_PAYMENT_FIELDS,
    ],
    filters: { id: input.order_id },
  })
  const order: ConfirmationOrderRow | undefined = queryRows<ConfirmationOrderRow>(data)[0]
  if (!order?.email || !order.custom_display_id || order.is_draft_order) return new StepResponse([])

  const totals = displayTotals(order)
  const { requires_prescription } = await orderPrescriptionState(container, order.id)
  const payment = orderPaymentBlock({
    ...order,
    order_number: order.custom_display_id,
    total: totals.total,
    placed_at: order.created_at,
    has_prescription_items: requires_prescription,
  })
  const address = order.shipping_address
  const name = [address?.first_name, address?.last_name].filter((part) => part?.trim()).join(" ")
  const where = order.checkout_order?.shipping_address ?? (address ? formatStructuredAddress(address, countryName) : "")
  const items = (order.items ?? [])
    .filter((item): item is NonNullable<typeof item> => !!item)
    .sort((a, b) => new Date(a.created_at ?? 0).getTime() - new Date(b.created_at ?? 0).getTime())
    .map((item) => ({
      name: item.product_title ?? item.title ?? "",
      variant: item.variant_title ?? "",
      quantity: Number(item.quantity ?? 0),
      line_total: (toCents(item.unit_price) * Number(item.quantity ?? 0)) / 100,
    }))
  const content = renderOrderConfirmationEmail({
    order_number: order.custom_display_id,
    first_name: address?.first_name ?? "",
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    items,
    totals,
    ship_to: [name, where].filter((line) => line.trim()),
    payment,
    has_prescription_items: requires_prescription,
    status_link: orderStatusLink({ id: order.id, email: order.email, version: statusLinkVersion(order.metadata) }),
    support_email: supportEmail(),
  })
  const notification = {
    to: order.email,
    channel: "email",
    template: "order-confirmation",
    content,
    // Stored with the notification: no link (a credential) and nothing about what was ordered.
    data: { order_number: order.custom_display_id, payment_method: orderPaymentAccount(order)?.method ?? null, total: totals.total },
    // Replies reach the pharmacy's support, not a no-reply mailbox (issue 23).
    provider_data: { reply_to: supportEmail() },
    trigger_type: "order.placed",
    resource_type: "order",
    resource_id: order.id,
    idempotency_key: orderConfirmationKey(order.id),
  } satisfies CreateNotificationDTO
  return new StepResponse([notification])
})
