/**
 * An order's manual payment, as customers are told about it: the method of its payment
 * session and the pay-to handle that session started with (what the customer saw at
 * checkout), else today's handle of that method. The "how to pay" block itself is
 * src/shared/payment-block.ts; the pay-by date uses UNPAID_ORDER_TTL_DAYS, the setting the
 * unpaid-order job cancels by (src/lib/config.ts).
 */
import { DEFAULT_ACCOUNTS } from "../../modules/manual-payment/instructions"
import { type PaymentBlock, paymentBlock } from "../../shared/payment-block"
import { paymentMethodOfProvider } from "../../shared/payment-methods"
import type { PaymentMethod } from "../../shared/store-constants"
import { backendConfig } from "../config"

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
