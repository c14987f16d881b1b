import { describe, expect, it } from "vitest"

import type { OrderEmailFacts } from "../../medusa-backend/src/lib/orders/order-email-facts"
import type { OrderStatusView } from "../../medusa-backend/src/shared/dto/order-status"
import { paymentBlock } from "../../medusa-backend/src/shared/payment-block"
import { composeOrderEmail } from "../../medusa-backend/src/workflows/order-email/utils/compose-order-email"
import { emailDeliveries, type EmailTry, retryGapMs } from "../../medusa-backend/src/workflows/order-email/utils/email-deliveries"
import { ORDER_EMAIL_KINDS, type OrderEmailKind } from "../../medusa-backend/src/workflows/order-email/utils/email-kinds"
import { renderOrderEmail } from "../../medusa-backend/src/workflows/order-email/utils/render-order-email"

const MINUTE = 60_000
const t0 = new Date("2026-11-20T10:00:00Z")
const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE)

let id = 0
const attempt = (key: string, status: string, minutes: number, template = "order-confirmation", ref: string | null = null): EmailTry => ({
  id: `noti_${++id}`,
  template,
  status,
  idempotency_key: key,
  resource_id: "order_1",
  data: { ref },
  created_at: at(minutes),
})

describe("customer email deliveries (retry rules)", () => {
  it("waits 5 minutes after a failure, doubling each time, never more than 4 hours", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((tries) => retryGapMs(tries) / MINUTE)).toEqual([5, 10, 20, 40, 80, 160, 240, 240])
  })

  it("is sent once any try succeeded; retrying while within a day of its first try; then failed", () => {
    const sent = emailDeliveries(
      [attempt("order-confirmation:order_1", "failure", 0), attempt("order-confirmation:order_1:retry-1", "success", 6)],
      at(7)
    )
    expect(sent).toEqual([expect.objectContaining({ key: "order-confirmation:order_1", status: "sent", tries: 2, retry_at: null })])
    expect(sent[0].last_try_at).toEqual(at(6))

    const failing = [attempt("order-confirmation:order_1", "failure", 0), attempt("order-confirmation:order_1:retry-1", "failure", 6)]
    expect(emailDeliveries(failing, at(7))[0]).toMatchObject({ status: "retrying", retry_at: at(16) })
    expect(emailDeliveries(failing, at(24 * 60 + 1))[0]).toMatchObject({ status: "failed", retry_at: null })
  })

  it("takes a try pending for more than 10 minutes for dead, and a fresh one for a send under way", () => {
    expect(emailDeliveries([attempt("payment-received:order_1", "pending", 0, "payment-received")], at(5))[0].status).toBe("sending")
    expect(emailDeliveries([attempt("payment-received:order_1", "pending", 0, "payment-received")], at(11))[0].status).toBe("retrying")
  })

  it("tells the emails of an order apart by their first key, keeps each one's ref, and ignores other notifications", () => {
    const deliveries = emailDeliveries(
      [
        attempt("order-shipped:order_1:ful_1", "success", 10, "order-shipped", "ful_1"),
        attempt("order-shipped:order_1:ful_2", "failure", 20, "order-shipped", "ful_2"),
        attempt("order-confirmation:order_1", "success", 0),
        attempt("something-else", "failure", 1, "newsletter"),
      ],
      at(21)
    )
    expect(deliveries.map((d) => [d.kind, d.ref, d.status])).toEqual([
      ["order-confirmation", null, "sent"],
      ["order-shipped", "ful_1", "sent"],
      ["order-shipped", "ful_2", "retrying"],
    ])
  })
})

const payment = paymentBlock({
  order_number: "HH-7K3M-9Q2X",
  total: 63.99,
  placed_at: t0,
  payment_method: "zelle",
  pay_to: "payments@harborhealth.example",
  has_prescription_items: true,
  ttl_days: 3,
})

const view = (overrides: Partial<OrderStatusView> = {}): OrderStatusView => ({
  order_number: "HH-7K3M-9Q2X",
  placed_at: t0.toISOString(),
  status_text: "Awaiting payment",
  timeline: [
    { kind: "placed", label: "Order placed", done: true, done_at: t0.toISOString() },
    { kind: "paid", label: "Payment received", done: false, done_at: null },
  ],
  canceled: null,
  items: [{ name: "Semaglutide Pen", variant: "2.5 mg", quantity: 1, unit_price: 50, line_total: 50 }],
  totals: { subtotal: 50, discount: 0, shipping: 9.99, tax: 4, total: 63.99 },
  payment,
  prescription_review: { state: "pending", text: "A pharmacist is reviewing ...", message: null, accepts_documents: true, documents: [] },
  shipments: [],
  ...overrides,
})

