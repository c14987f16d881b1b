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

import { deleteExpiredPrescriptionDocuments } from "../../medusa-backend/src/jobs/delete-expired-prescription-documents"
import { revokeOrderStatusLinks, signStatusToken } from "../../medusa-backend/src/lib/orders/status-link"
import { ensureAdminUser } from "../../medusa-backend/src/scripts/seed/admin-user"
import { ORDER_STATUS_NOT_FOUND_MESSAGE } from "../../medusa-backend/src/shared/dto/order-status"
import { cancelUnpaidOrderWorkflow } from "../../medusa-backend/src/workflows/order/workflows/cancel-unpaid-order"
import { pngBytes } from "../support/png"
import { staffTokens } from "./api-helpers"
import { withSettings } from "./helpers"
import { placeStoreOrder, shipThroughAdmin } from "./store-api"
import { integrationSuite, orderSuite } from "./suite"

type Order = { id: string; custom_display_id: string; email: string }
type Email = { from: string; reply_to?: string; to: string; subject: string; text: string; html: string }

const STOREFRONT = process.env.STOREFRONT_PUBLIC_URL!
// The uploads below are many from one client; the limit itself is checked in its own window.
process.env.RATE_LIMIT_PRESCRIPTION_DOCUMENTS = "1000/1m"
const TRACKING_URL = "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899562537866361"

