/**
 * Shipping from the staff area (issue 24), in the browser against the real backend: an unpaid order
 * offers no "Ship"; once staff mark it paid, they ship it with a carrier and tracking number (a
 * number that is not the carrier's is refused on its field), see the shipment with its tracking link,
 * and mark it delivered; the customer gets the shipped and delivered emails (read from the
 * backend's outbox).
 */

import AxeBuilder from "@axe-core/playwright"
import type { APIRequestContext } from "@playwright/test"

import { expect as baseExpect, test } from "./fixtures"
import { consoleErrors, uniqueEmail } from "./helpers"
import { emailTo } from "./outbox"
import { SEEDED_ADMIN as STAFF, signInToStaffArea } from "./staff-sign-in"

// Shipping runs two Medusa workflows and the emails' subscribers: on a busy 2-core machine that takes seconds.
const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 120_000 })

// A product no other browser test orders: admin-orders.spec.ts counts the multivitamin's stock around a
// cancel, and an order of it here, on the other worker at that moment, made that count one short.
const PRODUCT = "BD Ultra-Fine Pen Needles"
const TRACKING_NUMBER = "1Z999AA10123456784"
const TRACKING_URL = `https://www.ups.com/track?tracknum=${TRACKING_NUMBER}`

/** An order of one box of pen needles through the storefront's order call (POST /api/orders/), as a guest. */
async function placeOrder(request: APIRequestContext, backendUrl: string, email: string): Promise<string> {
  const products = (await (await request.get(`${backendUrl}/api/products/`, { params: { search: PRODUCT } })).json()) as {
    id: string
    name: string
    variants: { id: string }[]
  }[]
  const product = products.find((p) => p.name === PRODUCT)!
  const response = await request.post(`${backendUrl}/api/orders/`, {
    data: {
      email,
      phone: "555-123-4567",
      shipping_address: "12 Elm Street, Springfield, Illinois 62704, United States",
      items: [{ product: product.id, variant: product.variants[0].id, quantity: 1 }],
      payment_method: "zelle",
      first_name: "Pat",
      last_name: "Lee",
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { unique_order_id: string }).unique_order_id
}

test("staff ship a paid order with a tracking number and mark it delivered; the customer is emailed both", async ({
  page,
  request,
  backendUrl,
}) => {
  const errors = consoleErrors(page)
  const email = uniqueEmail("shipped")
  const number = await placeOrder(request, backendUrl, email)
  await signInToStaffArea(page, STAFF)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page.goto(`/admin/order-details?id=${encodeURIComponent(number)}`)
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment")
  // Nothing ships before it is paid.
  await expect(page.getByRole("button", { name: "Ship order" })).toHaveCount(0)

  await page.getByRole("button", { name: "Mark as paid" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Payment recorded: the order is paid." })).toBeVisible()

  const shipping = page.getByTestId("order-shipping")
  await shipping.getByLabel("Carrier").selectOption("ups")
  // One character short: refused on its field, what was typed kept.
  await shipping.getByLabel("Tracking number").fill(TRACKING_NUMBER.slice(0, -1))
  await shipping.getByRole("button", { name: "Ship order" }).click()
  await expect(page.locator("#ship-tracking-number-error")).toHaveText(
    "Enter a valid UPS tracking number (1Z followed by 16 letters or digits)"
  )
  await expect(shipping.getByLabel("Tracking number")).toHaveValue(TRACKING_NUMBER.slice(0, -1))

  // As printed on the label, in groups.
  await shipping.getByLabel("Tracking number").fill("1Z 999 AA1 0123 4567 84")
  await shipping.getByRole("button", { name: "Ship order" }).click()
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: `Order shipped (UPS, tracking number ${TRACKING_NUMBER}): the customer was emailed the tracking.` })
  ).toBeVisible()
  await expect(page.getByTestId("order-status")).toHaveText("Fulfilled")
  const row = page.getByTestId("order-shipment")
  await expect(row).toHaveCount(1)
  await expect(row.getByRole("cell").first()).toHaveText("UPS")
  await expect(row.getByRole("link", { name: new RegExp(TRACKING_NUMBER) })).toHaveAttribute("href", TRACKING_URL)
  await expect(row.getByRole("cell").nth(3)).toHaveText("—")
  await expect(page.getByRole("button", { name: "Ship order" })).toHaveCount(0)
  const shippedEmail = await emailTo(email, "order-shipped")
  expect(shippedEmail.text).toContain(`Tracking number: ${TRACKING_NUMBER}`)
  expect(shippedEmail.text).toContain(TRACKING_URL)

  const audit = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()
  expect(audit.violations.map((v) => `${v.impact} ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([])

  await page.getByRole("button", { name: "Mark delivered" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Marked delivered: the customer was emailed." })).toBeVisible()
  await expect(row.getByRole("cell").nth(3)).toHaveText(/ET$/)
  await expect(page.getByRole("button", { name: "Mark delivered" })).toHaveCount(0)
  await emailTo(email, "order-delivered")
  expect(errors).toEqual([])
})
