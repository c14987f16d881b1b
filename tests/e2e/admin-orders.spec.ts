/**
 * The staff area's orders and prescription review (issue 7): order lookup by
 * ID ('Order not found' on any failure), orders held for prescription review
 * approved (hold released) or rejected (canceled, stock back), and
 * prescription requests read (audited) and decided with a note. The audit
 * entries are checked in the database itself. Staff without the pharmacist
 * role are told the review is not theirs (decision 0041). The pharmacist of
 * these tests is invited, granted the role, and turns on two-step sign-in in
 * the staff area first (decision 0044); the seeded admin, a pharmacist without
 * it, is told where to turn it on. The work queues (issue 24): an order moves
 * from "awaiting payment" to "ready to ship", found by the search; the review
 * queue is shown to pharmacists only.
 */
import fs from "node:fs"

import type { APIRequestContext, Page } from "@playwright/test"
import pg from "pg"

import { pngBytes } from "../support/png"
import { full, insulin } from "../support/prescription-forms"
import { expect, test } from "./fixtures"
import { consoleErrors, usd, verifyAge } from "./helpers"
import { emailTo, statusPathOf } from "./outbox"
import { enrolTwoStepInStaffArea, inviteStaffMember, SEEDED_ADMIN as STAFF, signInToStaffArea } from "./staff-sign-in"

/** The pharmacist who reviews in these tests, with two-step sign-in set up through the staff area (beforeAll). */
const PHARMACIST = { username: `pharmacist-${Date.now()}@example.com`, password: "pharmacist-lantern-orbit", totpSecret: "" }
const ADDRESS = "12 Elm Street, Apt 4, Springfield, Illinois 62704, United States"

type Product = { id: string; name: string; prescription: boolean; variants: { id: string; name: string; price: number; stock: number }[] }

async function signIn(page: Page, staff: { username: string; password: string; totpSecret?: string } = PHARMACIST) {
  await signInToStaffArea(page, staff, staff.totpSecret || undefined)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
}

async function productNamed(request: APIRequestContext, backendUrl: string, name: string): Promise<Product> {
  const products = (await (await request.get(`${backendUrl}/api/products/`, { params: { search: name } })).json()) as Product[]
  const product = products.find((p) => p.name === name)
  if (!product) throw new Error(`no product named ${name}`)
  return product
}

