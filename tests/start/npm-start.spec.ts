/**
 * The store as `npm start` serves it, in Chromium (issue 20, decision 0048): what a new user sees
 * on the URLs the command prints. The product pictures load on every shopping page with no
 * Content-Security-Policy violation; Medusa Admin signs in over plain HTTP and shows the orders
 * and an order; the staff area signs in. global-setup.ts started the store.
 */
import { expect, type Page, test as base } from "@playwright/test"

import { billing, fillBilling } from "../support/shopper"

/** How Chromium reports a Content-Security-Policy refusing something. */
const CSP_VIOLATION = /Content[ -]Security[ -]Policy/i

const test = base.extend<{
  store: { storefrontUrl: string; backendUrl: string; medusaAdminUrl: string; email: string; password: string }
  cspViolations: string[]
}>({
  store: async ({}, use) =>
    use({
      storefrontUrl: process.env.STOREFRONT_URL!,
      backendUrl: process.env.BACKEND_URL!,
      medusaAdminUrl: process.env.MEDUSA_ADMIN_URL!,
      email: process.env.STORE_ADMIN_EMAIL!,
      password: process.env.STORE_ADMIN_PASSWORD!,
    }),
  baseURL: async ({}, use) => use(process.env.STOREFRONT_URL),
  // Every test fails on a policy violation of any page (the storefront's, Medusa Admin's), from the
  // console and from the document's own event.
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = []
      context.on("console", (message) => {
        if (CSP_VIOLATION.test(message.text())) violations.push(`${message.page()?.url()}: ${message.text()}`)
      })
      await context.exposeFunction("reportCspViolation", (text: string) => violations.push(text))
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation
          report(`${document.location.href}: ${event.violatedDirective} refused ${event.blockedURI}`)
        })
      })
      await use(violations)
      expect(violations, "Content-Security-Policy violations").toEqual([])
    },
    { auto: true },
  ],
})

/** Says "over 18" through the age check's form, as a visitor does. */
async function verifyAge(page: Page) {
  await page.goto("/age-check")
  await page.getByLabel("I am 18 or older").check()
  await page.getByRole("button", { name: "OK" }).click()
  await expect(page).toHaveURL(/\/shop$/)
}

/**
 * Every picture the page shows has loaded (a picture the policy refused is "complete" with no
 * size), lazy ones once scrolled to. Answers the product pictures (the backend's uploads).
 */
async function expectPicturesLoaded(page: Page, backendUrl: string) {
  const pictures = page.locator("img:visible")
  const count = await pictures.count()
  expect(count, `pictures on ${page.url()}`).toBeGreaterThan(0)
  const uploads: string[] = []
  for (let i = 0; i < count; i++) {
    const picture = pictures.nth(i)
    await picture.scrollIntoViewIfNeeded()
    const src = await picture.evaluate((img: HTMLImageElement) => img.currentSrc || img.src)
    const loaded = () => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
    await expect.poll(loaded, { message: `${src} loads on ${page.url()}` }).toBe(true)
    if (new URL(src).pathname.startsWith("/static/")) uploads.push(src)
  }
  for (const src of uploads) {
    expect(new URL(src).origin, "product pictures come from the backend's printed URL").toBe(new URL(backendUrl).origin)
  }
  return uploads
}

