/**
 * The customer's email at every step of an order (issue 23), replayed on the real backend with a
 * real mail server (tests/support/fake-smtp.ts, which can be taken down): each email on its
 * event, when the change is made through Medusa's own Admin API (capture, fulfilment, shipment
 * with a tracking label, delivery, cancel) as much as through the staff /api; exactly one per
 * event, across redeliveries; a mail server down, then back, with the retry job; the payment
 * reminder job; "Find my order"; the status link of a cart just completed; staff resending (and
 * revoking) links, and the order's emails as staff see them.
 */
import { Modules } from "@medusajs/framework/utils"

import { remindOrdersDueForCancellation } from "../../medusa-backend/src/jobs/remind-unpaid-orders"
import { retryDueEmails } from "../../medusa-backend/src/jobs/retry-failed-emails"
import { ORDER_LOOKUP_ANSWER } from "../../medusa-backend/src/shared/schemas/order-lookup"
import { cancelUnpaidOrderWorkflow } from "../../medusa-backend/src/workflows/order/workflows/cancel-unpaid-order"
import { type ReceivedMail, startFakeSmtp } from "../support/fake-smtp"
import { withSettings } from "./helpers"
import { placeStoreOrder, shipThroughAdmin } from "./store-api"
import { integrationSuite, orderSuite } from "./suite"

// Every email of this file goes through a real SMTP conversation (set before Medusa boots and reads its config).
const smtp = await startFakeSmtp()
process.env.SMTP_URL = smtp.url
// "Find my order" is tried many times here by one client; the limit itself is tested with its own windows below.
process.env.RATE_LIMIT_ORDER_LOOKUP = "1000/1m"

type Order = { id: string; custom_display_id: string; email: string }

