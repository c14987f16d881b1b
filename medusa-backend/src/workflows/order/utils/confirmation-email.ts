/**
 * The order confirmation email (issue 23; decision 0041 as amended by 0050): the order number,
 * the link to the order's status page, how to pay (the one block of src/shared/payment-block.ts,
 * with its pay-by date) and what happens next, then, behind the greeting, what was ordered and
 * where it ships. The subject names the store and the order number only: no product, medicine
 * or address ever appears in a subject, which mail clients show in lists and notifications.
 * Replies go to the support address (the notification's Reply-To). Plain text and HTML. Pure rendering.
 */
import type { DisplayTotals } from "../../../shared/order-totals"
import type { PaymentBlock } from "../../../shared/payment-block"
import { NO_PAYMENT_BLOCK_TEXT } from "../../../shared/payment-block"
import { STORE } from "../../../shared/store-constants"

export type ConfirmationEmailItem = { name: string; variant: string; quantity: number; line_total: number }

export type ConfirmationEmailInput = {
  order_number: string
  /** The customer's first name, for the greeting; empty when unknown. */
  first_name: string
  item_count: number
  items: ConfirmationEmailItem[]
  totals: DisplayTotals
  /** The shipping address, one line per element; empty when the order has none. */
  ship_to: string[]
  /** How to pay with the order's manual payment method; null when the order was paid or arranged otherwise. */
  payment: PaymentBlock | null
  has_prescription_items: boolean
  status_link: string
  support_email: string
}

const money = (n: number) => `$${n.toFixed(2)}`
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

const PRESCRIPTION_NOTE =
  "Prescription medicines ship after one of our pharmacists has reviewed the order; we will contact you if we need anything."

export function renderOrderConfirmationEmail(input: ConfirmationEmailInput) {
  const { totals, payment } = input
  const subject = `Your ${STORE.name} order ${input.order_number}`
  const greeting = input.first_name.trim() ? `Hello ${input.first_name.trim()},` : "Hello,"
  const summary = [
    ["Items", String(input.item_count)],
    ["Subtotal", money(totals.subtotal)],
    ...(totals.discount > 0 ? [["Discount", `-${money(totals.discount)}`]] : []),
    ["Shipping", totals.shipping === 0 ? "FREE" : money(totals.shipping)],
    ["Tax", money(totals.tax)],
    ["Total", money(totals.total)],
  ]
  const paymentFacts = payment
    ? [
        ["Amount", payment.amount_text],
        ["Pay to", payment.pay_to],
        ["Memo", payment.memo],
        ["Pay by", payment.pay_by_text],
      ]
    : []
  const nextSteps = payment ? payment.next_steps : input.has_prescription_items ? [PRESCRIPTION_NOTE] : []
  const itemLine = (item: ConfirmationEmailItem) =>
    `${item.quantity} x ${item.name}${item.variant ? ` (${item.variant})` : ""}: ${money(item.line_total)}`
  const contact = `Questions? Reply to this email, or write to ${input.support_email} (${STORE.supportHours}).`

  const text = [
    greeting,
    "",
    `Thank you for your order ${input.order_number}.`,
    `See its status at any time: ${input.status_link}`,
    "",
    ...(payment
      ? [`How to pay with ${payment.method}`, payment.instruction, ...paymentFacts.map(([label, value]) => `${label}: ${value}`)]
      : [`How to pay: ${NO_PAYMENT_BLOCK_TEXT}`]),
    "",
    ...(nextSteps.length ? ["What happens next", ...nextSteps.map((step) => `- ${step}`), ""] : []),
    "Your order",
    ...input.items.map(itemLine),
    "",
    ...summary.map(([label, value]) => `${label}: ${value}`),
    "",
    ...(input.ship_to.length ? ["Ships to", ...input.ship_to, ""] : []),
    contact,
    STORE.name,
  ].join("\n")

  const row = (label: string, value: string, strong = false) =>
    `<tr><td>${escapeHtml(label)}</td><td align="right">${strong ? `<strong>${escapeHtml(value)}</strong>` : escapeHtml(value)}</td></tr>`
  const paymentHtml = payment
    ? `<h2 style="font-size:16px">How to pay with ${escapeHtml(payment.method)}</h2>
<p>${escapeHtml(payment.instruction)}</p>
<table cellpadding="4" style="border-collapse:collapse">
${paymentFacts.map(([label, value]) => row(label, value, true)).join("\n")}
</table>`
    : `<p>${escapeHtml(NO_PAYMENT_BLOCK_TEXT)}</p>`
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">
<p>${escapeHtml(greeting)}</p>
<h1 style="font-size:20px">Thank you for your order ${escapeHtml(input.order_number)}</h1>
<p><a href="${escapeHtml(input.status_link)}">See your order's status</a></p>
${paymentHtml}
${nextSteps.length ? `<h2 style="font-size:16px">What happens next</h2>\n<ul>${nextSteps.map((step) => `<li>${escapeHtml(step)}</li>`).join("")}</ul>` : ""}
<h2 style="font-size:16px">Your order</h2>
<table cellpadding="4" style="border-collapse:collapse">
${input.items.map((item) => row(`${item.quantity} x ${item.name}${item.variant ? ` (${item.variant})` : ""}`, money(item.line_total))).join("\n")}
${summary.map(([label, value]) => row(label, value, label === "Total")).join("\n")}
</table>
${input.ship_to.length ? `<h2 style="font-size:16px">Ships to</h2>\n<p>${input.ship_to.map(escapeHtml).join("<br>")}</p>` : ""}
<p>${escapeHtml(contact)}</p>
<p>${escapeHtml(STORE.name)}</p>
</body></html>`

  return { subject, text, html }
}
