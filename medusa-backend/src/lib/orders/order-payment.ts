/**
 * An order's manual payment, as customers are told about it: the method of its payment
 * session and the pay-to handle that session started with (what the customer saw at
 * checkout), else today's handle of that method. The "how to pay" block itself is
 * src/shared/payment-block.ts; the pay-by date uses UNPAID_ORDER_TTL_DAYS, the setting the
 * unpaid-order job cancels by (src/lib/config.ts).
 *
 * And whether an order is paid enough to ship (issue 24, decision 0034): the fulfilment gate
 * (src/workflows/hooks/create-order-fulfillment.ts) and the staff area's "Ship" decide with
 * `assertPaidForShipping`.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

import { DEFAULT_ACCOUNTS } from "../../modules/manual-payment/instructions"
import { type PaymentBlock, paymentBlock } from "../../shared/payment-block"
import { paymentMethodOfProvider } from "../../shared/payment-methods"
import type { PaymentMethod } from "../../shared/store-constants"
import { backendConfig } from "../config"
import { queryRows } from "../query-rows"
import { ORDER_PAYMENT_STATUS_FIELDS, type OrderForStatus, paymentAndFulfillment } from "./order-status"

/** The Medusa fields (relative to an order) `orderPaymentAccount` reads. */
export const ORDER_PAYMENT_FIELDS = [
  "payment_collections.payment_sessions.provider_id",
  "payment_collections.payment_sessions.status",
  "payment_collections.payment_sessions.data",
]

type SessionRow = { provider_id?: string | null; status?: string | null; data?: Record<string, unknown> | null }

export type OrderWithSessions = {
  payment_collections?: ({ payment_sessions?: (SessionRow | null)[] | null } | null)[] | null
}

/** The manual method and handle of the order's payment; null for an order paid or arranged otherwise. */
export function orderPaymentAccount(order: OrderWithSessions): { method: PaymentMethod; pay_to: string } | null {
  const sessions = (order.payment_collections ?? []).flatMap((c) => c?.payment_sessions ?? []).filter((s): s is SessionRow => !!s)
  const session = sessions.find((s) => s.status === "authorized") ?? sessions.find((s) => paymentMethodOfProvider(s.provider_id ?? ""))
  const method = paymentMethodOfProvider(session?.provider_id ?? "")
  if (!method) return null
  const payTo = session?.data?.pay_to
  return { method, pay_to: typeof payTo === "string" && payTo.trim() ? payTo : DEFAULT_ACCOUNTS[method].payTo }
}

/** The "how to pay" block of an order awaiting a manual payment; null when it has no manual method. */
export function orderPaymentBlock(
  order: OrderWithSessions & { order_number: string; total: number; placed_at: Date | string; has_prescription_items: boolean }
): PaymentBlock | null {
  const account = orderPaymentAccount(order)
  if (!account) return null
  return paymentBlock({
    order_number: order.order_number,
    total: order.total,
    placed_at: order.placed_at,
    payment_method: account.method,
    pay_to: account.pay_to,
    has_prescription_items: order.has_prescription_items,
    ttl_days: backendConfig().unpaidOrderTtlDays,
  })
}

/**
 * The payment states an order ships in: its payment captured in full (a part refunded since, e.g.
 * for a line removed after payment, still counts). Not paid, authorized only (a manual payment
 * awaited), partly captured or refunded in full: no.
 */
const SHIPPABLE_PAYMENT_STATUSES = new Set(["captured", "partially_refunded"])

export const paidForShipping = (paymentStatus: string) => SHIPPABLE_PAYMENT_STATUSES.has(paymentStatus)

/** Refuses (not_allowed) to ship an order whose payment is not captured, with the reason in the shop's words. */
export function assertPaidForShipping(order: OrderForStatus) {
  const { payment_status } = paymentAndFulfillment({ ...order, fulfillments: [], items: [] })
  if (paidForShipping(payment_status)) return
  let message =
    "This order is not paid yet; it cannot be fulfilled until its payment is captured (mark it as paid once the payment arrives)."
  if (payment_status === "partially_captured") {
    message = "This order is only partly paid; it cannot be fulfilled until all of its payment is received."
  } else if (payment_status === "refunded") message = "This order's payment was refunded; it cannot be fulfilled."
  throw new MedusaError(MedusaError.Types.NOT_ALLOWED, message)
}

/** Reads the order's payments and refuses (not_allowed) when they do not let it ship. */
export async function assertOrderPaidForShipping(container: MedusaContainer, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["id", ...ORDER_PAYMENT_STATUS_FIELDS], filters: { id: orderId } })
  const order = queryRows<OrderForStatus & { id: string }>(data)[0]
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Order not found")
  assertPaidForShipping(order)
}
