/**
 * The order confirmation email: the order summary and how to pay with the
 * chosen method. Pure rendering; the subscriber sends it.
 */
import type { PaymentInstructions } from "../modules/manual-payment/instructions"
import { STORE } from "../shared/store-constants"
import type { LegacyOrderStatus } from "./order-status"
import type { LegacyTotals } from "./order-totals"

export type ConfirmationEmailInput = {
  unique_order_id: string
  status: LegacyOrderStatus
  shipping_address: string
  items: { title: string; variant: string; quantity: number; unit_price: number }[]
  totals: LegacyTotals
  instructions: PaymentInstructions
}

const money = (n: number) => `$${n.toFixed(2)}`
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

export function renderOrderConfirmationEmail(input: ConfirmationEmailInput) {
  const { totals, instructions } = input
  const held = input.status === "awaiting_prescription_review"
  const subject = `Your ${STORE.name} order ${input.unique_order_id}`
  const lines = input.items.map(
    (item) => `${item.quantity} x ${item.title} (${item.variant}) - ${money(item.unit_price * item.quantity)}`
  )
  const summary = [
    ["Subtotal", money(totals.subtotal)],
    ...(totals.discount > 0 ? [["Discount", `-${money(totals.discount)}`]] : []),
    ["Shipping", totals.shipping === 0 ? "FREE" : money(totals.shipping)],
    ["Tax", money(totals.tax)],
    ["Total", money(totals.total)],
  ]
  const rxNote = held
    ? "Your order contains a prescription medication. Our pharmacists review it before it ships; we will contact you if we need anything."
    : ""

  const text = [
    `Thank you for your order ${input.unique_order_id}.`,
    "",
    ...lines,
    "",
    ...summary.map(([label, value]) => `${label}: ${value}`),
    "",
    `How to pay: ${instructions.text}`,
    "",
    `Shipping to: ${input.shipping_address}`,
    ...(rxNote ? ["", rxNote] : []),
    "",
    `Questions? Reply to this email. ${STORE.name}`,
  ].join("\n")

  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">
<h1 style="font-size:20px">Thank you for your order ${escapeHtml(input.unique_order_id)}</h1>
<table cellpadding="4" style="border-collapse:collapse">
${input.items.map((item) => `<tr><td>${item.quantity} &times; ${escapeHtml(item.title)} (${escapeHtml(item.variant)})</td><td align="right">${money(item.unit_price * item.quantity)}</td></tr>`).join("\n")}
${summary.map(([label, value]) => `<tr><td>${label}</td><td align="right">${label === "Total" ? `<strong>${value}</strong>` : value}</td></tr>`).join("\n")}
</table>
<h2 style="font-size:16px">How to pay with ${escapeHtml(instructions.label)}</h2>
<p>Send <strong>${money(instructions.amount)}</strong> to <strong>${escapeHtml(instructions.pay_to)}</strong> and write <strong>${escapeHtml(instructions.memo)}</strong> in the memo. We ship as soon as the payment arrives.</p>
<p>Shipping to: ${escapeHtml(input.shipping_address)}</p>
${rxNote ? `<p>${escapeHtml(rxNote)}</p>` : ""}
</body></html>`

  return { subject, text, html }
}
