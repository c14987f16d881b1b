/**
 * After the order, the patient's side (issue 23), in the browser against the real backend: the
 * confirmation page says how to pay; the confirmation email's link (read from the backend's
 * outbox, as the customer receives it) opens the order status page; after staff mark the order
 * paid in the staff area and ops ship it in Medusa Admin with a tracking number, the page shows
 * both. "Find my order" answers the same whether or not it matched and emails a working link; a
 * link that opens nothing is a 404 that points to it.
 */
import AxeBuilder from "@axe-core/playwright"
import type { APIRequestContext, Page } from "@playwright/test"

import { billing } from "../support/shopper"
import { expect as baseExpect, test } from "./fixtures"
import { checkoutAsGuest, consoleErrors, lineOf, uniqueEmail, verifyAge } from "./helpers"
import { emailTo, statusPathOf } from "./outbox"
import { SEEDED_ADMIN as STAFF, signInToStaffArea } from "./staff-sign-in"

// Every order runs Medusa's checkout workflow: on a busy 2-core machine with two browsers that takes seconds.
const expect = baseExpect.configure({ timeout: 45_000 })
test.describe.configure({ timeout: 180_000 })

const TRACKING_NUMBER = "1Z999AA10123456784"
const TRACKING_URL = `https://www.ups.com/track?tracknum=${TRACKING_NUMBER}`

/** What the page answers to every well-formed lookup, matched or not (`ORDER_LOOKUP_ANSWER` of the backend's schema). */
const ORDER_LOOKUP_ANSWER =
  "If the order number and email match an order, we have emailed a link to its status page to that address. " +
  "It can take a few minutes to arrive; please check your spam folder too."

/** Medusa Admin's "Create fulfillment" for every line, then "Mark as shipped" with a tracking label, as ops do. */
async function shipInMedusaAdmin(request: APIRequestContext, backendUrl: string, orderNumber: string) {
  const signIn = await request.post(`${backendUrl}/auth/user/emailpass`, { data: { email: STAFF.username, password: STAFF.password } })
  const admin = { authorization: `Bearer ${(await signIn.json()).token}` }
  const listed = await request.get(`${backendUrl}/admin/orders`, {
    headers: admin,
    params: { fields: "id,custom_display_id", order: "-created_at", limit: 50 },
  })
  const order = ((await listed.json()).orders as { id: string; custom_display_id: string }[]).find(
    (o) => o.custom_display_id === orderNumber
  )!
  const detail = await request.get(`${backendUrl}/admin/orders/${order.id}`, { headers: admin, params: { fields: "id,*items" } })
  const items = ((await detail.json()).order.items as { id: string; quantity: number }[]).map((item) => ({
    id: item.id,
    quantity: Number(item.quantity),
  }))
  const fulfilled = await request.post(`${backendUrl}/admin/orders/${order.id}/fulfillments`, {
    headers: admin,
    params: { fields: "id,*fulfillments" },
    data: { items },
  })
  expect(fulfilled.status(), await fulfilled.text()).toBe(200)
  const fulfillmentId = (await fulfilled.json()).order.fulfillments[0].id as string
  const shipped = await request.post(`${backendUrl}/admin/orders/${order.id}/fulfillments/${fulfillmentId}/shipments`, {
    headers: admin,
    data: { items, labels: [{ tracking_number: TRACKING_NUMBER, tracking_url: TRACKING_URL, label_url: "https://labels.example/1.pdf" }] },
  })
  expect(shipped.status(), await shipped.text()).toBe(200)
}

/** One glucose meter: a product no other spec counts the stock of. */
const meter = (request: APIRequestContext, backendUrl: string, publishableKey: string) =>
  lineOf(request, backendUrl, publishableKey, "Contour Next Blood Glucose Meter", "Meter kit", 1)