test("the product pictures load with no Content-Security-Policy violation on the home, shop, product, cart and checkout pages", async ({
  page,
  store,
  cspViolations,
}) => {
  await verifyAge(page)

  await page.goto("/")
  await expectPicturesLoaded(page, store.backendUrl)

  await page.goto("/shop")
  expect((await expectPicturesLoaded(page, store.backendUrl)).length).toBeGreaterThan(0)

  // A product anyone may buy (no prescription), from the shop's first page.
  const card = page.locator("a[href^='/product/']").filter({ hasNotText: "Rx" }).first()
  const productPath = await card.getAttribute("href")
  await page.goto(productPath!)
  expect(await expectPicturesLoaded(page, store.backendUrl)).toHaveLength(1)
  await page.getByRole("button", { name: "ADD TO CART" }).click()
  await expect(page.getByTestId("cart-badge")).toHaveText("1")

  await page.goto("/cart")
  await expect(page.getByTestId("cart-line")).toHaveCount(1)
  expect((await expectPicturesLoaded(page, store.backendUrl)).length).toBeGreaterThan(0)

  await page.goto("/checkout")
  await expect(page.getByTestId("checkout-line")).toHaveCount(1)
  expect((await expectPicturesLoaded(page, store.backendUrl)).length).toBeGreaterThan(0)

  expect(cspViolations, "Content-Security-Policy violations").toEqual([])
})

/** A guest order of a prescription-only product through the storefront's checkout, as a shopper places one; answers its number. */
async function placeOrder(page: Page, email: string) {
  await verifyAge(page)
  await page.goto("/shop")
  const rxCard = page.locator("article.product-card").filter({ has: page.locator(".badge-rx") })
  await page.goto((await rxCard.first().locator("a[href^='/product/']").first().getAttribute("href"))!)
  await page.getByRole("button", { name: "ADD TO CART" }).click()
  await expect(page.getByTestId("cart-badge")).toHaveText("1")
  await page.goto("/checkout")
  await fillBilling(page, billing(email))
  await page.getByRole("button", { name: "Place Order" }).click()
  await expect(page).toHaveURL(/\/order-confirmation$/, { timeout: 60_000 })
  return (await page.getByTestId("order-id").textContent())!.trim()
}

test("Medusa Admin at the printed URL signs in over plain HTTP and shows the orders and an order with the pharmacy's widget", async ({
  page,
  store,
}) => {
  const email = `npm-start-${Date.now()}@example.com`
  const orderNumber = await placeOrder(page, email)
  expect(orderNumber).toMatch(/^HH-[0-9A-Z]{4}-[0-9A-Z]{4}$/)

  await page.goto(store.medusaAdminUrl)
  await expect(page).toHaveURL(/\/app\/login/)
  await page.getByRole("textbox", { name: "Email" }).fill(store.email)
  await page.getByPlaceholder("Password").fill(store.password)
  await page.getByRole("button", { name: "Continue with Email" }).click()
  await expect(page).toHaveURL(/\/app\/orders/)
  const row = page.getByRole("row").filter({ hasText: email })
  await expect(row).toHaveCount(1)

  // Still signed in on a new page load: the session cookie was kept.
  await page.reload()
  await expect(page).toHaveURL(/\/app\/orders/)
  await row.click()
  await expect(page).toHaveURL(/\/app\/orders\/order_/)
  await expect(page.getByText(email).first()).toBeVisible()
  // The pharmacy's widget (issue 24): the shop's order number and state where Medusa Admin shows "#n" and "Authorized".
  const pharmacy = page.getByTestId("order-pharmacy-widget")
  await expect(pharmacy.getByRole("heading", { name: "Pharmacy" })).toBeVisible()
  await expect(pharmacy).toContainText(orderNumber)
  await expect(pharmacy).toContainText("Awaiting payment")
  await expect(pharmacy).toContainText(`memo Order ${orderNumber}`)
  await expect(pharmacy).toContainText("Held: awaiting a pharmacist's review. It cannot ship until approved.")
  await page.reload()
  await expect(page).toHaveURL(/\/app\/orders\/order_/)
  await expect(page.getByText(email).first()).toBeVisible()
})

test("the staff area signs in with the printed login", async ({ page, store }) => {
  await page.goto("/admin")
  await page.getByLabel("Username").fill(store.email)
  await page.getByLabel("Password").fill(store.password)
  await page.getByRole("button", { name: "Login" }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible()
  await expect(page.getByText(`Signed in as ${store.email}`)).toBeVisible()
})
