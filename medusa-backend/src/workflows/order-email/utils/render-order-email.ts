/**
 * One layout for every customer email of an order (issue 23; decision 0041 as amended by 0050):
 * the greeting, what happened, the order's status link, the email's own block (how to pay,
 * tracking, the pharmacist's message), what happens next, then, behind the greeting, what was
 * ordered and where it ships, and who answers questions. Subjects never name a product, a
 * medicine or an address: mail clients show them in lists and on lock screens. Plain text and
 * HTML from the same parts. Pure rendering.
 */
import type { DisplayTotals } from "../../../shared/order-totals"
import { STORE } from "../../../shared/store-constants"

export type OrderEmailItem = { name: string; variant: string; quantity: number; line_total: number }

/** A titled block of facts: how to pay, a shipment's tracking. */
export type OrderEmailFactsBlock = { title: string; intro?: string; rows: [string, string][]; link?: { label: string; url: string } }

/** What differs between the emails. */
export type OrderEmailMessage = {
  subject: string
  /** What happened, one sentence: "Thank you for your order HH-7K3M-9Q2X." */
  headline: string
  paragraphs?: string[]
  block?: OrderEmailFactsBlock
  /** Words quoted from a person, e.g. the pharmacist's message to the patient. */
  quote?: { title: string; text: string }
  next_steps?: string[]
  /** Whether "Ships to" is worth telling (not for a canceled order). */
  show_ship_to?: boolean
}

/** What every email of the order carries. */
export type OrderEmailFrame = {
  first_name: string
  status_link: string
  items: OrderEmailItem[]
  totals: DisplayTotals
  ship_to: string[]
  support_email: string
}

const money = (n: number) => `$${n.toFixed(2)}`
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

export function renderOrderEmail(message: OrderEmailMessage, frame: OrderEmailFrame) {
  const { totals } = frame
  const greeting = frame.first_name.trim() ? `Hello ${frame.first_name.trim()},` : "Hello,"
  const paragraphs = message.paragraphs ?? []
  const nextSteps = message.next_steps ?? []
  const shipTo = message.show_ship_to === false ? [] : frame.ship_to
  const itemCount = frame.items.reduce((sum, item) => sum + item.quantity, 0)
  const summary: [string, string][] = [
    ["Items", String(itemCount)],
    ["Subtotal", money(totals.subtotal)],
    ...(totals.discount > 0 ? [["Discount", `-${money(totals.discount)}`] as [string, string]] : []),
    ["Shipping", totals.shipping === 0 ? "FREE" : money(totals.shipping)],
    ["Tax", money(totals.tax)],
    ["Total", money(totals.total)],
  ]
  const itemName = (item: OrderEmailItem) => `${item.quantity} x ${item.name}${item.variant ? ` (${item.variant})` : ""}`
  const contact = `Questions? Reply to this email, or write to ${frame.support_email} (${STORE.supportHours}).`
  const block = message.block

  const text = [
    greeting,
    "",
    message.headline,
    ...paragraphs,
    `See its status at any time: ${frame.status_link}`,
    "",
    ...(block
      ? [
          block.title,
          ...(block.intro ? [block.intro] : []),
          ...block.rows.map(([label, value]) => `${label}: ${value}`),
          ...(block.link ? [`${block.link.label}: ${block.link.url}`] : []),
          "",
        ]
      : []),
    ...(message.quote ? [message.quote.title, ...message.quote.text.split("\n").map((line) => `> ${line}`), ""] : []),
    ...(nextSteps.length ? ["What happens next", ...nextSteps.map((step) => `- ${step}`), ""] : []),
    "Your order",
    ...frame.items.map((item) => `${itemName(item)}: ${money(item.line_total)}`),
    "",
    ...summary.map(([label, value]) => `${label}: ${value}`),
    "",
    ...(shipTo.length ? ["Ships to", ...shipTo, ""] : []),
    contact,
    STORE.name,
  ].join("\n")

  const h2 = (title: string) => `<h2 style="font-size:16px">${escapeHtml(title)}</h2>`
  const row = (label: string, value: string, strong = false) =>
    `<tr><td>${escapeHtml(label)}</td><td align="right">${strong ? `<strong>${escapeHtml(value)}</strong>` : escapeHtml(value)}</td></tr>`
  const table = (rows: string[]) => `<table cellpadding="4" style="border-collapse:collapse">\n${rows.join("\n")}\n</table>`
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">
<p>${escapeHtml(greeting)}</p>
<h1 style="font-size:20px">${escapeHtml(message.headline)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(frame.status_link)}">See your order's status</a></p>
${
  block
    ? [
        h2(block.title),
        block.intro ? `<p>${escapeHtml(block.intro)}</p>` : "",
        table(block.rows.map(([label, value]) => row(label, value, true))),
        block.link ? `<p><a href="${escapeHtml(block.link.url)}">${escapeHtml(block.link.label)}</a></p>` : "",
      ].join("\n")
    : ""
}
${message.quote ? `${h2(message.quote.title)}\n<blockquote style="border-left:3px solid #94a3b8;margin:0;padding-left:12px">${escapeHtml(message.quote.text).replace(/\n/g, "<br>")}</blockquote>` : ""}
${nextSteps.length ? `${h2("What happens next")}\n<ul>${nextSteps.map((step) => `<li>${escapeHtml(step)}</li>`).join("")}</ul>` : ""}
${h2("Your order")}
${table([
  ...frame.items.map((item) => row(itemName(item), money(item.line_total))),
  ...summary.map(([label, value]) => row(label, value, label === "Total")),
])}
${shipTo.length ? `${h2("Ships to")}\n<p>${shipTo.map(escapeHtml).join("<br>")}</p>` : ""}
<p>${escapeHtml(contact)}</p>
<p>${escapeHtml(STORE.name)}</p>
</body></html>`

  return { subject: message.subject, text, html }
}