async function axeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()
  return results.violations.map((v) => `${label}: ${v.impact} ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
}

test.beforeEach(async ({ page }) => {
  await verifyAge(page)
})

test("checkout → the confirmation says how to pay; the email's link opens the status page; paid and shipped with tracking show there", async ({
  page,
  request,
  backendUrl,
  publishableKey,
}) => {
  const errors = consoleErrors(page)
  const details = billing(uniqueEmail("status"))
  const number = await checkoutAsGuest(page, [await meter(request, backendUrl, publishableKey)], details)

  // The confirmation page: the spec's sentence, then how to pay, word for word what the email says.
  const total = (await page.getByTestId("order-total").textContent())!
  await expect(page.getByTestId("confirmation-note")).toBeVisible()
  const block = page.getByTestId("payment-block")
  await expect(block.getByTestId("payment-method")).toHaveText("Zelle")
  await expect(block.getByTestId("payment-pay-to")).toHaveText("payments@harborhealth.example")
  await expect(block.getByTestId("payment-amount")).toHaveText(total)
  await expect(block.getByTestId("payment-memo")).toHaveText(`Order ${number}`)
  await expect(block.getByTestId("payment-pay-by")).toHaveText(/ Eastern Time$/)
  const payBy = (await block.getByTestId("payment-pay-by").textContent())!
  await expect(block.getByTestId("payment-next-steps")).toContainText("We ship your order as soon as your payment has arrived.")

  const confirmation = await emailTo(details.email, "order-confirmation")
  expect(confirmation.text).toContain(`Pay by: ${payBy}`)
  expect(confirmation.text).toContain(`Memo: Order ${number}`)
  const statusPath = statusPathOf(confirmation)
  await expect(page.getByTestId("order-status-link")).toHaveAttribute("href", /^\/order-status\//)

  // The email's link: the order as it stands, never cached, not for search engines.
  const answer = await page.goto(statusPath)
  expect(answer!.status()).toBe(200)
  expect(answer!.headers()["cache-control"]).toContain("no-store")
  expect(answer!.headers()["x-robots-tag"]).toBe("noindex")
  await expect(page.getByTestId("order-number")).toContainText(number)
  await expect(page.getByTestId("order-status-text")).toHaveText("Awaiting payment")
  await expect(page.getByTestId("payment-block").getByTestId("payment-pay-by")).toHaveText(payBy)
  await expect(page.getByTestId("order-item")).toContainText("Contour Next Blood Glucose Meter")
  expect(await axeViolations(page, "status page")).toEqual([])

  // Staff record the payment in the staff area; the order's emails are listed there.
  await signInToStaffArea(page, STAFF)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page.goto(`/admin/order-details?id=${encodeURIComponent(number)}`)
  await page.getByRole("button", { name: "Mark as paid" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Payment recorded: the order is paid." })).toBeVisible()
  await emailTo(details.email, "payment-received")
  await page.reload()
  await expect(page.getByTestId("order-emails")).toContainText("Order confirmation")
  await expect(page.getByTestId("order-emails")).toContainText("Payment received")

  // Ops ship it in Medusa Admin with a UPS tracking number.
  await shipInMedusaAdmin(request, backendUrl, number)
  const shippedEmail = await emailTo(details.email, "order-shipped")
  expect(shippedEmail.text).toContain(`Tracking number: ${TRACKING_NUMBER}`)

  await page.goto(statusPath)
  await expect(page.getByTestId("order-status-text")).toHaveText("Shipped")
  await expect(page.getByTestId("payment-block")).toHaveCount(0)
  await expect(page.getByTestId("status-step").filter({ hasText: "Payment received" })).toHaveAttribute("data-done", "true")
  const shipment = page.getByTestId("shipment")
  await expect(shipment.getByTestId("shipment-carrier")).toHaveText("UPS")
  await expect(shipment.getByTestId("tracking-number")).toHaveText(TRACKING_NUMBER)
  await expect(shipment.getByTestId("tracking-link")).toHaveAttribute("href", TRACKING_URL)
  expect(errors).toEqual([])
})

test("Find my order: one answer whether or not it matched; the emailed link opens the order; a bad link is a 404 that points here", async ({
  page,
  request,
  backendUrl,
  publishableKey,
}) => {
  const errors = consoleErrors(page)
  const details = billing(uniqueEmail("finder"))
  const number = await checkoutAsGuest(page, [await meter(request, backendUrl, publishableKey)], details)

  // A link that opens nothing: 404, nothing about any order, and the way on.
  const bad = await page.goto(`/order-status/order_01ABCDEFGHJKMNPQRSTVWXYZ00.1999999999.1.${"A".repeat(43)}`)
  expect(bad!.status()).toBe(404)
  await expect(page.getByTestId("order-status-problem")).toContainText("not valid or has expired")
  await page.getByTestId("order-status-problem").getByRole("link", { name: "Find my order" }).click()
  await expect(page).toHaveURL(/\/find-my-order$/)

  // From the footer too; wrong details and right ones get the same answer.
  await page.goto("/")
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: /find my order/i })
    .click()
  await expect(page).toHaveURL(/\/find-my-order$/)
  await page.getByLabel("Order number").fill("HH-2222-3333")
  await page.getByLabel("Email").fill(details.email)
  await page.getByRole("button", { name: "Email me a link" }).click()
  await expect(page.getByText(ORDER_LOOKUP_ANSWER)).toBeVisible()
  const unmatched = await page.getByRole("main").textContent()

  await page.goto("/find-my-order")
  await page.getByLabel("Order number").fill(number.toLowerCase())
  await page.getByLabel("Email").fill(details.email.toUpperCase())
  await page.getByRole("button", { name: "Email me a link" }).click()
  await expect(page.getByText(ORDER_LOOKUP_ANSWER)).toBeVisible()
  expect(await page.getByRole("main").textContent()).toBe(unmatched)
  expect(await axeViolations(page, "find my order")).toEqual([])

  const linkEmail = await emailTo(details.email, "order-status-link")
  expect(linkEmail.subject).toBe(`Your link to Harbor Health Pharmacy order ${number}`)
  await page.goto(statusPathOf(linkEmail))
  await expect(page.getByTestId("order-number")).toContainText(number)
  await expect(page.getByTestId("order-status-text")).toHaveText("Awaiting payment")
  expect(errors.filter((error) => !/404/.test(error))).toEqual([])
})
