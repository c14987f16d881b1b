// @vitest-environment happy-dom
/**
 * The staff area's work queues page (issue 24): tabs with counts and `aria-current`, the
 * pharmacist's queue only when the backend counted it, the search form (a GET form with its
 * label and the queue), the table's columns (no health data), pagination that keeps the queue
 * and the search, empty and refused states; and the loader's helpers.
 */
import type { StaffQueueOrder } from "@shared/dto/order-queues"
import React from "react"
import { describe, expect, it, vi } from "vitest"

import type { Admin } from "~/lib/data/staff/client.server"
import { getOrderQueue } from "~/lib/data/staff/orders.server"
import { ageText, queueRequestOf, queueRows } from "~/routes/admin.orders/queue-page.server"
import { queueHref } from "~/routes/admin.orders/queues"
import OrderQueues from "~/routes/admin.orders/route"

import { tableText, unmountAfterEach } from "../support/remix-stub"
import { renderInStaffArea } from "../support/staff-order-page"

void React // the classic JSX transform of the unit project needs React in scope

const order = (id: string, extra: Partial<StaffQueueOrder> = {}): StaffQueueOrder => ({
  unique_order_id: id,
  email: `${id.toLowerCase()}@example.com`,
  status: "awaiting_payment",
  paid: false,
  total_price: 52.49,
  totals: { subtotal: 40, shipping: 9.99, tax: 2.5, discount: 0, total: 52.49 },
  created_at: "2026-11-20T15:00:00.000Z",
  cancels_at: "2026-11-23T15:00:00.000Z",
  ...extra,
})

const COUNTS = { awaiting_payment: 2, ready_to_ship: 5, awaiting_prescription_review: 1, shipped: 0, canceled: 3 }

/** The page under the staff layout, its loader answering `data` (what the real loader returns). */
const renderPage = (data: Record<string, unknown>, url = "/admin/orders") =>
  renderInStaffArea(
    [
      {
        id: "routes/admin.orders",
        path: "orders",
        Component: OrderQueues,
        loader: () => ({
          queue: "awaiting_payment",
          q: "",
          page: 1,
          pages: 1,
          count: 0,
          counts: COUNTS,
          rows: [],
          refusal: null,
          error: null,
          ...data,
        }),
      },
    ],
    url
  )

