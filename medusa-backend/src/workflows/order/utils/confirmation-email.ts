/**
 * The order confirmation email: the order number, the amounts and how to pay.
 * Minimum necessary (decision 0041): no product or medicine names, no health
 * details and no shipping address (an email is not a secure channel for health
 * information, and what someone ordered from a pharmacy is). The same words for
 * every order, whatever it contains. Pure rendering.
 */
import type { PaymentInstructions } from "../../../modules/manual-payment/instructions"
import type { DisplayTotals } from "../../../shared/order-totals"
import { STORE } from "../../../shared/store-constants"

export type ConfirmationEmailInput = {
  order_number: string
  item_count: number
  totals: DisplayTotals
  /** How to pay with the order's manual payment method; null when the order was paid or arranged otherwise. */
  instructions: PaymentInstructions | null
}

const money = (n: number) => `$${n.toFixed(2)}`
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

const PRESCRIPTION_NOTE =
  "Prescription medicines ship after one of our pharmacists has reviewed the order; we will contact you if we need anything."
const NO_INSTRUCTIONS = "Our team will contact you about the payment of this order."

export function renderOrderConfirmationEmail(input: ConfirmationEmailInput) {
  const { totals, instructions } = input
  const subject = `Your ${STORE.name} order ${input.order_number}`
  const summary = [
    ["Items", String(input.item_count)],
    ["Subtotal", money(totals.subtotal)],
    ...(totals.discount > 0 ? [["Discount", `-${money(totals.discount)}`]] : []),
    ["Shipping", totals.shipping === 0 ? "FREE" : money(totals.shipping)],
    ["Tax", money(totals.tax)],
    ["Total", money(totals.total)],
  ]

  const text = [
    `Thank you for your order ${input.order_number}.`,
    "",
    ...summary.map(([label, value]) => `${label}: ${value}`),
    "",
    `How to pay: ${instructions?.text ?? NO_INSTRUCTIONS}`,
    "",
    PRESCRIPTION_NOTE,
    "",
    `Questions? Reply to this email. ${STORE.name}`,
  ].join("\n")

  const payment = instructions
    ? `<h2 style="font-size:16px">How to pay with ${escapeHtml(instructions.label)}</h2>
<p>Send <strong>${money(instructions.amount)}</strong> to <strong>${escapeHtml(instructions.pay_to)}</strong> and write <strong>${escapeHtml(instructions.memo)}</strong> in the memo. We ship as soon as the payment arrives.</p>`
    : `<p>${escapeHtml(NO_INSTRUCTIONS)}</p>`
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">
<h1 style="font-size:20px">Thank you for your order ${escapeHtml(input.order_number)}</h1>
<table cellpadding="4" style="border-collapse:collapse">
${summary.map(([label, value]) => `<tr><td>${label}</td><td align="right">${label === "Total" ? `<strong>${value}</strong>` : value}</td></tr>`).join("\n")}
</table>
${payment}
<p>${escapeHtml(PRESCRIPTION_NOTE)}</p>
</body></html>`

  return { subject, text, html }
}
