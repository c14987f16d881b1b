import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { DEFAULT_ACCOUNTS, paymentInstructions } from "../modules/manual-payment/instructions"
import type { PaymentMethod } from "../shared/store-constants"
import { renderOrderConfirmationEmail } from "./order-confirmation-email"
import { legacyOrderStatus } from "./order-status"
import { legacyTotals, TOTALS_FIELDS } from "./order-totals"
import { paymentMethodOfProvider } from "./payment-providers"

/**
 * Sends the confirmation email of an order placed through our checkout.
 * The idempotency key makes a repeated event send nothing twice.
 */
export async function sendOrderConfirmation(container: MedusaContainer, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "email",
      "status",
      "fulfillment_status",
      ...TOTALS_FIELDS,
      "items.product_title",
      "items.variant_title",
      "items.quantity",
      "items.unit_price",
      "checkout_order.public_id",
      "checkout_order.shipping_address",
      "order_prescription_review.status",
      "payment_collections.payment_sessions.provider_id",
      "payment_collections.payment_sessions.data",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as any
  // Orders made elsewhere (Medusa Admin drafts) have no checkout record and get Medusa's own flows.
  if (!order?.email || !order.checkout_order) return { sent: false }

  const session = order.payment_collections?.[0]?.payment_sessions?.[0]
  const method = paymentMethodOfProvider(session?.provider_id ?? "") as PaymentMethod | null
  if (!method) return { sent: false }
  const totals = legacyTotals(order)
  const account = {
    label: session?.data?.label ?? DEFAULT_ACCOUNTS[method].label,
    payTo: session?.data?.pay_to ?? DEFAULT_ACCOUNTS[method].payTo,
  }
  const content = renderOrderConfirmationEmail({
    unique_order_id: order.checkout_order.public_id,
    status: legacyOrderStatus(order, order.order_prescription_review),
    shipping_address: order.checkout_order.shipping_address,
    items: (order.items ?? []).map((item: any) => ({
      title: item.product_title,
      variant: item.variant_title,
      quantity: Number(item.quantity),
      unit_price: Number(item.unit_price),
    })),
    totals,
    instructions: paymentInstructions(method, account, { public_id: order.checkout_order.public_id, total: totals.total }),
  })

  await container.resolve(Modules.NOTIFICATION).createNotifications({
    to: order.email,
    channel: "email",
    template: "order-confirmation",
    content,
    data: { unique_order_id: order.checkout_order.public_id, payment_method: method, total: totals.total },
    trigger_type: "order.placed",
    resource_type: "order",
    resource_id: order.id,
    idempotency_key: `order-confirmation:${order.id}`,
  })
  return { sent: true }
}
