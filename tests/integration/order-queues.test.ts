/**
 * The staff area's work queues (issue 24): GET /api/order-queues/ on real orders in every state,
 * placed through the Store API and moved on by the staff /api (mark paid, review, cancel) and by
 * Medusa's Admin API (fulfilment and shipment workflows, delivery). Each queue lists the right
 * orders in the right order, the counts agree, the search finds by number and by email, pages
 * page, the review queue is a pharmacist's, and no answer names a product.
 */
import { readBackendConfig } from "../../medusa-backend/src/lib/config"
import { ensureAdminUser } from "../../medusa-backend/src/scripts/seed/admin-user"
import type { StaffOrderQueuePage } from "../../medusa-backend/src/shared/dto/order-queues"
import { staffTokens } from "./api-helpers"
import { placeOneLineOrder, shipThroughAdmin } from "./store-api"
import { integrationSuite } from "./suite"

const OPS = { email: "queues.ops@example.com", password: "ops-password-1" }
const DAY_MS = 24 * 3600 * 1000

integrationSuite(
  {
    staff: "pharmacist",
    admin: true,
    products: {
      rx: { price: 40, stock: 50, prescription: true, title: "Semaglutide Pen" },
      plain: { price: 25, stock: 50, title: "Glucose Test Strips" },
    },
  },
  (suite, { getContainer, dbConnection }) => {
    const { setup, store, call, admin } = suite
    const { rx, plain } = suite.products
    let ops: string
    /** Order numbers by the state the setup left them in, oldest first within each name. */
    const n: Record<string, string> = {}

    // Top level on purpose: the runner restores the database before each test to what it held after this.
    beforeAll(async () => {
      await ensureAdminUser(getContainer(), OPS)
      ops = (await staffTokens(call, OPS)).access

      const place = async (name: string, variantId: string, email: string) => {
        const order = await placeOneLineOrder(store, setup.regionId, variantId, 1, email)
        n[name] = order.custom_display_id
        return order.id
      }
      const staff = async (path: string, json?: Record<string, unknown>) => {
        const answer = await call("POST", path, { token: suite.token, ...(json ? { json } : {}) })
        expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200)
      }
      const markPaid = (name: string) => staff(`/api/orders/${n[name]}/mark-paid/`)
      const ship = (orderId: string) =>
        shipThroughAdmin(admin, orderId, { tracking_number: "9400111899562537866361", tracking_url: "https://tools.usps.com/" })

      await place("unpaid", plain.variant_id, "alex.unpaid@example.com")
      await place("unpaidRx", rx.variant_id, "robin.rx@example.com")
      await place("paid", plain.variant_id, "sam.paid@example.com")
      await markPaid("paid")
      await place("paidRxHeld", rx.variant_id, "robin.rx@example.com")
      await markPaid("paidRxHeld")
      await place("paidRxApproved", rx.variant_id, "kim.approved@example.com")
      await markPaid("paidRxApproved")
      await staff(`/api/orders/${n.paidRxApproved}/prescription-review/`, { decision: "approved" })
      const shippedId = await place("shipped", plain.variant_id, "lee.shipped@example.com")
      await markPaid("shipped")
      await ship(shippedId)
      const deliveredId = await place("delivered", plain.variant_id, "dee.delivered@example.com")
      await markPaid("delivered")
      const fulfillmentId = await ship(deliveredId)
      const delivered = await admin("POST", `/admin/orders/${deliveredId}/fulfillments/${fulfillmentId}/mark-as-delivered`, {})
      expect(delivered.status).toBe(200)
      await place("canceled", plain.variant_id, "cal.canceled@example.com")
      await staff(`/api/orders/${n.canceled}/cancel/`)
    })

    const queue = async (query: string, token = suite.token) => {
      const answer = await call("GET", `/api/order-queues/?${query}`, { token })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body as StaffOrderQueuePage
    }
    const numbers = (page: StaffOrderQueuePage) => page.orders.map((order) => order.unique_order_id)

    it("lists each state's orders in its queue, oldest first (canceled: most recent first), with every queue's count", async () => {
      const payment = await queue("queue=awaiting_payment")
      expect(numbers(payment)).toEqual([n.unpaid, n.unpaidRx])
      expect(payment.counts).toEqual({ awaiting_payment: 2, ready_to_ship: 2, awaiting_prescription_review: 2, shipped: 1, canceled: 1 })
      expect(payment).toMatchObject({ queue: "awaiting_payment", q: "", page: 1, limit: 25, count: 2 })

      expect(numbers(await queue("queue=ready_to_ship"))).toEqual([n.paid, n.paidRxApproved])
      expect(numbers(await queue("queue=awaiting_prescription_review"))).toEqual([n.unpaidRx, n.paidRxHeld])
      expect(numbers(await queue("queue=shipped"))).toEqual([n.shipped])
      const canceled = await queue("queue=canceled")
      expect(numbers(canceled)).toEqual([n.canceled])
      expect(canceled.orders[0]).toMatchObject({ status: "canceled", cancels_at: null })
      // Without a queue: the first one.
      expect((await queue("")).queue).toBe("awaiting_payment")
    })

    it("gives an unpaid order its auto-cancel moment (placed + UNPAID_ORDER_TTL_DAYS) and answers list rows only", async () => {
      const ttlDays = readBackendConfig(process.env).unpaidOrderTtlDays
      const payment = await queue("queue=awaiting_payment")
      for (const order of payment.orders) {
        expect(new Date(order.cancels_at!).getTime() - new Date(order.created_at).getTime()).toBe(ttlDays * DAY_MS)
        expect(Object.keys(order).sort()).toEqual(
          ["cancels_at", "created_at", "email", "paid", "status", "total_price", "totals", "unique_order_id"].sort()
        )
      }
      expect(payment.orders.map((order) => order.status)).toEqual(["awaiting_payment", "awaiting_prescription_review"])
      expect((await queue("queue=ready_to_ship")).orders.every((order) => order.paid && order.cancels_at === null)).toBe(true)
      // No queue names what was ordered (an order's page does, audited).
      for (const name of ["awaiting_payment", "ready_to_ship", "awaiting_prescription_review", "shipped", "canceled"]) {
        const body = JSON.stringify(await queue(`queue=${name}`))
        expect(body).not.toMatch(/Semaglutide|Glucose|Test Strips|variant|product|Elm Street|555-/i)
      }
    })

    it("searches by part of the order number, any case, and by email, within the queue; counts stay the queue's", async () => {
      const byNumber = await queue(`queue=awaiting_payment&q=${n.unpaidRx.slice(3).toLowerCase()}`)
      expect(numbers(byNumber)).toEqual([n.unpaidRx])
      expect(byNumber).toMatchObject({ count: 1, q: n.unpaidRx.slice(3).toLowerCase() })
      expect(byNumber.counts.awaiting_payment).toBe(2)

      expect(numbers(await queue("queue=awaiting_prescription_review&q=ROBIN.RX@example.com"))).toEqual([n.unpaidRx, n.paidRxHeld])
      expect(numbers(await queue("queue=ready_to_ship&q=robin.rx"))).toEqual([])
      expect(numbers(await queue(`queue=shipped&q=${encodeURIComponent(n.shipped)}`))).toEqual([n.shipped])
      expect(numbers(await queue("queue=canceled&q=cal.canceled"))).toEqual([n.canceled])
      // LIKE's wildcards are searched as text.
      const wildcard = await queue("queue=awaiting_payment&q=%25")
      expect(wildcard).toMatchObject({ count: 0, orders: [] })
    })

    it("pages with page and limit", async () => {
      const second = await queue("queue=awaiting_payment&limit=1&page=2")
      expect(numbers(second)).toEqual([n.unpaidRx])
      expect(second).toMatchObject({ count: 2, page: 2, limit: 1 })
      expect(numbers(await queue("queue=awaiting_payment&limit=1&page=3"))).toEqual([])
      const refused = await call("GET", "/api/order-queues/?queue=later&page=0", { token: suite.token })
      expect(refused.status).toBe(400)
      expect(refused.body.errors).toMatchObject({ queue: expect.stringContaining("queue must be one of"), page: "page must be at least 1" })
    })

    it("keeps the review queue to pharmacists: 403 for other staff, who see the rest without its count", async () => {
      const refused = await call("GET", "/api/order-queues/?queue=awaiting_prescription_review", { token: ops })
      expect(refused.status).toBe(403)
      const { rows: refusals } = await dbConnection.raw(
        "SELECT details FROM prescription_audit_entry WHERE action = 'refused' ORDER BY created_at DESC LIMIT 1"
      )
      expect(refusals[0]?.details).toMatchObject({ reason: "not_pharmacist" })

      const page = await queue("queue=awaiting_payment", ops)
      expect(numbers(page)).toEqual([n.unpaid, n.unpaidRx])
      expect(page.counts).toEqual({ awaiting_payment: 2, ready_to_ship: 2, shipped: 1, canceled: 1 })
      expect((await call("GET", "/api/order-queues/?queue=shipped")).status).toBe(401)
    })

    it("audits each read: who, which queue and search, and the orders answered", async () => {
      await queue(`queue=shipped&q=lee`)
      const { rows } = await dbConnection.raw(
        "SELECT actor_id, subject_type, details FROM prescription_audit_entry WHERE action = 'list' ORDER BY created_at DESC LIMIT 1"
      )
      expect(rows[0]).toMatchObject({
        subject_type: "order",
        details: { filters: { queue: "shipped", q: "lee", page: 1, limit: 25 }, ids: [expect.stringMatching(/^order_/)] },
      })
    })
  }
)