const facts = (overrides: Partial<OrderStatusView> = {}): OrderEmailFacts => ({
  order_id: "order_1",
  email: "pat@example.com",
  order_number: "HH-7K3M-9Q2X",
  first_name: "Pat",
  ship_to: ["Pat Lee", "12 Elm Street, Springfield, IL 62704"],
  status_link: "https://shop.example/order-status/token",
  payment_method: "zelle",
  view: view(overrides),
  shipping: { name: "Cold Chain Shipping", ship_date: "2026-11-23" },
  shipment: (fulfillmentId) =>
    fulfillmentId === "ful_1"
      ? {
          carrier: "USPS",
          tracking_number: "9400111899562537866361",
          tracking_url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899562537866361",
          shipped_at: at(60).toISOString(),
          delivered_at: null,
        }
      : null,
})

const everyState = {
  ...view(),
  prescription_review: {
    state: "needs_information" as const,
    text: "...",
    message: "Send a photo of the label <please>.",
    accepts_documents: true,
    documents: [],
  },
}

describe("customer email words", () => {
  it("tells the shipping option chosen and its expected ship date in the confirmation (decision 0059)", () => {
    const message = composeOrderEmail({ kind: "order-confirmation", order_id: "order_1" }, facts())
    expect(message?.paragraphs).toContain("Shipping: Cold Chain Shipping, expected to ship Monday, November 23.")
  })

  it("never names a product, a variant or an address in a subject, for any kind", () => {
    for (const kind of ORDER_EMAIL_KINDS) {
      const message = composeOrderEmail({ kind, order_id: "order_1", ref: "ful_1" }, facts(everyState))
      const subject = message?.subject ?? ""
      for (const word of ["Semaglutide", "2.5 mg", "Elm Street", "Springfield"]) expect(subject, kind).not.toContain(word)
    }
  })

  it("composes nothing for an email whose moment has passed", () => {
    const paid = { payment: null, timeline: [{ kind: "paid" as const, label: "Payment received", done: true, done_at: t0.toISOString() }] }
    const none: [OrderEmailKind, Partial<OrderStatusView>, string | null][] = [
      ["payment-reminder", paid, null],
      ["prescription-approved", {}, null],
      ["prescription-needs-information", {}, null],
      ["order-shipped", {}, "ful_unknown"],
      ["order-delivered", {}, "ful_1"], // shipped, not delivered
      ["order-canceled", {}, null],
    ]
    for (const [kind, state, ref] of none) expect(composeOrderEmail({ kind, order_id: "order_1", ref }, facts(state)), kind).toBeNull()
  })

  it("renders text and HTML from the same parts: the status link, the block, the message quoted and escaped, items behind the greeting", () => {
    const message = composeOrderEmail({ kind: "prescription-needs-information", order_id: "order_1" }, facts(everyState))!
    const f = facts(everyState)
    const email = renderOrderEmail(message, {
      first_name: f.first_name,
      status_link: f.status_link,
      items: f.view.items,
      totals: f.view.totals,
      ship_to: f.ship_to,
      support_email: "support@harborhealth.example",
    })
    expect(email.subject).toBe("Action needed: your Harbor Health Pharmacy order HH-7K3M-9Q2X")
    expect(email.text).toContain("> Send a photo of the label <please>.")
    expect(email.html).toContain("Send a photo of the label &lt;please&gt;.")
    for (const body of [email.text, email.html]) {
      expect(body).toContain("https://shop.example/order-status/token")
      expect(body.indexOf("Semaglutide Pen")).toBeGreaterThan(body.indexOf("Hello Pat,"))
      expect(body).toContain("12 Elm Street")
    }

    const shipped = composeOrderEmail({ kind: "order-shipped", order_id: "order_1", ref: "ful_1" }, f)!
    expect(shipped.block).toEqual({
      title: "Tracking",
      rows: [
        ["Carrier", "USPS"],
        ["Tracking number", "9400111899562537866361"],
      ],
      link: { label: "Track your package", url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899562537866361" },
    })
    const canceled = composeOrderEmail(
      { kind: "order-canceled", order_id: "order_1" },
      facts({ canceled: { reason: "unpaid", text: "The order was canceled because its payment did not arrive in time.", at: null } })
    )!
    expect(canceled.show_ship_to).toBe(false)
  })
})
