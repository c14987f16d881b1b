import { expect, test } from "./fixtures"
import { storefrontWithBackendDown } from "./second-storefront"

test("the home page shows the three categories with live product counts linking to the shop", async ({
  page,
  request,
  backendUrl,
  publishableKey,
}) => {
  const { categories } = await (
    await request.get(`${backendUrl}/store/catalog/categories`, { headers: { "x-publishable-api-key": publishableKey } })
  ).json()
  const response = await page.goto("/")
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle(/Harbor Health Pharmacy/)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Free shipping over \$75\.00/)
  await expect(page.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/shop")
  await expect(page.getByText("FREE SHIPPING FOR OUR MEMBERS • 24/7 AVAILABLE • FAST SHIPPING").first()).toBeAttached()

  for (const name of ["Medical Weight Loss", "Diabetes Supplies", "Insulin"]) {
    const count = categories.find((c: { name: string }) => c.name === name).product_count
    const card = page.getByRole("link", { name: new RegExp(`^${name}`) }).filter({ hasText: `${count} Products` })
    await expect(card).toHaveAttribute("href", `/shop?category=${encodeURIComponent(name)}`)
  }
})

test("the home page's counter, reviews and FAQ accordion", async ({ page }) => {
  await page.goto("/")
  // Half stars are drawn and read out.
  await expect(page.getByRole("img", { name: "Rated 4.5 out of 5" }).first()).toBeVisible()
  await expect(page.getByRole("heading", { name: "Meet our experts" })).toBeAttached()
  await expect(page.locator("main li", { has: page.getByRole("heading", { level: 3 }) }).filter({ hasText: "PharmD" })).toHaveCount(1)

  // The counter starts from 0 once the page is interactive and counts up to 2650 when in view.
  const counter = page.getByTestId("trusted-customers")
  await expect(counter.locator("[aria-hidden=true]")).toHaveText("0+")
  await expect(counter.locator(".sr-only")).toHaveText("2650+")
  await counter.scrollIntoViewIfNeeded()
  await expect(counter.locator("[aria-hidden=true]")).toHaveText("2650+")

  // One answer open at a time; clicking the open one closes it.
  const shipping = page.locator("details", { hasText: "How much does shipping cost?" })
  const guarantee = page.locator("details", { hasText: "Is there a satisfaction guarantee?" })
  await shipping.locator("summary").click()
  await expect(shipping).toHaveAttribute("open", "")
  await expect(shipping).toContainText("free shipping on orders over $75.00")
  await guarantee.locator("summary").click()
  await expect(guarantee).toContainText("30-day satisfaction guarantee")
  await expect(shipping).not.toHaveAttribute("open", "")
  await guarantee.locator("summary").click()
  await expect(page.locator("details[open]")).toHaveCount(0)
})

test("with reduced motion nothing moves: no counting, no fading, a still banner", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" })
  await page.goto("/")
  await page.waitForLoadState("networkidle")
  await expect(page.getByTestId("trusted-customers").locator("[aria-hidden=true]")).toHaveText("2650+")
  const faq = page.getByRole("heading", { name: "Frequently asked questions" })
  expect(await faq.evaluate((el) => getComputedStyle(el.closest("section")!).opacity)).toBe("1")
  expect(await page.locator(".marquee-track").evaluate((el) => getComputedStyle(el).animationName)).toBe("none")
})

test("an unknown route answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist")
  expect(response?.status()).toBe(404)
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible()
  await page.getByRole("link", { name: "Go home" }).click()
  await expect(page).toHaveURL(/\/$/)
})

test("when the backend is down the storefront shows a friendly message, not a stack trace", async ({ page, publishableKey }) => {
  const storefront = await storefrontWithBackendDown(publishableKey)
  try {
    const response = await page.goto(`${storefront.url}/`)
    expect(response?.status()).toBe(503)
    await expect(page.getByRole("heading", { name: "We can't reach the store right now" })).toBeVisible()
    await expect(page.locator("body")).not.toContainText("fetch failed")
    await expect(page.locator("body")).not.toContainText(/at \S+ \(.*:\d+:\d+\)/) // no stack frames
  } finally {
    await storefront.stop()
  }
})
