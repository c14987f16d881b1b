/**
 * A guest's order status through the signed link of their emails (issue 23, decision 0050),
 * replayed on the real backend: an order placed through the Store API, its confirmation email
 * (the development outbox: what the customer receives), the link in it opened through
 * `GET /store/order-status/{token}` with the publishable key, and each change made as ops make
 * it, through Medusa's own Admin API (capture, fulfilment, shipment with a tracking label,
 * delivery, cancel) or the staff /api (prescription review).
 */
import fs from "node:fs"
import path from "node:path"

import { medusaIntegrationTestRunner } from "@medusajs/test-utils"

import { revokeOrderStatusLinks, signStatusToken } from "../../medusa-backend/src/lib/orders/status-link"
import { DEV_ADMIN } from "../../medusa-backend/src/scripts/seed/admin-credentials"
import { ensureAdminUser } from "../../medusa-backend/src/scripts/seed/admin-user"
import { ORDER_STATUS_NOT_FOUND_MESSAGE } from "../../medusa-backend/src/shared/dto/order-status"
import { cancelUnpaidOrderWorkflow } from "../../medusa-backend/src/workflows/order/workflows/cancel-unpaid-order"
import { apiCaller, type Call, pharmacistTokens } from "./api-helpers"
import { BACKEND_DIR, createTestProduct, setupStore, type StoreSetup, withSettings } from "./helpers"
import { adminCaller, checkoutThroughStoreApi, type StoreCall, storeCaller } from "./store-api"

type Product = Awaited<ReturnType<typeof createTestProduct>>
type Order = { id: string; custom_display_id: string; email: string }
type Email = { from: string; reply_to?: string; to: string; subject: string; text: string; html: string }

const STOREFRONT = process.env.STOREFRONT_PUBLIC_URL!
const TRACKING_URL = "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899562537866361"

