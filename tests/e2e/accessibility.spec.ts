import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"

import { expect, test } from "./fixtures"
import { catalog, consoleErrors, verifyAge } from "./helpers"

/** WCAG 2.1 A and AA, plus axe's best practices. Serious and critical findings fail; the rest are listed. */
async function audit(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()
  const summary = results.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
  if (summary.length) console.log(`[axe] ${label}:\n  ${summary.join("\n  ")}`)
  expect(
    results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
    `${label}: ${summary.join("; ")}`
  ).toEqual([])
  return results.violations
}

/** Scrolls through the page so sections that fade in are shown before the audit. */
async function revealAll(page: Page) {
  for (let y = 0; y < 8000; y += 500) {
    await page.mouse.wheel(0, 500)
    await page.waitForTimeout(50)
  }
  await page.waitForTimeout(900)
}

for (const path of [
  "/",
  "/blog",
  "/blog/1",
  "/about-us",
  "/privacypolicy",
  "/shippingpolicy",
  "/refundandreturn",
  "/faq",
  "/age-check",
  "/licenses",
  "/notice-of-privacy-practices",
]) {
  test(`${path} has no accessibility problems`, async ({ page }) => {
    await page.goto(path)
    if (path === "/") await revealAll(page)
    expect((await audit(page, path)).map((v) => v.id)).toEqual([])
  })
}

test("/shop and its Select Variant modal have no accessibility problems", async ({ page }) => {
  await verifyAge(page)
  await page.goto("/shop")
  const minor = (await audit(page, "/shop")).map((v) => v.id)
  await page
    .getByRole("button", { name: /^Add to Cart/ })
    .first()
    .click()
  await expect(page.getByRole("dialog")).toBeVisible()
  minor.push(...(await audit(page, "/shop modal")).map((v) => `modal ${v.id}`))
  expect(minor).toEqual([])
})

test("a product page and a filled cart have no accessibility problems", async ({ page, request, backendUrl, publishableKey }) => {
  await verifyAge(page)
  const { products } = await catalog(request, backendUrl, publishableKey)
  await page.goto(`/product/${products[0].id}`)
  const minor = (await audit(page, "/product")).map((v) => `product ${v.id}`)
  await page.getByRole("button", { name: "ADD TO CART" }).click()
  await page.goto("/cart")
  await expect(page.getByTestId("cart-total")).toHaveText(/^\$/)
  minor.push(...(await audit(page, "/cart")).map((v) => `cart ${v.id}`))
  expect(minor).toEqual([])
})

test("shop, product and cart fit a 360 px screen without accessibility problems", async ({ page, request, backendUrl, publishableKey }) => {
  await verifyAge(page)
  await page.setViewportSize({ width: 360, height: 740 })
  const { products } = await catalog(request, backendUrl, publishableKey)
  const minor: string[] = []
  for (const path of ["/shop", `/product/${products[0].id}`, "/cart"]) {
    await page.goto(path)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} fits 360 px`).toBeLessThanOrEqual(360)
    minor.push(...(await audit(page, `${path} at 360 px`)).map((v) => `${path} ${v.id}`))
  }
  expect(minor).toEqual([])
})

test("keyboard: the skip link reaches the content and the shop can be used without a mouse", async ({ page }) => {
  // What the browser reported, so a page that never hydrates (seen in CI now and then) says why.
  const problems = consoleErrors(page)
  page.on("requestfailed", (request) => problems.push(`${request.url()}: ${request.failure()?.errorText}`))
  await verifyAge(page)
  await page.goto("/shop")
  await page.keyboard.press("Tab")
  const skip = page.getByRole("link", { name: "Skip to content" })
  await expect(skip).toBeFocused()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(/#main$/)

  // A changed filter reloads the list through the page's scripts: wait until Remix has taken the page
  // over (a change before that, on a fast run, changed the field and nothing else).
  await expect
    .poll(() => page.evaluate(() => typeof (window as { __remixRouter?: unknown }).__remixRouter))
    .toBe("object")
    .catch((error: Error) => {
      throw new Error(`${error.message}\nThe browser reported: ${problems.join("\n") || "nothing"}`)
    })
  const category = page.getByLabel("Category")
  await category.focus()
  await category.selectOption("Insulin") // keyboard users change a <select> the same way
  await expect(page).toHaveURL(/category=Insulin/)
  // The address changes before React shows the new list: focus a card's button only once it is there.
  await expect(page.getByRole("heading", { name: "Insulin Products", level: 1 })).toBeVisible()
  await expect(category).toBeFocused()

  const add = page.getByRole("button", { name: /^Add to Cart/ }).first()
  await add.focus()
  await page.keyboard.press("Enter")
  const dialog = page.getByRole("dialog", { name: "Select Variant" })
  await expect(dialog).toBeVisible()
  await dialog.getByRole("button", { name: "Add to Cart" }).focus()
  await page.keyboard.press("Enter")
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole("status").filter({ hasText: "added to cart!" })).toBeVisible()
  expect(problems).toEqual([])
})