describe("the work queues page (issue 24)", () => {
  const unmountAfterTest = unmountAfterEach()

  it("links every queue with its count, marks the current one, and lists its orders without health data", async () => {
    const rows = queueRows(
      [order("HH-AAAA-2222"), order("HH-BBBB-3333", { status: "awaiting_prescription_review" })],
      new Date("2026-11-22T16:00:00Z")
    )
    const page = await renderPage({ count: 2, rows })
    unmountAfterTest(page)
    const { container } = page
    const nav = container.querySelector('nav[aria-label="Order queues"]')!
    const links = [...nav.querySelectorAll("a")]
    expect(links.map((link) => link.textContent)).toEqual([
      "Awaiting payment2 orders",
      "Ready to ship5 orders",
      "Prescription review1 order",
      "Shipped0 orders",
      "Recently canceled3 orders",
    ])
    expect(links.filter((link) => link.getAttribute("aria-current") === "page").map((link) => link.getAttribute("href"))).toEqual([
      "/admin/orders?queue=awaiting_payment",
    ])

    const table = tableText(container, "queue-order")
    expect(table.caption).toMatch(/awaiting payment, oldest first/)
    expect(table.headers).toEqual(["Order ID", "Placed", "Age", "Canceled if unpaid", "Status", "Total", "Email"])
    const cells = table.rows
    expect(cells[0]).toEqual([
      "HH-AAAA-2222",
      "Nov 20, 2026, 10:00 AM ET",
      "2 days",
      "Nov 23, 2026, 10:00 AM ET",
      "Awaiting payment",
      "$52.49",
      "hh-aaaa-2222@example.com",
    ])
    expect(cells[1][4]).toBe("Awaiting prescription review")
    expect(container.querySelector('a[href="/admin/order-details?id=HH-AAAA-2222"]')).not.toBeNull()
    expect(container.querySelector('[data-testid="queue-summary"]')?.textContent).toBe("2 orders")
    expect(page.problems).toEqual([])
  })

  it("searches with a labelled GET form that keeps the queue; pages keep the queue and the search", async () => {
    const rows = queueRows([order("HH-CCCC-4444", { status: "paid", paid: true, cancels_at: null })])
    const page = await renderPage(
      { queue: "ready_to_ship", q: "kim@", page: 2, pages: 3, count: 51, rows },
      "/admin/orders?queue=ready_to_ship&q=kim%40&page=2"
    )
    unmountAfterTest(page)
    const { container } = page
    const form = container.querySelector('form[role="search"]') as HTMLFormElement
    expect(form.getAttribute("method")).toBe("get")
    expect(form.getAttribute("action")).toBe("/admin/orders")
    const input = form.querySelector('input[name="q"]') as HTMLInputElement
    expect(container.querySelector(`label[for="${input.id}"]`)?.textContent).toContain("Order number or email")
    expect(input.value).toBe("kim@")
    expect((form.querySelector('input[name="queue"]') as HTMLInputElement).value).toBe("ready_to_ship")
    // The queues' links keep the search.
    expect(container.querySelector('nav[aria-label="Order queues"] a[aria-current="page"]')?.getAttribute("href")).toBe(
      "/admin/orders?queue=ready_to_ship&q=kim%40"
    )
    expect(container.querySelector('a[href="/admin/orders?queue=shipped&q=kim%40"]')?.textContent).toContain("Shipped")
    expect([...container.querySelectorAll("a")].find((a) => a.textContent === "Clear search")?.getAttribute("href")).toBe(
      "/admin/orders?queue=ready_to_ship"
    )
    // No auto-cancel column outside "awaiting payment".
    expect([...container.querySelectorAll("th")].map((th) => th.textContent)).not.toContain("Canceled if unpaid")
    const pager = container.querySelector('nav[aria-label="Pagination"]')!
    expect(pager.querySelector('a[rel="next"]')?.getAttribute("href")).toBe("/admin/orders?queue=ready_to_ship&q=kim%40&page=3")
    expect(pager.querySelector('a[rel="prev"]')?.getAttribute("href")).toBe("/admin/orders?queue=ready_to_ship&q=kim%40")
    expect(container.querySelector('[data-testid="queue-summary"]')?.textContent).toBe('51 orders matching "kim@"')
  })

  it("says when a queue is empty, or nothing matches the search", async () => {
    let page = await renderPage({ queue: "shipped" })
    expect(page.container.querySelector('[data-testid="queue-empty"]')?.textContent).toBe("No shipment is on its way")
    expect(page.container.querySelector("table")).toBeNull()
    page.cleanup()
    page = await renderPage({ queue: "shipped", q: "nobody" })
    unmountAfterTest(page)
    expect(page.container.querySelector('[data-testid="queue-empty"]')?.textContent).toBe('No order in this queue matches "nobody"')
  })

  it("hides the pharmacist's queue from other staff, and says why when one is asked for", async () => {
    const { awaiting_prescription_review: _held, ...others } = COUNTS
    let page = await renderPage({ counts: others })
    expect([...page.container.querySelectorAll('nav[aria-label="Order queues"] a')].map((a) => a.getAttribute("href"))).not.toContain(
      "/admin/orders?queue=awaiting_prescription_review"
    )
    page.cleanup()
    page = await renderPage({
      queue: "awaiting_prescription_review",
      counts: others,
      refusal: "Prescription review is open to pharmacists only.",
    })
    unmountAfterTest(page)
    expect(page.container.querySelector('[data-testid="not-pharmacist"]')?.textContent).toContain("pharmacists only")
    expect(page.container.querySelector('[data-testid="queue-empty"]')).toBeNull()
  })
})

describe("the work queues' loader helpers", () => {
  it("reads the queue, search and page from the address, falling back when they do not read", () => {
    expect(queueRequestOf(new URL("http://s.test/admin/orders?queue=shipped&q=%20HH-7K3M%20&page=2"), "awaiting_payment")).toEqual({
      queue: "shipped",
      q: "HH-7K3M",
      page: 2,
    })
    expect(queueRequestOf(new URL("http://s.test/admin/orders?queue=later&page=-1"), "awaiting_payment")).toEqual({
      queue: "awaiting_payment",
      q: "",
      page: 1,
    })
    expect(queueHref({ queue: "canceled", q: "a b", page: 1 })).toBe("/admin/orders?queue=canceled&q=a+b")
  })

  it("tells an order's age in its largest whole unit", () => {
    const now = new Date("2026-11-25T12:00:00Z")
    expect(ageText("2026-11-25T11:59:30Z", now)).toBe("0 minutes")
    expect(ageText("2026-11-25T11:00:00Z", now)).toBe("1 hour")
    expect(ageText("2026-11-24T11:00:00Z", now)).toBe("1 day")
    expect(ageText("2026-11-20T12:00:00Z", now)).toBe("5 days")
  })

  it("asks the backend for one page of one queue, the search only when there is one", async () => {
    const call = vi.fn(async () => ({}))
    const admin = { call } as unknown as Admin
    await getOrderQueue(admin, { queue: "shipped", q: "", page: 2, limit: 25 })
    await getOrderQueue(admin, { queue: "canceled", q: "kim", page: 1, limit: 25 })
    expect(call.mock.calls).toEqual([
      ["/api/order-queues/", { query: { queue: "shipped", page: 2, limit: 25 } }],
      ["/api/order-queues/", { query: { queue: "canceled", page: 1, limit: 25, q: "kim" } }],
    ])
  })
})