const STOREFRONT = process.env.STOREFRONT_PUBLIC_URL!
const STORE_NAME = "Harbor Health Pharmacy"
const TRACKING_NUMBER = "9400111899562537866361"
const TRACKING_URL = `https://tools.usps.com/go/TrackConfirmAction?tLabels=${TRACKING_NUMBER}`
const MINUTE = 60_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// The seeded staff user, a pharmacist with two-step sign-in, makes every staff call of this file (`suite.token`).
integrationSuite(orderSuite(200), (suite, { getContainer, dbConnection }) => {
  const { setup, store, call, admin } = suite
  const { rx, plain } = suite.products

  afterAll(async () => {
    await smtp.stop()
  })

  const placeOrder = (lines: { variant_id: string; quantity: number }[], email: string) =>
    placeStoreOrder<Order>(store, setup.regionId, lines, email)

  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email))
  const subjectOf = (order: Order, what: string) => what.replace("{order}", `${STORE_NAME} order ${order.custom_display_id}`)

  /** Waits until the customer has a mail with this subject; answers every such mail (the caller counts them). */
  const mailsWithSubject = async (order: Order, subject: string, timeoutMs = 15_000): Promise<ReceivedMail[]> => {
    const wanted = subjectOf(order, subject)
    for (const started = Date.now(); Date.now() - started < timeoutMs; await sleep(100)) {
      const found = mailsTo(order.email).filter((mail) => mail.subject === wanted)
      if (found.length) return found
    }
    throw new Error(
      `No "${wanted}" to ${order.email}; got: ${mailsTo(order.email)
        .map((mail) => mail.subject)
        .join(" | ")}`
    )
  }
  /** The one mail with this subject, after a pause long enough for a duplicate to arrive. */
  const theMail = async (order: Order, subject: string) => {
    await mailsWithSubject(order, subject)
    await sleep(500)
    const mails = mailsTo(order.email).filter((mail) => mail.subject === subjectOf(order, subject))
    expect(mails, subject).toHaveLength(1)
    return mails[0]
  }

  const linkTokenOf = (mail: ReceivedMail) => {
    const match = new RegExp(`${STOREFRONT.replace(/[.]/g, "\\.")}/order-status/(\\S+)`).exec(mail.text)
    expect(match, "the email's status link").not.toBeNull()
    return match![1]
  }
  const orderStatus = async (token: string) => {
    const answer = await store("GET", `/store/order-status/${token}`)
    expect(answer.status).toBe(200)
    return answer.body.order
  }

  /** What every customer email carries: the status link, support as Reply-To, the items behind the greeting, no product in the subject. */
  const expectCustomerEmail = (mail: ReceivedMail, productTitle: string) => {
    expect(mail.replyTo).toContain("support@harborhealth.example")
    expect(mail.subject).not.toContain(productTitle)
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(`${STOREFRONT}/order-status/`)
      const greeting = body.indexOf("Hello Pat,")
      expect(greeting).toBeGreaterThanOrEqual(0)
      expect(body.indexOf(productTitle)).toBeGreaterThan(greeting)
    }
  }

  const paymentOf = async (orderId: string) => {
    const { body } = await admin("GET", `/admin/orders/${orderId}?fields=id,*payment_collections.payments`)
    return body.order.payment_collections[0].payments[0].id as string
  }

  const shipWithTracking = (orderId: string) =>
    shipThroughAdmin(admin, orderId, { tracking_number: TRACKING_NUMBER, tracking_url: TRACKING_URL })

  const review = (order: Order, json: Record<string, string>) =>
    call("POST", `/api/orders/${order.custom_display_id}/prescription-review/`, { token: suite.token, json })

  const staffOrder = async (order: Order) => {
    const answer = await call("GET", `/api/orders/${order.custom_display_id}/`, { token: suite.token })
    expect(answer.status).toBe(200)
    return answer.body
  }

  it("payment received: one email whether staff mark it paid in the staff area or capture it through Medusa's Admin API", async () => {
    const viaStaff = await placeOrder([{ variant_id: plain.variant_id, quantity: 2 }], "paid.staff@example.com")
    await theMail(viaStaff, "Your {order}")
    expect((await call("POST", `/api/orders/${viaStaff.custom_display_id}/mark-paid/`, { token: suite.token })).status).toBe(200)
    const paid = await theMail(viaStaff, "Payment received: {order}")
    expectCustomerEmail(paid, "Test Strips")
    expect(paid.text).toContain(`We have received your payment for order ${viaStaff.custom_display_id}.`)
    expect(paid.text).toContain("We are preparing your order for shipping and will email you its tracking number when it ships.")
    expect(paid.text).toContain("2 x Test Strips (Standard): $50.00")
    expect(paid.text).toContain("12 Elm Street")
    expect(paid.html).toContain(`We have received your payment for order ${viaStaff.custom_display_id}.`)

    const viaAdmin = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], "paid.admin@example.com")
    await theMail(viaAdmin, "Your {order}")
    expect((await admin("POST", `/admin/payments/${await paymentOf(viaAdmin.id)}/capture`, {})).status).toBe(200)
    expectCustomerEmail(await theMail(viaAdmin, "Payment received: {order}"), "Test Strips")
  })

  it("shipped (carrier, tracking number and link) and delivered through Medusa's Admin API; a delivery told twice is one email", async () => {
    const order = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], "shipped.reader@example.com")
    expect((await admin("POST", `/admin/payments/${await paymentOf(order.id)}/capture`, {})).status).toBe(200)
    const fulfillmentId = await shipWithTracking(order.id)
    const shipped = await theMail(order, "Your {order} has shipped")
    expectCustomerEmail(shipped, "Test Strips")
    expect(shipped.text).toContain("Carrier: USPS")
    expect(shipped.text).toContain(`Tracking number: ${TRACKING_NUMBER}`)
    expect(shipped.text).toContain(`Track your package: ${TRACKING_URL}`)
    expect(shipped.html).toContain(`href="${TRACKING_URL.replace(/&/g, "&amp;")}"`)

    expect((await admin("POST", `/admin/orders/${order.id}/fulfillments/${fulfillmentId}/mark-as-delivered`, {})).status).toBe(200)
    const delivered = await theMail(order, "Your {order} was delivered")
    expectCustomerEmail(delivered, "Test Strips")
    // Marked delivered again (Medusa refuses or accepts it), and the event delivered again, as a second server or a redelivery would.
    await admin("POST", `/admin/orders/${order.id}/fulfillments/${fulfillmentId}/mark-as-delivered`, {})
    await getContainer()
      .resolve(Modules.EVENT_BUS)
      .emit({ name: "delivery.created", data: { id: fulfillmentId } })
    await sleep(1500)
    expect(mailsTo(order.email).filter((mail) => mail.subject === subjectOf(order, "Your {order} was delivered"))).toHaveLength(1)
    expect(mailsTo(order.email).filter((mail) => mail.subject === subjectOf(order, "Your {order} has shipped"))).toHaveLength(1)
  })

  it("prescription: approved; needs information with the pharmacist's message (email and status page); rejected is the cancellation's one email", async () => {
    const approved = await placeOrder([{ variant_id: rx.variant_id, quantity: 1 }], "rx.approved@example.com")
    await theMail(approved, "Your {order}")
    expect((await review(approved, { decision: "approved", note: "Dose confirmed with prescriber" })).status).toBe(200)
    const approval = await theMail(approved, "Update on your {order}")
    expectCustomerEmail(approval, "Semaglutide Pen")
    expect(approval.text).toContain(`A pharmacist has approved the prescription items of your order ${approved.custom_display_id}.`)
    expect(approval.text).toContain("We ship your order as soon as your payment has arrived.")
    expect(approval.text).not.toContain("Dose confirmed") // the pharmacist's own note stays with pharmacists

    const asked = await placeOrder([{ variant_id: rx.variant_id, quantity: 1 }], "rx.asked@example.com")
    const confirmation = await theMail(asked, "Your {order}")
    const message = "Please send a photo of your current prescription label, including the prescriber's name."
    const refused = await review(asked, { decision: "needs_information", message: "" })
    expect(refused.status).toBe(400)
    expect(refused.body.errors.message).toBe("Write what the patient should send or do")
    expect((await review(asked, { decision: "needs_information", message, note: "Label unreadable" })).status).toBe(200)
    const question = await theMail(asked, "Action needed: your {order}")
    expectCustomerEmail(question, "Semaglutide Pen")
    expect(question.text).toContain(`A pharmacist needs more information from you for order ${asked.custom_display_id}.`)
    expect(question.text).toContain(`> ${message}`)
    expect(question.text).not.toContain("Label unreadable")
    const status = await orderStatus(linkTokenOf(confirmation))
    expect(status.prescription_review).toMatchObject({ state: "needs_information", message })
    expect(status.status_text).toBe("Awaiting payment")
    // The order stays held: staff see it among the orders awaiting review; then the pharmacist approves.
    expect((await staffOrder(asked)).status).toBe("awaiting_prescription_review")
    expect((await review(asked, { decision: "approved" })).status).toBe(200)
    await theMail(asked, "Update on your {order}")
    expect((await orderStatus(linkTokenOf(confirmation))).prescription_review).toMatchObject({ state: "approved", message: null })

    const rejected = await placeOrder([{ variant_id: rx.variant_id, quantity: 1 }], "rx.rejected@example.com")
    await theMail(rejected, "Your {order}")
    expect((await review(rejected, { decision: "rejected", note: "Prescription expired" })).status).toBe(200)
    const canceled = await theMail(rejected, "Your {order} was canceled")
    expect(canceled.text).toContain("The order was canceled because its prescription could not be approved. No payment was taken.")
    expect(canceled.text).not.toContain("Prescription expired")
    expect(canceled.text).not.toContain("Ships to")
    await sleep(500)
    expect(mailsTo(rejected.email).map((mail) => mail.subject)).toEqual([
      subjectOf(rejected, "Your {order}"),
      subjectOf(rejected, "Your {order} was canceled"),
    ])
  })

  it("canceled by staff through Medusa's Admin API, or for non-payment by the job: one email each, saying why", async () => {
    const byStaff = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], "canceled.staff@example.com")
    await theMail(byStaff, "Your {order}")
    expect((await admin("POST", `/admin/orders/${byStaff.id}/cancel`, {})).status).toBe(200)
    const staffCancel = await theMail(byStaff, "Your {order} was canceled")
    expect(staffCancel.text).toContain("The order was canceled by the pharmacy. No payment was taken.")
    expect(staffCancel.replyTo).toContain("support@harborhealth.example")

    const unpaid = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], "canceled.unpaid@example.com")
    await theMail(unpaid, "Your {order}")
    await cancelUnpaidOrderWorkflow(getContainer()).run({ input: { order_id: unpaid.id } })
    const unpaidCancel = await theMail(unpaid, "Your {order} was canceled")
    expect(unpaidCancel.text).toContain("The order was canceled because its payment did not arrive in time. No payment was taken.")
  })

  it("a mail server down: the retry job sends the email once it is back, once; after 24 hours it is given up, and staff see both", async () => {
    const container = getContainer()
    const failedTries = async (orderId: string) =>
      (await dbConnection.raw("SELECT status FROM notification WHERE resource_id = ? AND status = 'failure'", [orderId])).rows.length
    smtp.setDown(true)
    let order: Order
    let lost: Order
    try {
      order = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], "smtp.down@example.com")
      lost = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], "smtp.lost@example.com")
      for (let i = 0; i < 100 && ((await failedTries(order.id)) < 1 || (await failedTries(lost.id)) < 1); i++) await sleep(100)
      expect(await failedTries(order.id)).toBe(1)
      // Within its backoff (5 minutes after the first try), nothing is tried again.
      expect(await retryDueEmails(container)).toEqual({ retried: [], failed: [] })
      // The other order's email is looked at only a day later (its first try 25 hours ago): given up, not tried.
      await dbConnection.raw("UPDATE notification SET created_at = now() - interval '25 hours' WHERE resource_id = ?", [lost.id])
      // 6 minutes on, still down: one more failed try, then a longer wait (10 minutes).
      expect(await retryDueEmails(container, new Date(Date.now() + 6 * MINUTE))).toEqual({
        retried: [],
        failed: [`order-confirmation:${order.id}`],
      })
      expect(await failedTries(order.id)).toBe(2)
      expect(await retryDueEmails(container, new Date(Date.now() + 8 * MINUTE))).toEqual({ retried: [], failed: [] })
    } finally {
      smtp.setDown(false)
    }
    expect(mailsTo(order.email)).toHaveLength(0)
    expect((await staffOrder(order)).emails).toEqual([
      expect.objectContaining({ kind: "order-confirmation", label: "Order confirmation", status: "retrying", tries: 2 }),
    ])
    expect((await staffOrder(lost)).emails).toEqual([expect.objectContaining({ kind: "order-confirmation", status: "failed", tries: 1 })])

    // Back up: the next due run sends it, once; later runs send nothing more, and nothing for the given-up email.
    const back = new Date(Date.now() + 20 * MINUTE)
    expect(await retryDueEmails(container, back)).toEqual({ retried: [`order-confirmation:${order.id}`], failed: [] })
    expect(mailsTo(order.email).map((mail) => mail.subject)).toEqual([subjectOf(order, "Your {order}")])
    expect(await retryDueEmails(container, new Date(back.getTime() + 60 * MINUTE))).toEqual({ retried: [], failed: [] })
    expect(mailsTo(order.email)).toHaveLength(1)
    expect(mailsTo(lost.email)).toHaveLength(0)
    expect((await staffOrder(order)).emails).toEqual([expect.objectContaining({ kind: "order-confirmation", status: "sent", tries: 3 })])
  })

  it("the payment reminder job emails the unpaid orders due to be canceled within 24 hours, and only those, once", async () => {
    const container = getContainer()
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000)
    const placed = async (email: string, ageHours: number) => {
      const order = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], email)
      await theMail(order, "Your {order}")
      await dbConnection.raw(`UPDATE "order" SET created_at = ? WHERE id = ?`, [hoursAgo(ageHours), order.id])
      return order
    }
    // UNPAID_ORDER_TTL_DAYS is 3 (72 h): due from 48 h after placement until the cancel job runs at 72 h.
    const due = await placed("reminder.due@example.com", 60)
    const young = await placed("reminder.young@example.com", 47)
    const overdue = await placed("reminder.overdue@example.com", 73)
    const paid = await placed("reminder.paid@example.com", 60)
    expect((await admin("POST", `/admin/payments/${await paymentOf(paid.id)}/capture`, {})).status).toBe(200)
    const canceled = await placed("reminder.canceled@example.com", 60)
    expect((await admin("POST", `/admin/orders/${canceled.id}/cancel`, {})).status).toBe(200)

    // The job's own schedule (minute 30 of each hour) may run it during this test too: what counts is
    // that exactly the due order is reminded, once, whichever run sends it.
    const { reminded } = await remindOrdersDueForCancellation(container)
    const mine = [due, young, overdue, paid, canceled].map((order) => order.id)
    expect(reminded.filter((id) => mine.includes(id) && id !== due.id)).toEqual([])
    const reminder = await theMail(due, "Payment reminder: {order}")
    expectCustomerEmail(reminder, "Test Strips")
    const status = await orderStatus(linkTokenOf(reminder))
    expect(reminder.text).toContain(`Unless it arrives by ${status.payment.pay_by_text}, the order is canceled automatically.`)
    expect(reminder.text).toContain(status.payment.instruction)

    expect((await remindOrdersDueForCancellation(container)).reminded).not.toContain(due.id)
    await sleep(500)
    expect(mailsTo(due.email).filter((mail) => mail.subject.startsWith("Payment reminder"))).toHaveLength(1)
    for (const order of [young, overdue, paid, canceled]) {
      expect(mailsTo(order.email).some((mail) => mail.subject.startsWith("Payment reminder"))).toBe(false)
    }
  })

  it("Find my order: the same answer matched or not; a match emails a working link to the order's address; limited per address and per client", async () => {
    const order = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], "finder@example.com")
    await theMail(order, "Your {order}")
    const lookup = (json: unknown) => store("POST", "/store/order-status/lookup", json)

    const matched = await lookup({ order_number: order.custom_display_id.toLowerCase(), email: " Finder@Example.com " })
    const wrongEmail = await lookup({ order_number: order.custom_display_id, email: "someone.else@example.com" })
    const wrongNumber = await lookup({ order_number: "HH-2222-2222", email: order.email })
    for (const answer of [matched, wrongEmail, wrongNumber]) {
      expect(answer.status).toBe(202)
      expect(answer.body).toEqual({ message: ORDER_LOOKUP_ANSWER })
      expect(answer.headers.get("cache-control")).toBe("no-store")
    }
    const linkMail = await theMail(order, "Your link to {order}")
    expectCustomerEmail(linkMail, "Test Strips")
    expect((await orderStatus(linkTokenOf(linkMail))).order_number).toBe(order.custom_display_id)
    expect(smtp.received.some((mail) => mail.to.includes("someone.else@example.com"))).toBe(false)

    const invalid = await lookup({ order_number: "12345", email: "not-an-email" })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toMatch(/order number|email/i)

    // Per address typed (3 an hour by default), matched or not: the 4th try for finder@ is refused.
    const third = await lookup({ order_number: "HH-3333-3333", email: order.email })
    expect(third.status).toBe(202)
    const fourth = await lookup({ order_number: order.custom_display_id, email: order.email })
    expect(fourth.status).toBe(429)
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0)
    await sleep(500)
    expect(mailsTo(order.email).filter((mail) => mail.subject === subjectOf(order, "Your link to {order}"))).toHaveLength(1)

    // Per client, whatever the address.
    await withSettings({ RATE_LIMIT_ORDER_LOOKUP: "2/1h" }, async () => {
      expect((await lookup({ order_number: "HH-4444-4444", email: "a@example.com" })).status).toBe(202)
      expect((await lookup({ order_number: "HH-4444-4444", email: "b@example.com" })).status).toBe(202)
      expect((await lookup({ order_number: "HH-4444-4444", email: "c@example.com" })).status).toBe(429)
    })
  })

  it("right after checkout, the cart's order and a status token (the confirmation page); nothing for an unknown cart or after the grace period", async () => {
    const order = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], "confirmation.page@example.com")
    const placed = await store("GET", `/store/order-status/carts/${order.cartId}`)
    expect(placed.status).toBe(200)
    expect(placed.headers.get("cache-control")).toBe("no-store")
    expect(placed.body.order).toMatchObject({ order_number: order.custom_display_id, status_text: "Awaiting payment" })
    expect(placed.body.order.payment).toMatchObject({ method: "Zelle", memo: `Order ${order.custom_display_id}` })
    expect(await orderStatus(placed.body.token)).toEqual(placed.body.order)

    expect((await store("GET", "/store/order-status/carts/cart_01UNKNOWN")).status).toBe(404)
    const open = await store("POST", "/store/carts", { region_id: setup.regionId })
    expect((await store("GET", `/store/order-status/carts/${open.body.cart.id}`)).status).toBe(404)
    await dbConnection.raw("UPDATE cart SET completed_at = now() - interval '11 minutes' WHERE id = ?", [order.cartId])
    const late = await store("GET", `/store/order-status/carts/${order.cartId}`)
    expect(late.status).toBe(404)
    expect(JSON.stringify(late.body)).not.toContain(order.custom_display_id)
  })

  it("staff email a new status link, revoking the old ones on request, and see every email of the order", async () => {
    const order = await placeOrder([{ variant_id: plain.variant_id, quantity: 1 }], "resend.link@example.com")
    const firstToken = linkTokenOf(await theMail(order, "Your {order}"))
    const path = `/api/orders/${order.custom_display_id}/status-link/`
    expect((await call("POST", path, { json: { revoke: false } })).status).toBe(401)

    const resent = await call("POST", path, { token: suite.token, json: { revoke: false } })
    expect(resent.status).toBe(200)
    expect(resent.body).toMatchObject({ unique_order_id: order.custom_display_id })
    expect(resent.body.items).toBeUndefined() // the list row, as the other staff actions answer
    const again = (await mailsWithSubject(order, "Your link to {order}"))[0]
    expect((await orderStatus(linkTokenOf(again))).order_number).toBe(order.custom_display_id)
    expect((await store("GET", `/store/order-status/${firstToken}`)).status).toBe(200)

    expect((await call("POST", path, { token: suite.token, json: { revoke: true } })).status).toBe(200)
    for (let i = 0; i < 100 && mailsTo(order.email).length < 3; i++) await sleep(100)
    const links = mailsTo(order.email).filter((mail) => mail.subject === subjectOf(order, "Your link to {order}"))
    expect(links).toHaveLength(2)
    expect((await store("GET", `/store/order-status/${firstToken}`)).status).toBe(404)
    expect((await store("GET", `/store/order-status/${linkTokenOf(again)}`)).status).toBe(404)
    expect((await orderStatus(linkTokenOf(links[1]))).order_number).toBe(order.custom_display_id)

    const { emails } = await staffOrder(order)
    expect(emails.map((email: { kind: string; status: string }) => [email.kind, email.status])).toEqual([
      ["order-confirmation", "sent"],
      ["order-status-link", "sent"],
      ["order-status-link", "sent"],
    ])
    for (const email of emails) {
      expect(new Date(email.first_try_at).getTime()).toBeLessThanOrEqual(new Date(email.last_try_at).getTime())
    }
  })
})