integrationSuite(orderSuite(), (suite, { getContainer, api, dbConnection }) => {
  const { setup, store, call, admin } = suite
  const { rx, plain } = suite.products

  const placeOrder = (lines: { variant_id: string; quantity: number }[], email: string) =>
    placeStoreOrder<Order>(store, setup.regionId, lines, email)

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

  const shipWithTracking = (orderId: string) =>
    shipThroughAdmin(admin, orderId, { tracking_number: "9400111899562537866361", tracking_url: TRACKING_URL })

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
      accepts_documents: true,
      documents: [],
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
      token: suite.token,
      json: { decision: "approved", note: "Dose confirmed with prescriber" },
    })
    expect(approved.status).toBe(200)
    const reviewed = await orderStatus(token)
    expect(reviewed.prescription_review).toEqual({
      state: "approved",
      text: "A pharmacist has approved the prescription items of your order.",
      message: null,
      accepts_documents: false,
      documents: [],
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
      token: suite.token,
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
      token: suite.token,
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

  describe("prescription documents from the patient (issue 24, decision 0053)", () => {
    const PDF = new Uint8Array(Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"))
    const PNG = pngBytes(3, 3, [10, 120, 200])
    const upload = (token: string, bytes: Uint8Array, filename: string, type = "application/pdf") =>
      call("POST", `/store/order-status/${token}/documents`, {
        form: { document: { bytes, filename, type } },
        headers: { "x-publishable-api-key": setup.publishableKey },
      })
    const storedDocuments = async (orderId: string) =>
      (
        await dbConnection.raw(
          "SELECT id, file_name, content_type, size, ciphertext FROM prescription_document WHERE order_id = ? ORDER BY created_at",
          [orderId]
        )
      ).rows as { id: string; file_name: string; content_type: string; size: number; ciphertext: string }[]
    const heldOrder = async (email: string) => {
      const order = await placeOrder([{ variant_id: rx.variant_id, quantity: 1 }], email)
      return { order, token: linkTokenOf(await confirmationEmail(order)) }
    }

    it("stores a PDF and a PNG encrypted; the status page lists them by name and date; the pharmacist lists and downloads them, each download audited", async () => {
      const { order, token } = await heldOrder("documents.patient@example.com")
      const pdf = await upload(token, PDF, "../../scan of prescription.pdf")
      expect(pdf.status).toBe(201)
      expect(pdf.body.document.file_name).toBe("scan of prescription.pdf")
      // The browser's type is not what decides: the PNG is sent as application/octet-stream.
      const png = await upload(token, PNG, "photo.png", "application/octet-stream")
      expect(png.status).toBe(201)

      const rows = await storedDocuments(order.id)
      expect(rows.map((row) => [row.file_name, row.content_type, Number(row.size)])).toEqual([
        ["scan of prescription.pdf", "application/pdf", PDF.length],
        ["photo.png", "image/png", PNG.length],
      ])
      for (const [row, plain] of [
        [rows[0], PDF],
        [rows[1], PNG],
      ] as const) {
        expect(row.id).toMatch(/^rxdoc_/)
        expect(row.ciphertext).toMatch(/^v2\./)
        expect(row.ciphertext).not.toContain("%PDF")
        expect(row.ciphertext).not.toContain(Buffer.from(plain).toString("base64url").slice(0, 12))
        expect(row.ciphertext).not.toContain(Buffer.from(plain).toString("base64").slice(0, 12))
      }

      const page = await orderStatus(token)
      expect(page.prescription_review.accepts_documents).toBe(true)
      expect(page.prescription_review.documents.map((d: { file_name: string }) => d.file_name)).toEqual([
        "scan of prescription.pdf",
        "photo.png",
      ])
      expect(Object.keys(page.prescription_review.documents[0]).sort()).toEqual(["file_name", "uploaded_at"])

      // Medusa's Query reaches the documents from the order through the module link.
      const query = getContainer().resolve("query")
      const { data } = await query.graph({ entity: "order", fields: ["id", "prescription_documents.id"], filters: { id: order.id } })
      expect(data[0].prescription_documents.map((d: { id: string }) => d.id).sort()).toEqual(rows.map((row) => row.id).sort())

      const evidence = await call("GET", `/api/orders/${order.custom_display_id}/prescription-evidence/`, { token: suite.token })
      expect(evidence.status).toBe(200)
      expect(evidence.body.documents).toEqual([
        {
          id: rows[0].id,
          file_name: "scan of prescription.pdf",
          content_type: "application/pdf",
          size: PDF.length,
          uploaded_at: expect.any(String),
        },
        { id: rows[1].id, file_name: "photo.png", content_type: "image/png", size: PNG.length, uploaded_at: expect.any(String) },
      ])
      expect(JSON.stringify(evidence.body)).not.toContain("ciphertext")

      for (const [row, plain, type] of [
        [rows[0], PDF, "application/pdf"],
        [rows[1], PNG, "image/png"],
      ] as const) {
        const path = `/api/orders/${order.custom_display_id}/prescription-documents/${row.id}/`
        const response = await fetch(`${api.defaults.baseURL}${path}`, { headers: { authorization: `Bearer ${suite.token}` } })
        expect(response.status).toBe(200)
        expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array(plain))
        expect(response.headers.get("content-type")).toBe(type)
        expect(response.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="${row.file_name}"`))
        expect(response.headers.get("cache-control")).toBe("no-store")
        expect(response.headers.get("x-content-type-options")).toBe("nosniff")
        const { rows: audit } = await dbConnection.raw(
          "SELECT actor_id, action, details FROM prescription_audit_entry WHERE subject_type = 'prescription_document' AND subject_id = ?",
          [row.id]
        )
        expect(audit).toHaveLength(1)
        expect(audit[0]).toMatchObject({ action: "read", details: { for_order: order.id } })
      }

      // Another order's number does not open the document.
      const other = await heldOrder("documents.other@example.com")
      const crossed = await call("GET", `/api/orders/${other.order.custom_display_id}/prescription-documents/${rows[0].id}/`, {
        token: suite.token,
      })
      expect(crossed.status).toBe(404)
    })

    it("refuses a renamed executable, a file over 10 MB, a missing file and a bad link, storing nothing", async () => {
      const { order, token } = await heldOrder("documents.refused@example.com")
      const exe = await upload(
        token,
        new Uint8Array(Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00This program cannot be run in DOS mode")),
        "prescription.pdf"
      )
      expect(exe.status).toBe(415)
      expect(exe.body.message).toBe("Upload a PDF, JPEG, PNG or HEIC file.")
      const big = new Uint8Array(11 * 1024 * 1024)
      big.set(PDF.subarray(0, 8))
      const tooBig = await upload(token, big, "big.pdf")
      expect(tooBig.status).toBe(413)
      expect(tooBig.body.message).toMatch(/10 MB/)
      const none = await call("POST", `/store/order-status/${token}/documents`, {
        form: { note: "no file" },
        headers: { "x-publishable-api-key": setup.publishableKey },
      })
      expect(none.status).toBe(400)
      const badLink = await upload(`${token.slice(0, -2)}xx`, PDF, "prescription.pdf")
      expect(badLink.status).toBe(404)
      expect(badLink.body.message).toBe(ORDER_STATUS_NOT_FOUND_MESSAGE)
      expect(await storedDocuments(order.id)).toEqual([])
    })

    it("refuses an order not awaiting a prescription (no prescription items, or already approved) with 409, storing nothing", async () => {
      const plainOrder = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], "documents.plain@example.com")
      const plainToken = linkTokenOf(await confirmationEmail(plainOrder))
      const refused = await upload(plainToken, PDF, "prescription.pdf")
      expect(refused.status).toBe(409)
      expect(refused.body.message).toMatch(/not waiting for a prescription/)

      const { order, token } = await heldOrder("documents.approved@example.com")
      const approved = await call("POST", `/api/orders/${order.custom_display_id}/prescription-review/`, {
        token: suite.token,
        json: { decision: "approved", note: "ok" },
      })
      expect(approved.status).toBe(200)
      expect((await orderStatus(token)).prescription_review.accepts_documents).toBe(false)
      expect((await upload(token, PDF, "prescription.pdf")).status).toBe(409)
      expect(await storedDocuments(plainOrder.id)).toEqual([])
      expect(await storedDocuments(order.id)).toEqual([])
    })

    it("answers 403 to staff without the pharmacist role, for the evidence and the download (audited refusals)", async () => {
      // In the test itself: the runner restores the database before each test, so a nested beforeAll's user would vanish.
      const ops = { email: "ops.documents@example.com", password: "ops-password-1" }
      const opsId = (await ensureAdminUser(getContainer(), ops)).user_id
      const opsToken = (await staffTokens(call, ops)).access
      const { order, token } = await heldOrder("documents.ops@example.com")
      expect((await upload(token, PNG, "photo.png", "image/png")).status).toBe(201)
      const [row] = await storedDocuments(order.id)
      const evidence = await call("GET", `/api/orders/${order.custom_display_id}/prescription-evidence/`, { token: opsToken })
      expect(evidence.status).toBe(403)
      const download = await call("GET", `/api/orders/${order.custom_display_id}/prescription-documents/${row.id}/`, { token: opsToken })
      expect(download.status).toBe(403)
      expect(JSON.stringify(download.body)).not.toContain("PNG")
      const { rows: reads } = await dbConnection.raw(
        "SELECT 1 FROM prescription_audit_entry WHERE subject_type = 'prescription_document' AND subject_id = ? AND action = 'read'",
        [row.id]
      )
      expect(reads).toHaveLength(0)
      const { rows: refused } = await dbConnection.raw(
        "SELECT details->>'reason' AS reason FROM prescription_audit_entry WHERE actor_id = ? AND action = 'refused'",
        [opsId]
      )
      expect(refused).toEqual([{ reason: "not_pharmacist" }, { reason: "not_pharmacist" }])
    })

    it("is limited per client (RATE_LIMIT_PRESCRIPTION_DOCUMENTS): 429, nothing stored", async () => {
      const { order, token } = await heldOrder("documents.limit@example.com")
      await withSettings({ RATE_LIMIT_PRESCRIPTION_DOCUMENTS: "1/1h" }, async () => {
        expect((await upload(token, PDF, "one.pdf")).status).toBe(201)
        const limited = await upload(token, PDF, "two.pdf")
        expect(limited.status).toBe(429)
      })
      expect((await storedDocuments(order.id)).map((row) => row.file_name)).toEqual(["one.pdf"])
    })

    it("deletes documents older than PRESCRIPTION_DOCUMENT_RETENTION_DAYS (the daily job), audited as one deletion", async () => {
      const { order, token } = await heldOrder("documents.retention@example.com")
      expect((await upload(token, PDF, "old.pdf")).status).toBe(201)
      expect((await upload(token, PDF, "new.pdf")).status).toBe(201)
      const [old, recent] = await storedDocuments(order.id)
      await dbConnection.raw("UPDATE prescription_document SET created_at = now() - interval '31 days' WHERE id = ?", [old.id])
      await withSettings({ PRESCRIPTION_DOCUMENT_RETENTION_DAYS: "30" }, async () => {
        expect(await deleteExpiredPrescriptionDocuments(getContainer())).toBeGreaterThanOrEqual(1)
      })
      expect((await storedDocuments(order.id)).map((row) => row.id)).toEqual([recent.id])
      const { rows } = await dbConnection.raw(
        "SELECT actor_id, details FROM prescription_audit_entry WHERE subject_type = 'prescription_document' AND action = 'delete'"
      )
      expect(rows.some((row: { details: { ids: string[] } }) => row.details.ids.includes(old.id))).toBe(true)
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
})
