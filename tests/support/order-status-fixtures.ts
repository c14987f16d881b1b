/** An order's status as the backend answers it, a status link token, and a stand-in for the backend (unit tests of issue 23). */
import type { OrderStatusView } from "@shared/dto/order-status"
import { paymentBlock } from "@shared/payment-block"
import { vi } from "vitest"

export const TOKEN = `order_01JABCDEFGHJKMNPQRSTVWXYZ0.1790000000.1.${"A".repeat(21)}-_${"b".repeat(20)}`

/** An order as `GET /store/order-status/{token}` answers it: placed, awaiting its Zelle payment. */
export function statusView(overrides: Partial<OrderStatusView> = {}): OrderStatusView {
  return {
    order_number: "HH-7K3M-9Q2X",
    placed_at: "2026-11-25T17:42:04.000Z",
    status_text: "Awaiting payment",
    timeline: [
      { kind: "placed", label: "Order placed", done: true, done_at: "2026-11-25T17:42:04.000Z" },
      { kind: "paid", label: "Payment received", done: false, done_at: null },
      { kind: "shipped", label: "Shipped", done: false, done_at: null },
      { kind: "delivered", label: "Delivered", done: false, done_at: null },
    ],
    canceled: null,
    items: [{ name: "Pen Needles", variant: "4 mm 32G", quantity: 2, unit_price: 24.99, line_total: 49.98 }],
    totals: { subtotal: 49.98, discount: 0, shipping: 9.99, tax: 0, total: 59.97 },
    payment: paymentBlock({
      order_number: "HH-7K3M-9Q2X",
      total: 59.97,
      placed_at: "2026-11-25T17:42:04.000Z",
      payment_method: "pp_zelle_manual",
      pay_to: "payments@example.com",
      has_prescription_items: false,
      ttl_days: 3,
    }),
    prescription_review: null,
    shipments: [],
    ...overrides,
  }
}

/** The backend's answers, one per call; records what the storefront sent. */
export function backend(...answers: ({ status: number; body: unknown; headers?: Record<string, string> } | Error)[]) {
  const calls: { url: string; method: string; headers: Headers; body: unknown }[] = []
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: URL | string, init: RequestInit) => {
      calls.push({
        url: String(url),
        method: String(init.method ?? "GET"),
        headers: new Headers(init.headers),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      })
      const answer = answers[Math.min(calls.length, answers.length) - 1]
      if (answer instanceof Error) throw answer
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "content-type": "application/json", ...answer.headers },
      })
    })
  )
  return calls
}