medusaIntegrationTestRunner({
  cwd: BACKEND_DIR,
  testSuite: ({ getContainer, api, dbConnection }) => {
    let setup: StoreSetup
    let store: StoreCall
    let admin: Awaited<ReturnType<typeof adminCaller>>
    let call: Call
    let pharmacist: string
    let rx: Product
    let plain: Product

    beforeAll(async () => {
      const container = getContainer()
      setup = await setupStore(container)
      await ensureAdminUser(container, DEV_ADMIN)
      rx = await createTestProduct(container, setup, { price: 40, stock: 50, prescription: true, title: "Semaglutide Pen" })
      plain = await createTestProduct(container, setup, { price: 25, stock: 50, title: "Test Strips" })
      store = storeCaller(api, setup.publishableKey)
      admin = await adminCaller(api)
      call = apiCaller(api)
      pharmacist = (await pharmacistTokens(call)).access
    })

    const placeOrder = async (lines: { variant_id: string; quantity: number }[], email: string): Promise<Order> => {
      const { completed } = await checkoutThroughStoreApi(store, { region_id: setup.regionId, lines, email })
      expect(completed.body.type).toBe("order")
      return completed.body.order
    }

    /** The confirmation email as the customer receives it, once the order.placed subscriber has sent it. */
    const confirmationEmail = async (order: Order): Promise<Email> => {
      const outbox = path.join(process.env.DATA_DIR!, "outbox")
      for (let i = 0; i < 100; i++) {
        const { rows } = await dbConnection.raw(
          "SELECT status FROM notification WHERE resource_id = ? AND template = 'order-confirmation' AND status = 'success'",
          [order.id]
        )
        if (rows.length && fs.existsSync(outbox)) {
          const emails: Email[] = fs
            .readdirSync(outbox)
            .map((file) => JSON.parse(fs.readFileSync(path.join(outbox, file), "utf8")))
            .filter((email: Email) => email.subject === `Your Harbor Health Pharmacy order ${order.custom_display_id}`)
          if (emails.length) {
            expect(emails).toHaveLength(1)
            return emails[0]
          }
        }
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`No confirmation email for ${order.custom_display_id}`)
    }

    const linkTokenOf = (email: Email) => {
      const match = new RegExp(`${STOREFRONT.replace(/[.]/g, "\\.")}/order-status/(\\S+)`).exec(email.text)
      expect(match, "the email's status link").not.toBeNull()
      return match![1]
    }

    const statusOf = (token: string) => store("GET", `/store/order-status/${token}`)
    const orderStatus = async (token: string) => {
      const answer = await statusOf(token)
      expect(answer.status).toBe(200)
      return answer.body.order
    }

    const capturePayment = async (orderId: string) => {
      const { body } = await admin("GET", `/admin/orders/${orderId}?fields=id,*payment_collections.payments`)
      const payment = body.order.payment_collections[0].payments[0]
      const captured = await admin("POST", `/admin/payments/${payment.id}/capture`, {})
      expect(captured.status).toBe(200)
    }

    /** Medusa Admin's "Create fulfillment" for every line, then "Mark as shipped" with a tracking label. */
    const shipWithTracking = async (orderId: string) => {
      const { body } = await admin("GET", `/admin/orders/${orderId}?fields=id,*items`)
      const items = body.order.items.map((item: { id: string; quantity: unknown }) => ({ id: item.id, quantity: Number(item.quantity) }))
      const fulfilled = await admin("POST", `/admin/orders/${orderId}/fulfillments?fields=id,*fulfillments`, { items })
      expect(fulfilled.status).toBe(200)
      const fulfillmentId = fulfilled.body.order.fulfillments[0].id as string
      const shipped = await admin("POST", `/admin/orders/${orderId}/fulfillments/${fulfillmentId}/shipments`, {
        items,
        labels: [{ tracking_number: "9400111899562537866361", tracking_url: TRACKING_URL, label_url: "https://labels.example/1.pdf" }],
      })
      expect(shipped.status).toBe(200)
      return fulfillmentId
    }

    const kinds = (order: { timeline: { kind: string; done: boolean }[] }) => order.timeline.map((step) => [step.kind, step.done])

    it("the confirmation email carries the link, how to pay by when, the items behind the greeting, and Reply-To support", async () => {
      const order = await placeOrder([{ variant_id: plain.variant_id, quantity: 2 }], "email.reader@example.com")
      const email = await confirmationEmail(order)
      expect(email.to).toBe("email.reader@example.com")
      expect(email.reply_to).toBe("support@harborhealth.example")
      // No product, variant or address in the subject, which mail clients show in lists.
      expect(email.subject).toBe(`Your Harbor Health Pharmacy order ${order.custom_display_id}`)
      for (const body of [email.text, email.html]) {
        expect(body).toContain(`${STOREFRONT}/order-status/`)
        const greeting = body.indexOf("Hello Pat,")
        expect(greeting).toBeGreaterThanOrEqual(0)
        expect(body.indexOf("Test Strips")).toBeGreaterThan(greeting)
        expect(body.indexOf("12 Elm Street")).toBeGreaterThan(greeting)
      }
      expect(email.text).toContain("2 x Test Strips (Standard): $50.00")
      const status = await orderStatus(linkTokenOf(email))
      // The email's payment block is the status page's, word for word (one source).
      expect(email.text).toContain(status.payment.instruction)
      expect(email.text).toContain(`Pay by: ${status.payment.pay_by_text}`)
      expect(email.text).toContain(`Pay to: payments@harborhealth.example`)
      for (const step of status.payment.next_steps) expect(email.text).toContain(`- ${step}`)
      expect(email.text).toContain("Reply to this email, or write to support@harborhealth.example")
    })

    it("shows a placed order with how to pay, then paid, shipped with its tracking, delivered", async () => {
      const order = await placeOrder([{ variant_id: plain.variant_id, quantity: 2 }], "status.reader@example.com")
      const token = linkTokenOf(await confirmationEmail(order))

      const answer = await statusOf(token)
      expect(answer.status).toBe(200)
      expect(answer.headers.get("cache-control")).toBe("no-store")
      expect(answer.headers.get("x-robots-tag")).toBe("noindex")
      const placed = answer.body.order
      expect(placed).toMatchObject({
        order_number: order.custom_display_id,
        status_text: "Awaiting payment",
        canceled: null,
        prescription_review: null,
        shipments: [],
        items: [{ name: "Test Strips", variant: "Standard", quantity: 2, unit_price: 25, line_total: 50 }],
        totals: { subtotal: 50, discount: 0, shipping: 9.99, tax: 4, total: 63.99 },
      })
      expect(kinds(placed)).toEqual([
        ["placed", true],
        ["paid", false],
        ["shipped", false],
        ["delivered", false],
      ])
      const placedAt = new Date(placed.placed_at).getTime()
      expect(placed.payment).toMatchObject({
        method: "Zelle",
        pay_to: "payments@harborhealth.example",
        amount: 63.99,
        memo: `Order ${order.custom_display_id}`,
        pay_by: new Date(placedAt + 3 * 24 * 3600 * 1000).toISOString(), // UNPAID_ORDER_TTL_DAYS' default
      })
      // Nothing the status page does not need: no address, phone or email.
      const json = JSON.stringify(placed)
      for (const word of ["Elm Street", "555-123-4567", "status.reader@example.com", order.id]) expect(json).not.toContain(word)

      await capturePayment(order.id)
      const paid = await orderStatus(token)
      expect(paid).toMatchObject({ status_text: "Paid, preparing to ship", payment: null })
      expect(kinds(paid).slice(0, 2)).toEqual([
        ["placed", true],
        ["paid", true],
      ])
      expect(paid.timeline[1].done_at).not.toBeNull()

      const fulfillmentId = await shipWithTracking(order.id)
      const shipped = await orderStatus(token)
      expect(shipped.status_text).toBe("Shipped")
      expect(kinds(shipped)).toEqual([
        ["placed", true],
        ["paid", true],
        ["shipped", true],
        ["delivered", false],
      ])
      expect(shipped.shipments).toEqual([
        expect.objectContaining({
          carrier: "USPS",
          tracking_number: "9400111899562537866361",
          tracking_url: TRACKING_URL,
          delivered_at: null,
        }),
      ])

      const delivered = await admin("POST", `/admin/orders/${order.id}/fulfillments/${fulfillmentId}/mark-as-delivered`, {})
      expect(delivered.status).toBe(200)
      const done = await orderStatus(token)
      expect(done.status_text).toBe("Delivered")
      expect(kinds(done).at(-1)).toEqual(["delivered", true])
    })

    it("shows a prescription order's review in plain words, pending then approved, never the pharmacist's note", async () => {
      const order = await placeOrder([{ variant_id: rx.variant_id, quantity: 1 }], "rx.reader@example.com")
      const token = linkTokenOf(await confirmationEmail(order))
      const pending = await orderStatus(token)
      expect(pending.prescription_review).toEqual({
        state: "pending",
        text: "A pharmacist is reviewing the prescription items of your order. We contact you if we need anything.",
        message: null,
      })
      expect(kinds(pending)).toEqual([
        ["placed", true],
        ["paid", false],
        ["prescription_reviewed", false],
        ["shipped", false],
        ["delivered", false],
      ])
      expect(pending.payment.next_steps[0]).toBe(
        "A pharmacist reviews the prescription items of your order; we contact you if we need anything."
      )

      const approved = await call("POST", `/api/orders/${order.custom_display_id}/prescription-review/`, {
        token: pharmacist,
        json: { decision: "approved", note: "Dose confirmed with prescriber" },
      })
      expect(approved.status).toBe(200)
      const reviewed = await orderStatus(token)
      expect(reviewed.prescription_review).toEqual({
        state: "approved",
        text: "A pharmacist has approved the prescription items of your order.",
        message: null,
      })
      expect(kinds(reviewed)[2]).toEqual(["prescription_reviewed", true])
      expect(JSON.stringify(reviewed)).not.toContain("Dose confirmed")
    })

    it("shows a canceled order with its reason: by staff, unpaid, prescription rejected", async () => {
      const byStaff = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], "canceled.reader@example.com")
      const byStaffToken = linkTokenOf(await confirmationEmail(byStaff))
      expect((await admin("POST", `/admin/orders/${byStaff.id}/cancel`, {})).status).toBe(200)
      const canceled = await orderStatus(byStaffToken)
      expect(canceled).toMatchObject({ status_text: "Canceled", payment: null, canceled: { reason: "by_staff" } })
      expect(canceled.canceled.text).toBe(
        "The order was canceled by the pharmacy. No payment was taken. Please contact us with any question."
      )
      expect(kinds(canceled)).toEqual([
        ["placed", true],
        ["canceled", true],
      ])

      const unpaid = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], "unpaid.reader@example.com")
      const unpaidToken = linkTokenOf(await confirmationEmail(unpaid))
      // The unpaid-order job's own workflow for this order (the job picks orders by age; see order-operations.test.ts).
      await cancelUnpaidOrderWorkflow(getContainer()).run({ input: { order_id: unpaid.id } })
      expect((await orderStatus(unpaidToken)).canceled).toMatchObject({
        reason: "unpaid",
        text: "The order was canceled because its payment did not arrive in time. No payment was taken.",
      })

      const rejected = await placeOrder([{ variant_id: rx.variant_id, quantity: 1 }], "rejected.reader@example.com")
      const rejectedToken = linkTokenOf(await confirmationEmail(rejected))
      const decision = await call("POST", `/api/orders/${rejected.custom_display_id}/prescription-review/`, {
        token: pharmacist,
        json: { decision: "rejected", note: "Prescription expired" },
      })
      expect(decision.status).toBe(200)
      const refused = await orderStatus(rejectedToken)
      expect(refused.canceled).toMatchObject({ reason: "prescription_rejected" })
      expect(refused.prescription_review.state).toBe("rejected")
      expect(JSON.stringify(refused)).not.toContain("Prescription expired")
    })

    it("tells Medusa Admin the pharmacy's state of an order (GET /admin/orders/{id}/pharmacy): number, payment in the shop's words, the hold, how to pay", async () => {
      const order = await placeOrder([{ variant_id: rx.variant_id, quantity: 1 }], "widget.reader@example.com")
      const pharmacy = async () => {
        const answer = await admin("GET", `/admin/orders/${order.id}/pharmacy`)
        expect(answer.status).toBe(200)
        expect(answer.headers.get("cache-control")).toBe("no-store")
        return answer.body.pharmacy
      }

      const held = await pharmacy()
      expect(held).toMatchObject({
        order_number: order.custom_display_id,
        status_text: "Awaiting payment",
        payment_text: "Awaiting payment",
        payment: { method: "Zelle", pay_to: "payments@harborhealth.example", memo: `Order ${order.custom_display_id}` },
        prescription_review: { state: "pending", text: "Held: awaiting a pharmacist's review. It cannot ship until approved." },
        canceled_text: null,
      })
      // Medusa Admin's own view of the same order says "authorized": the widget is what tells ops it is unpaid.
      const medusa = await admin("GET", `/admin/orders/${order.id}?fields=payment_status`)
      expect(medusa.body.order.payment_status).toBe("authorized")

      const reviewed = await call("POST", `/api/orders/${order.custom_display_id}/prescription-review/`, {
        token: pharmacist,
        json: { decision: "approved", note: "Dose confirmed with prescriber" },
      })
      expect(reviewed.status).toBe(200)
      await capturePayment(order.id)
      const ready = await pharmacy()
      expect(ready).toMatchObject({
        payment_text: "Paid",
        payment: null,
        prescription_review: { state: "approved", text: "Approved by a pharmacist: the prescription items may ship." },
      })
      // Minimum necessary: no pharmacist note, no address or email.
      for (const word of ["Dose confirmed", "Elm Street", "widget.reader@example.com"]) expect(JSON.stringify(ready)).not.toContain(word)

      // Only signed-in admin users: Medusa guards every /admin route.
      const anonymous = await fetch(`${api.defaults.baseURL}/admin/orders/${order.id}/pharmacy`)
      expect(anonymous.status).toBe(401)
      expect((await admin("GET", "/admin/orders/order_missing/pharmacy")).status).toBe(404)
    })

    it("answers one 404 for a tampered, expired, revoked or another order's token, or after the order's email changed", async () => {
      const order = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], "revoked.reader@example.com")
      const other = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], "other.reader@example.com")
      const token = linkTokenOf(await confirmationEmail(order))
      const otherToken = linkTokenOf(await confirmationEmail(other))
      expect((await statusOf(token)).status).toBe(200)
      expect((await statusOf(otherToken)).status).toBe(200)

      const secret = process.env.ORDER_STATUS_LINK_SECRET!
      const lastChar = token.at(-1) === "A" ? "B" : "A"
      const refusedTokens = {
        tampered: token.slice(0, -1) + lastChar,
        "another order's id": otherToken.replace(other.id, order.id),
        expired: signStatusToken({ id: order.id, email: order.email, version: 1 }, new Date(Date.now() - 1000), secret),
        "another email": signStatusToken(
          { id: order.id, email: "someone@example.com", version: 1 },
          new Date(Date.now() + 86400_000),
          secret
        ),
        garbage: "not-a-token",
      }
      // The same signature with a future expiry opens it: the refusals above are for the reason named.
      const fresh = signStatusToken({ id: order.id, email: order.email, version: 1 }, new Date(Date.now() + 86400_000), secret)
      expect((await statusOf(fresh)).status).toBe(200)

      const expected = { type: "not_found", message: ORDER_STATUS_NOT_FOUND_MESSAGE }
      const refusedAnswer = async (name: string, refusedToken: string) => {
        const answer = await statusOf(refusedToken)
        expect(answer.status, name).toBe(404)
        expect(answer.body, name).toEqual(expected)
        expect(answer.headers.get("cache-control"), name).toBe("no-store")
        expect(JSON.stringify(answer.body)).not.toContain(order.custom_display_id)
      }
      for (const [name, refusedToken] of Object.entries(refusedTokens)) await refusedAnswer(name, refusedToken)

      // Revoked: the order's key version bumped; every link issued before opens nothing, other orders' links still do.
      await revokeOrderStatusLinks(getContainer(), order.id)
      await refusedAnswer("revoked", token)
      await refusedAnswer("revoked (fresh before)", fresh)
      expect((await statusOf(otherToken)).status).toBe(200)

      // The order's email changed (Medusa's Admin API): its links were bound to the old address.
      expect((await admin("POST", `/admin/orders/${other.id}`, { email: "new.address@example.com" })).status).toBe(200)
      await refusedAnswer("email changed", otherToken)
    })

    it("is limited per client (RATE_LIMIT_ORDER_STATUS), valid link or not: 429 with Retry-After", async () => {
      const order = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], "limit.reader@example.com")
      const token = linkTokenOf(await confirmationEmail(order))
      // A window of its own: the file's earlier reads count in the minute's.
      await withSettings({ RATE_LIMIT_ORDER_STATUS: "2/1h" }, async () => {
        expect((await statusOf(token)).status).toBe(200)
        expect((await statusOf("not-a-token")).status).toBe(404)
        const limited = await statusOf(token)
        expect(limited.status).toBe(429)
        expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0)
        expect(JSON.stringify(limited.body)).not.toContain(order.custom_display_id)
      })
    })

    it("is a Store API route: the publishable key is required, and Medusa's own order reads stay closed", async () => {
      const order = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], "key.reader@example.com")
      const token = linkTokenOf(await confirmationEmail(order))
      const withoutKey = await call("GET", `/store/order-status/${token}`)
      expect(withoutKey.status).not.toBe(200)
      expect(JSON.stringify(withoutKey.body)).not.toContain(order.custom_display_id)
      expect((await store("GET", `/store/orders/${order.id}`)).status).toBe(404)
    })
  },
})