/** The order call of the storefront's checkout (POST /api/orders/), as a guest. */
async function placeOrder(request: APIRequestContext, backendUrl: string, product: Product, quantity: number, email: string) {
  const variant = product.variants[0]
  const response = await request.post(`${backendUrl}/api/orders/`, {
    data: {
      email,
      phone: "555-123-4567",
      shipping_address: ADDRESS,
      items: [{ product: product.id, variant: variant.id, quantity }],
      payment_method: "zelle",
      first_name: "Pat",
      last_name: "Lee",
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as {
    unique_order_id: string
    status: string
    totals: { subtotal: number; discount: number; shipping: number; tax: number; total: number }
  }
}

async function withDatabase<T>(run: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL })
  await db.connect()
  try {
    return await run(db)
  } finally {
    await db.end()
  }
}

const staffUserId = () =>
  withDatabase(async (db) => (await db.query(`SELECT id FROM "user" WHERE email = $1`, [PHARMACIST.username])).rows[0].id as string)

test.beforeAll(async ({ browser, playwright }) => {
  const request = await playwright.request.newContext()
  const { userId } = await inviteStaffMember(request, process.env.BACKEND_URL!, STAFF, PHARMACIST)
  await request.dispose()
  // The role is granted with database access only (decision 0041), as `npm run staff:pharmacist` does.
  await withDatabase((db) =>
    db.query(`INSERT INTO pharmacist (id, user_id, granted_by) VALUES ($1, $2, 'e2e')`, [`rxph_e2e_${Date.now()}`, userId])
  )
  const page = await browser.newPage({ baseURL: process.env.STOREFRONT_URL })
  await signInToStaffArea(page, PHARMACIST)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  PHARMACIST.totpSecret = await enrolTwoStepInStaffArea(page)
  await page.close()
})

test("order lookup: an order placed through the storefront's order call, and 'Order not found' for anything else", async ({
  page,
  request,
  backendUrl,
}) => {
  const errors = consoleErrors(page)
  const vitamins = await productNamed(request, backendUrl, "GLP-1 Nutrition Support Multivitamin")
  const placed = await placeOrder(request, backendUrl, vitamins, 2, "lookup@example.com")
  await signIn(page)
  await page.getByRole("link", { name: "Orders", exact: true }).first().click()
  await expect(page).toHaveURL(/\/admin\/order-details$/)

  // Spec §5: the ID must not be blank.
  await page.getByRole("button", { name: "Search" }).click()
  await expect(page.getByLabel("Order ID")).toHaveAccessibleDescription("Enter an order ID")

  await page.getByLabel("Order ID").fill(` ${placed.unique_order_id.toLowerCase()} `)
  await page.getByLabel("Order ID").press("Enter")
  const order = page.getByTestId("order")
  await expect(order.getByRole("heading", { name: `Order ${placed.unique_order_id}` })).toBeVisible()
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment")
  await expect(page.getByTestId("order-payment")).toHaveText("Awaiting payment")
  await expect(order).toContainText("lookup@example.com")
  await expect(order).toContainText(ADDRESS)
  await expect(order).toContainText("Zelle")
  await expect(order).toContainText(String(new Date().getFullYear()))
  const item = page.getByTestId("order-item")
  await expect(item).toHaveCount(1)
  await expect(item).toContainText(vitamins.name)
  await expect(item).toContainText(vitamins.variants[0].name)
  await expect(item.getByRole("cell").nth(2)).toHaveText("2")
  await expect(item.getByRole("cell").nth(3)).toHaveText(usd(vitamins.variants[0].price))
  await expect(page.getByTestId("order-subtotal")).toHaveText(usd(placed.totals.subtotal))
  await expect(page.getByTestId("order-shipping")).toHaveText(placed.totals.shipping === 0 ? "FREE" : usd(placed.totals.shipping))
  await expect(page.getByTestId("order-tax")).toHaveText(usd(placed.totals.tax))
  await expect(page.getByTestId("order-total")).toHaveText(usd(placed.totals.total))
  // Not held: no review form.
  await expect(page.getByRole("button", { name: "Approve prescription" })).toHaveCount(0)

  // Spec §8: 'Order not found' for any failure.
  for (const id of ["HH-2222-3333", "not an order id"]) {
    await page.getByLabel("Order ID").fill(id)
    await page.getByRole("button", { name: "Search" }).click()
    await expect(page.getByRole("alert")).toHaveText("Order not found")
    await expect(page.getByTestId("order")).toHaveCount(0)
  }
  expect(errors).toEqual([])
})

test("orders held for prescription review: approving releases the hold, rejecting cancels the order and frees its stock; both audited", async ({
  page,
  request,
  backendUrl,
}) => {
  const errors = consoleErrors(page)
  const tirzepatide = await productNamed(request, backendUrl, "Compounded Tirzepatide Injection")
  expect(tirzepatide.prescription).toBe(true)
  const approveMe = await placeOrder(request, backendUrl, tirzepatide, 1, "held-approve@example.com")
  const rejectMe = await placeOrder(request, backendUrl, tirzepatide, 2, "held-reject@example.com")
  expect([approveMe.status, rejectMe.status]).toEqual(["awaiting_prescription_review", "awaiting_prescription_review"])
  const orderId = (uniqueOrderId: string) =>
    withDatabase(
      async (db) => (await db.query(`SELECT id FROM "order" WHERE custom_display_id = $1`, [uniqueOrderId])).rows[0].id as string
    )
  const audit = (subjectId: string) =>
    withDatabase(
      async (db) =>
        (await db.query("SELECT actor_id, action FROM prescription_audit_entry WHERE subject_id = $1 ORDER BY created_at", [subjectId]))
          .rows
    )
  const staffId = await staffUserId()

  await signIn(page)
  await page.goto("/admin/prescriptions/orders")
  const held = page.getByTestId("held-order")
  await expect(held.filter({ hasText: approveMe.unique_order_id })).toHaveCount(1)
  await expect(held.filter({ hasText: rejectMe.unique_order_id })).toHaveCount(1)
  // Minimum necessary (decision 0047): the list names no medicine; the pharmacist opens the order to see it.
  await expect(held.filter({ hasText: approveMe.unique_order_id })).not.toContainText(tirzepatide.name)

  // Approve: the hold is released, the order waits for its payment like any other.
  await held
    .filter({ hasText: approveMe.unique_order_id })
    .getByRole("link", { name: `Review order ${approveMe.unique_order_id}` })
    .click()
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting prescription review")
  await page.getByLabel("Note").fill("Prescription verified with Dr. Patel")
  await page.getByRole("button", { name: "Approve prescription" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Prescription approved: the order is released for fulfillment." })).toBeVisible()
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment")
  await expect(page.getByRole("button", { name: "Approve prescription" })).toHaveCount(0)
  // The page shown after the decision shows the pharmacist's note (stored encrypted): an audited read.
  await expect(page.getByTestId("review-note")).toHaveText("Prescription verified with Dr. Patel")
  // Every look at the order's details is an audited read (decision 0047): opening it, and the page after the decision.
  const approveTrail = await audit(await orderId(approveMe.unique_order_id))
  expect(approveTrail.filter((entry) => entry.action !== "read")).toEqual([{ actor_id: staffId, action: "approve" }])
  expect(approveTrail[0]).toEqual({ actor_id: staffId, action: "read" })
  expect(approveTrail.at(-1)).toEqual({ actor_id: staffId, action: "read" })
  expect(approveTrail.every((entry) => entry.actor_id === staffId)).toBe(true)

  // Reject: a reason is required; then the order is canceled and its stock is back.
  const stockBefore = (await productNamed(request, backendUrl, tirzepatide.name)).variants[0].stock
  await page.getByLabel("Order ID").fill(rejectMe.unique_order_id)
  await page.getByRole("button", { name: "Search" }).click()
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting prescription review")
  await page.getByRole("button", { name: "Reject and cancel order" }).click()
  await expect(page.getByLabel("Note")).toHaveAccessibleDescription(/Add a note that explains the rejection/)
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting prescription review")
  await page.getByLabel("Note").fill("No valid prescription on file")
  await page.getByRole("button", { name: "Reject and cancel order" }).click()
  await expect(
    page.getByRole("status").filter({ hasText: "Prescription rejected: the order was canceled and its stock released." })
  ).toBeVisible()
  await expect(page.getByTestId("order-status")).toHaveText("Prescription rejected")
  expect((await productNamed(request, backendUrl, tirzepatide.name)).variants[0].stock).toBe(stockBefore + 2)
  const rejectTrail = await audit(await orderId(rejectMe.unique_order_id))
  expect(rejectTrail.filter((entry) => entry.action !== "read")).toEqual([{ actor_id: staffId, action: "reject" }])
  expect(rejectTrail[0]).toEqual({ actor_id: staffId, action: "read" })
  expect(rejectTrail.at(-1)).toEqual({ actor_id: staffId, action: "read" })

  await page.goto("/admin/prescriptions/orders")
  await expect(held.filter({ hasText: approveMe.unique_order_id })).toHaveCount(0)
  await expect(held.filter({ hasText: rejectMe.unique_order_id })).toHaveCount(0)
  expect(errors).toEqual([])
})

test("a pharmacist decides a held order on its evidence: the request sent with the same email, opened in place; asks for information, then approves; the history follows (issue 24)", async ({
  page,
  request,
  backendUrl,
}) => {
  const errors = consoleErrors(page)
  const email = `evidence-${Date.now()}@example.com`
  const form = await request.post(`${backendUrl}/api/prescription-request/`, {
    data: { ...insulin, name: "Robin Evidence", email },
  })
  expect(form.status(), await form.text()).toBe(201)
  const requestId = ((await form.json()) as { id: string }).id
  const tirzepatide = await productNamed(request, backendUrl, "Compounded Tirzepatide Injection")
  const order = await placeOrder(request, backendUrl, tirzepatide, 1, email)
  expect(order.status).toBe("awaiting_prescription_review")

  await signIn(page)
  await page.goto(`/admin/order-details?id=${order.unique_order_id}`)
  const evidence = page.getByTestId("prescription-evidence")
  await expect(evidence.getByRole("heading", { name: "Prescription evidence" })).toBeVisible()
  const sent = evidence.getByTestId("evidence-request")
  await expect(sent).toHaveCount(1)
  await expect(sent).toContainText("Insulin")
  await expect(sent).toContainText("Robin Evidence")
  // Health fields stay folded until the pharmacist opens the request.
  await expect(sent.getByText("Insulin glargine")).toBeHidden()
  await sent.locator("summary").click()
  await expect(sent.getByText("Insulin glargine")).toBeVisible()
  await expect(sent.getByText("Sulfa drugs")).toBeVisible()
  await expect(evidence.getByText("No decision yet.")).toBeVisible()
  // The request was read for this order, and the audit log says so.
  const staffId = await staffUserId()
  const orderRow = await withDatabase(
    async (db) => (await db.query(`SELECT id FROM "order" WHERE custom_display_id = $1`, [order.unique_order_id])).rows[0].id as string
  )
  const reads = await withDatabase(
    async (db) =>
      (await db.query("SELECT actor_id, details FROM prescription_audit_entry WHERE subject_id = $1 AND action = 'read'", [requestId])).rows
  )
  expect(reads).toContainEqual({ actor_id: staffId, details: { for_order: orderRow } })

  await page.getByLabel("Message to the patient").fill("Please send the name of your prescriber.")
  await page.getByRole("button", { name: "Ask the patient for information" }).click()
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting prescription review")
  await expect(evidence.getByTestId("review-history")).toContainText(`Asked the patient for information, by ${PHARMACIST.username}`)

  await page.getByLabel("Note").fill("Prescriber confirmed by phone")
  await page.getByRole("button", { name: "Approve prescription" }).click()
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment")
  const history = evidence.getByTestId("review-history").getByRole("listitem")
  await expect(history).toHaveCount(2)
  await expect(history.nth(0)).toContainText("Asked the patient for information")
  await expect(history.nth(1)).toContainText(`Approved, by ${PHARMACIST.username}`)
  expect(errors).toEqual([])
})

test("the patient sends a prescription from the status page of a held order; the pharmacist sees it in the evidence and downloads it, audited (issue 24)", async ({
  page,
  request,
  backendUrl,
}) => {
  const errors = consoleErrors(page)
  const email = `document-${Date.now()}@example.com`
  const tirzepatide = await productNamed(request, backendUrl, "Compounded Tirzepatide Injection")
  const order = await placeOrder(request, backendUrl, tirzepatide, 1, email)
  expect(order.status).toBe("awaiting_prescription_review")
  const png = Buffer.from(pngBytes(2, 2, [255, 0, 0])) // a real 2×2 red PNG

  await verifyAge(page)
  await page.goto(statusPathOf(await emailTo(email, "order-confirmation")))
  const documents = page.getByTestId("prescription-documents")
  await expect(documents).toContainText("No document sent yet.")
  const field = page.getByLabel("Send a prescription (a photo or a scan)")
  await expect(field).toHaveAccessibleDescription("PDF, JPEG, PNG or HEIC, at most 10 MB")
  // An executable renamed .pdf is refused from its content, the error beside the field.
  await field.setInputFiles({ name: "prescription.pdf", mimeType: "application/pdf", buffer: Buffer.from("MZ\x90\x00 not a pdf") })
  await page.getByRole("button", { name: "Send the document" }).click()
  await expect(page.getByLabel("Send a prescription (a photo or a scan)")).toHaveAttribute("aria-invalid", "true")
  await expect(documents).toContainText("Upload a PDF, JPEG, PNG or HEIC file.")
  await page
    .getByLabel("Send a prescription (a photo or a scan)")
    .setInputFiles({ name: "prescription-photo.png", mimeType: "image/png", buffer: png })
  await page.getByRole("button", { name: "Send the document" }).click()
  await expect(page.getByTestId("upload-success")).toContainText("prescription-photo.png")
  await expect(page.getByTestId("uploaded-documents")).toContainText("prescription-photo.png")

  await signIn(page)
  await page.goto(`/admin/order-details?id=${order.unique_order_id}`)
  const evidence = page.getByTestId("prescription-evidence")
  await expect(evidence.getByRole("heading", { name: "Documents from the patient" })).toBeVisible()
  const listed = evidence.getByTestId("evidence-document")
  await expect(listed).toHaveCount(1)
  await expect(listed).toContainText("PNG")
  const downloading = page.waitForEvent("download")
  await listed.getByRole("link", { name: "prescription-photo.png" }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe("prescription-photo.png")
  expect(fs.readFileSync((await download.path())!)).toEqual(png)

  const staffId = await staffUserId()
  const reads = await withDatabase(
    async (db) =>
      (
        await db.query(
          `SELECT a.actor_id FROM prescription_audit_entry a JOIN prescription_document d ON d.id = a.subject_id
            WHERE a.subject_type = 'prescription_document' AND a.action = 'read' AND d.file_name = 'prescription-photo.png'
              AND d.order_id = (SELECT id FROM "order" WHERE custom_display_id = $1)`,
          [order.unique_order_id]
        )
      ).rows
  )
  expect(reads).toEqual([{ actor_id: staffId }])
  // The refused upload's answer is a 415: the browser logs it.
  expect(errors.filter((error) => !/415/.test(error))).toEqual([])
})

test("manual payments: recent orders list their status; staff mark an order paid, and cancel another (its stock comes back)", async ({
  page,
  request,
  backendUrl,
}) => {
  const errors = consoleErrors(page)
  const vitamins = await productNamed(request, backendUrl, "GLP-1 Nutrition Support Multivitamin")
  const payMe = await placeOrder(request, backendUrl, vitamins, 1, "pay-me@example.com")
  const cancelMe = await placeOrder(request, backendUrl, vitamins, 3, "cancel-me@example.com")
  await signIn(page)
  await page.goto("/admin/order-details")

  // The newest orders first (other tests place orders too), each with its status, each opening its details.
  const recent = page.getByTestId("recent-order")
  const listed = async () =>
    (await recent.locator("td:first-child").allTextContents()).filter(
      (id) => id === payMe.unique_order_id || id === cancelMe.unique_order_id
    )
  expect(await listed()).toEqual([cancelMe.unique_order_id, payMe.unique_order_id])
  await expect(recent.filter({ hasText: payMe.unique_order_id })).toContainText("Awaiting payment")
  // The list shows number, date, email, status and total: no address or phone (decision 0047).
  await expect(recent.filter({ hasText: payMe.unique_order_id })).toContainText("pay-me@example.com")
  await expect(recent.filter({ hasText: payMe.unique_order_id })).not.toContainText("Elm Street")
  await expect(recent.filter({ hasText: payMe.unique_order_id })).not.toContainText("555-123-4567")
  await recent.filter({ hasText: payMe.unique_order_id }).getByRole("link", { name: payMe.unique_order_id }).click()
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment")

  await page.getByRole("button", { name: "Mark as paid" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Payment recorded: the order is paid." })).toBeVisible()
  await expect(page.getByTestId("order-status")).toHaveText("Paid")
  await expect(page.getByTestId("order-payment")).toHaveText("Paid")
  await expect(page.getByRole("button", { name: "Mark as paid" })).toHaveCount(0)

  // Cancel asks first; Cancel in the dialog changes nothing.
  const stockBefore = (await productNamed(request, backendUrl, vitamins.name)).variants[0].stock
  await page.getByLabel("Order ID").fill(cancelMe.unique_order_id)
  await page.getByRole("button", { name: "Search" }).click()
  await expect(page.getByRole("heading", { name: `Order ${cancelMe.unique_order_id}` })).toBeVisible()
  await page.getByRole("link", { name: "Cancel order" }).click()
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to cancel this order?" })
  await expect(dialog).toBeVisible()
  await dialog.getByRole("link", { name: "Cancel" }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment")

  await page.getByRole("link", { name: "Cancel order" }).click()
  await page.getByRole("dialog").getByRole("button", { name: "Cancel order" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Order canceled: its stock was released." })).toBeVisible()
  await expect(page.getByTestId("order-status")).toHaveText("Canceled")
  await expect(page.getByRole("button", { name: "Mark as paid" })).toHaveCount(0)
  await expect(page.getByRole("link", { name: "Cancel order" })).toHaveCount(0)
  expect((await productNamed(request, backendUrl, vitamins.name)).variants[0].stock).toBe(stockBefore + 3)
  expect(errors).toEqual([])
})

test("prescription requests: newest first, filtered; opening one shows its health fields and is audited; approve and reject with a note", async ({
  page,
  request,
  backendUrl,
}) => {
  const errors = consoleErrors(page)
  const tag = Date.now().toString(36)
  const submit = async (form: Record<string, unknown>) => {
    const response = await request.post(`${backendUrl}/api/prescription-request/`, { data: form })
    expect(response.status()).toBe(201)
    return (await response.json()).id as string
  }
  const insulinName = `Sam Insulin ${tag}`
  const weightLossName = `Alex Weight ${tag}`
  const fullName = `Jordan Full ${tag}`
  const insulinId = await submit({ ...insulin, name: insulinName, email: `sam.${tag}@example.com` })
  const weightLossId = await submit({
    ...insulin,
    formType: "weight_loss",
    name: weightLossName,
    email: `alex.${tag}@example.com`,
    medicationName: "Semaglutide",
  })
  const fullId = await submit({
    ...full,
    name: fullName,
    email: `jordan.${tag}@example.com`,
    pastMedicalProblems: `Type 2 diabetes since 2015 (${tag})`,
    currentMedications: "Metformin 1000 mg twice daily",
  })
  const staffId = await staffUserId()
  const audit = (subjectId: string) =>
    withDatabase(
      async (db) =>
        (await db.query("SELECT actor_id, action FROM prescription_audit_entry WHERE subject_id = $1 ORDER BY created_at", [subjectId]))
          .rows
    )

  await signIn(page)
  await page.goto("/admin/prescriptions")
  const rows = page.getByTestId("prescription-request")
  const mine = async () => (await rows.locator("td:nth-child(3)").allTextContents()).filter((text) => text.endsWith(tag))
  // Newest first; names and emails only.
  expect(await mine()).toEqual([fullName, weightLossName, insulinName])
  expect(await page.content()).not.toContain("Type 2 diabetes")
  expect(await audit(fullId)).toEqual([])

  await page.getByLabel("Form type").selectOption({ label: "Insulin" })
  await expect(page).toHaveURL(/\/admin\/prescriptions\?form_type=insulin$/)
  await expect.poll(mine).toEqual([insulinName])
  await page.getByLabel("Form type").selectOption({ label: "All form types" })
  await expect(page).toHaveURL(/\/admin\/prescriptions$/)

  // Opening a request: the health fields, and an audit entry naming the staff member.
  await rows
    .filter({ hasText: fullName })
    .getByRole("link", { name: `Open the request of ${fullName}` })
    .click()
  await expect(page).toHaveURL(new RegExp(`/admin/prescriptions/${fullId}$`))
  await expect(page.getByRole("heading", { name: "Prescription Request", level: 1 })).toBeVisible()
  const health = page.getByRole("region", { name: "Health information" })
  await expect(health).toContainText(`Type 2 diabetes since 2015 (${tag})`)
  await expect(health).toContainText("Penicillin")
  await expect(page.getByTestId("audit-entry").first()).toContainText(`Opened by ${PHARMACIST.username}`)
  expect(await audit(fullId)).toEqual([{ actor_id: staffId, action: "read" }])

  await page.getByLabel("Note").fill("Valid prescription on file")
  await page.getByRole("button", { name: "Approve" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Prescription request approved" })).toBeVisible()
  await expect(page.getByTestId("request-status")).toHaveText("Approved")
  await expect(page.getByTestId("review-note")).toHaveText("Valid prescription on file")
  // read, approve, and the read of the page shown after the decision.
  expect(await audit(fullId)).toEqual([
    { actor_id: staffId, action: "read" },
    { actor_id: staffId, action: "approve" },
    { actor_id: staffId, action: "read" },
  ])

  // Reject: a reason is required.
  await page.goto(`/admin/prescriptions/${weightLossId}`)
  await page.getByRole("button", { name: "Reject" }).click()
  await expect(page.getByLabel("Note")).toHaveAccessibleDescription(/Add a note that explains the rejection/)
  await page.getByLabel("Note").fill("Needs an in-person visit first")
  await page.getByRole("button", { name: "Reject" }).click()
  await expect(page.getByTestId("request-status")).toHaveText("Rejected")
  expect((await audit(weightLossId)).map((entry: { action: string }) => entry.action)).toEqual(["read", "reject", "read"])

  await page.goto("/admin/prescriptions?status=approved")
  await expect.poll(mine).toEqual([fullName])
  expect(await audit(insulinId)).toEqual([])
  expect(errors).toEqual([])
})

test("staff without the pharmacist role are told the prescription review is for pharmacists, and see no prescription data", async ({
  page,
  request,
  backendUrl,
}) => {
  const errors = consoleErrors(page)
  const tag = Date.now().toString(36)
  const submitted = await request.post(`${backendUrl}/api/prescription-request/`, {
    data: {
      formType: "insulin",
      name: `Robin Private ${tag}`,
      email: `robin.${tag}@example.com`,
      phone: "555-010-2000",
      age: 52,
      medicationName: "Insulin lispro",
      duration: "More Than A Year",
      allergies: "None",
      hasPrescription: "Yes",
      pharmacyInfo: "Main Street Pharmacy",
      noPrescription: false,
    },
  })
  expect(submitted.status()).toBe(201)
  const requestId = (await submitted.json()).id as string

  // A second staff member (an invite accepted in Medusa Admin): not a pharmacist.
  const ops = { username: `ops-${tag}@example.com`, password: "ops-password-1" }
  const { userId: opsId, adminToken } = await inviteStaffMember(request, backendUrl, STAFF, ops)

  await signIn(page, ops)
  for (const path of ["/admin/prescriptions", "/admin/prescriptions/orders", `/admin/prescriptions/${requestId}`]) {
    await page.goto(path)
    await expect(page.getByTestId("not-pharmacist")).toHaveText(/Prescription review is open to pharmacists only/)
    await expect(page.getByRole("alert")).toHaveCount(0)
    expect(await page.content()).not.toContain(`Robin Private ${tag}`)
    expect(await page.content()).not.toContain("Insulin lispro")
  }
  // Their everyday pages still work.
  await page.goto("/admin/order-details")
  await expect(page.getByRole("heading", { name: "Order Details", level: 1 })).toBeVisible()
  // No prescription was read in their name: each refused call is on record with why (decision 0044), and
  // so is the order list they saw (every list read is, decision 0047).
  const trail = await withDatabase(
    async (db) =>
      (
        await db.query("SELECT subject_type, action, details->>'reason' AS reason FROM prescription_audit_entry WHERE actor_id = $1", [
          opsId,
        ])
      ).rows
  )
  expect(trail.filter((entry) => entry.action === "read" && entry.subject_type === "prescription_request")).toEqual([])
  const refused = trail.filter((entry) => entry.action === "refused")
  expect(refused.length).toBeGreaterThanOrEqual(3)
  expect([...new Set(refused.map((entry) => entry.reason))]).toEqual(["not_pharmacist"])
  expect(trail).toContainEqual({ subject_type: "order", action: "list", reason: null })

  const removed = await request.delete(`${backendUrl}/admin/users/${opsId}`, { headers: { authorization: `Bearer ${adminToken}` } })
  expect(removed.ok()).toBe(true)
  expect(errors).toEqual([])
})

test("a pharmacist without two-step sign-in sees no prescriptions, but where to turn it on", async ({ page }) => {
  const errors = consoleErrors(page)
  await signIn(page, STAFF)
  for (const path of ["/admin/prescriptions", "/admin/prescriptions/orders"]) {
    await page.goto(path)
    await expect(page.getByTestId("not-pharmacist")).toContainText("Pharmacists must use two-step sign-in to see prescription information.")
    await expect(page.getByRole("alert")).toHaveCount(0)
    await expect(page.getByTestId("prescription-request")).toHaveCount(0)
  }
  await page.getByRole("link", { name: "Set up two-step sign-in" }).click()
  await expect(page).toHaveURL(/\/admin\/security$/)
  await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible()
  await expect(page.getByRole("note")).toHaveText("Pharmacists must use two-step sign-in to see prescription information.")
  await expect(page.getByRole("button", { name: "Set up two-step sign-in" })).toBeVisible()
  expect(errors).toEqual([])
})

test("work queues: counts and lists follow an order from awaiting payment to ready to ship; the review queue is a pharmacist's", async ({
  page,
  request,
  backendUrl,
}) => {
  const errors = consoleErrors(page)
  const email = `queues-${Date.now().toString(36)}@example.com`
  const vitamins = await productNamed(request, backendUrl, "GLP-1 Nutrition Support Multivitamin")
  const tirzepatide = await productNamed(request, backendUrl, "Compounded Tirzepatide Injection")
  const plain = await placeOrder(request, backendUrl, vitamins, 1, email)
  const held = await placeOrder(request, backendUrl, tirzepatide, 1, email)
  await signIn(page)
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Order queues" }).click()
  await expect(page).toHaveURL(/\/admin\/orders$/)
  const queues = page.getByRole("navigation", { name: "Order queues" })
  await expect(queues.getByRole("link", { name: /^Awaiting payment/ })).toHaveAttribute("aria-current", "page")
  /** A queue's count, from its link ("Ready to ship 5 orders"). */
  const countOf = async (queue: string) => Number(/\d+/.exec(await queues.getByTestId(`queue-${queue}`).innerText())?.[0])
  const readyCount = await countOf("ready_to_ship")
  expect(readyCount).toBeGreaterThanOrEqual(0)

  // The search (a GET form) finds both of this customer's orders, oldest first, with no product or address.
  await page.getByLabel("Order number or email").fill(email.toUpperCase())
  await page.getByRole("button", { name: "Search" }).click()
  await expect(page).toHaveURL(new RegExp(`queue=awaiting_payment&q=${encodeURIComponent(email.toUpperCase())}`))
  const rows = page.getByTestId("queue-order")
  await expect(rows.locator("td:first-child")).toHaveText([plain.unique_order_id, held.unique_order_id])
  await expect(rows.first()).toContainText("Awaiting payment")
  await expect(page.getByRole("table")).not.toContainText(/Multivitamin|Tirzepatide|Elm Street/)

  // The search carries over to the other queues.
  await queues.getByRole("link", { name: /^Prescription review/ }).click()
  await expect(rows.locator("td:first-child")).toHaveText([held.unique_order_id])
  await queues.getByRole("link", { name: /^Ready to ship/ }).click()
  await expect(page.getByTestId("queue-empty")).toHaveText(`No order in this queue matches "${email.toUpperCase()}"`)

  // Paid, the plain order moves to "ready to ship".
  await page.goto(`/admin/order-details?id=${plain.unique_order_id}`)
  await page.getByRole("button", { name: "Mark as paid" }).click()
  await expect(page.getByTestId("order-status")).toHaveText("Paid")
  await page.goto(`/admin/orders?queue=ready_to_ship&q=${encodeURIComponent(email)}`)
  await expect(rows.locator("td:first-child")).toHaveText([plain.unique_order_id])
  // Other specs run beside this one and may move orders too: at least this one more.
  expect(await countOf("ready_to_ship")).toBeGreaterThanOrEqual(readyCount + 1)
  await rows.getByRole("link", { name: plain.unique_order_id }).click()
  await expect(page.getByRole("heading", { name: `Order ${plain.unique_order_id}` })).toBeVisible()
  expect(errors).toEqual([])
})

test("work queues: staff who may not see prescriptions get the other queues, not the review queue", async ({ page }) => {
  const errors = consoleErrors(page)
  await signIn(page, STAFF)
  await page.goto("/admin/orders")
  const queues = page.getByRole("navigation", { name: "Order queues" })
  await expect(queues.getByRole("link")).toHaveText([/^Awaiting payment/, /^Ready to ship/, /^Shipped/, /^Recently canceled/])
  await page.goto("/admin/orders?queue=awaiting_prescription_review")
  await expect(page.getByTestId("not-pharmacist")).toContainText("Pharmacists must use two-step sign-in to see prescription information.")
  await expect(page.getByTestId("queue-order")).toHaveCount(0)
  expect(errors).toEqual([])
})
