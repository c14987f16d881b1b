import type { Page } from "@playwright/test"

import { expect, test } from "./fixtures"
import { catalog, consoleErrors, usd, verifyAge } from "./helpers"

test.beforeEach(async ({ page }) => {
  await verifyAge(page)
})

const cards = (page: Page) => page.getByTestId("product-grid").getByRole("article")
const names = (page: Page) => cards(page).getByRole("heading").allTextContents()

test("filters, sort and pages live in the URL, run on the server and reset to page 1", async ({
  page,
  request,
  backendUrl,
  publishableKey,
}) => {
  const errors = consoleErrors(page)
  const all = await catalog(request, backendUrl, publishableKey, { limit: 12 })
  await page.goto("/shop")
  await expect(page.getByRole("heading", { name: "Our Products", level: 1 })).toBeVisible()
  await expect(page.getByText(`Showing 1–12 of ${all.count} products`)).toBeVisible()
  await expect(cards(page)).toHaveCount(12)
  expect(await names(page)).toEqual(all.products.map((p) => p.name))

  // Numbered pages, Previous and Next.
  const pager = page.getByRole("navigation", { name: "Pagination" })
  await expect(pager.getByRole("link", { name: /^Page \d+$/ })).toHaveCount(all.pages)
  await pager.getByRole("link", { name: "Page 2" }).click()
  await expect(page).toHaveURL(/\/shop\?page=2$/)
  await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page")
  const page2 = await catalog(request, backendUrl, publishableKey, { limit: 12, page: 2 })
  expect(await names(page)).toEqual(page2.products.map((p) => p.name))
  await pager.getByRole("link", { name: "Next" }).click()
  await expect(page).toHaveURL(/\/shop\?page=3$/)
  await pager.getByRole("link", { name: "Previous" }).click()
  await expect(page).toHaveURL(/\/shop\?page=2$/)

  // A filter change goes back to page 1 and shows the server's answer.
  await page.getByLabel("Category").selectOption("Insulin")
  await expect(page).toHaveURL(/\/shop\?category=Insulin$/)
  await expect(page.getByRole("heading", { name: "Insulin Products", level: 1 })).toBeVisible()
  const insulin = await catalog(request, backendUrl, publishableKey, { limit: 12, category: "Insulin" })
  await expect(cards(page)).toHaveCount(insulin.products.length)
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(insulin.pages > 1 ? 1 : 0)

  await page.getByLabel("Price Range").selectOption("100-1000")
  await expect(page).toHaveURL(/\/shop\?category=Insulin&price=100-1000$/)
  await page.getByLabel("Sort By").selectOption("price_asc")
  await expect(page).toHaveURL(/\/shop\?category=Insulin&price=100-1000&sort=price_asc$/)
  const sorted = await catalog(request, backendUrl, publishableKey, {
    limit: 12,
    category: "Insulin",
    price: "100-1000",
    sort: "price_asc",
  })
  await expect.poll(() => names(page)).toEqual(sorted.products.map((p) => p.name))
  // Lowest in-stock price first, as the cards show it.
  const prices = await cards(page).locator(".product-price > span").allTextContents()
  const numbers = prices.map((p) => Number(p.replace(/[$,]/g, "")))
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
  expect(numbers.every((n) => n >= 100)).toBe(true)

  // Back restores the previous state, filters included.
  await page.goBack()
  await expect(page).toHaveURL(/\/shop\?category=Insulin&price=100-1000$/)
  await expect(page.getByLabel("Sort By")).toHaveValue("default")
  await expect(page.getByLabel("Price Range")).toHaveValue("100-1000")

  await page.getByRole("link", { name: "Reset Filters" }).first().click()
  await expect(page).toHaveURL(/\/shop$/)
  await expect(page.getByLabel("Category")).toHaveValue("")
  expect(errors).toEqual([])
})

test("a category link pre-selects the filter; sorting by popularity puts Popular first", async ({
  page,
  request,
  backendUrl,
  publishableKey,
}) => {
  await page.goto("/shop?category=Diabetes%20Supplies&sort=popularity")
  await expect(page.getByRole("heading", { name: "Diabetes Supplies Products", level: 1 })).toBeVisible()
  await expect(page.getByLabel("Category")).toHaveValue("Diabetes Supplies")
  await expect(page.getByLabel("Sort By")).toHaveValue("popularity")
  const expected = await catalog(request, backendUrl, publishableKey, { limit: 12, category: "Diabetes Supplies", sort: "popularity" })
  expect(await names(page)).toEqual(expected.products.map((p) => p.name))
  const popular = expected.products.filter((p) => p.is_popular).length
  for (let i = 0; i < popular; i++) await expect(cards(page).nth(i).getByText("Popular")).toBeVisible()
  await expect(cards(page).nth(popular).getByText("Popular")).toHaveCount(0)
})

test("cards show badges, lowest in-stock price, variant counts and a disabled Out of Stock button", async ({
  page,
  request,
  backendUrl,
  publishableKey,
}) => {
  const { products } = await catalog(request, backendUrl, publishableKey)
  await page.goto("/shop?category=Medical%20Weight%20Loss")
  const sema = products.find((p) => p.name === "Compounded Semaglutide Injection")!
  const card = cards(page).filter({ hasText: sema.name })
  await expect(card.getByText("Popular")).toBeVisible()
  await expect(card.getByText("Rx")).toBeVisible()
  await expect(card.getByText(`${sema.variants.length} variants`)).toBeVisible()
  const cheapestInStock = Math.min(...sema.variants.filter((v) => v.stock > 0).map((v) => v.price))
  await expect(card.locator(".product-price > span")).toHaveText(usd(cheapestInStock))
  await expect(card.getByText("Medical Weight Loss")).toBeVisible()

  const soldOut = products.find((p) => p.category_name === "Medical Weight Loss" && p.variants.every((v) => v.stock === 0))!
  const soldOutCard = cards(page).filter({ hasText: soldOut.name })
  await expect(soldOutCard.getByRole("button", { name: /Out of Stock/ })).toBeDisabled()

  // The picture opens the product page; the placeholder stands in when there is none.
  await card.locator("img").click()
  await expect(page).toHaveURL(new RegExp(`/product/${sema.id}$`))
  await page.goto("/shop?category=Medical%20Weight%20Loss&page=1")
  const imageless = products.find((p) => p.category_name === "Medical Weight Loss" && !p.image)
  if (imageless) {
    await expect(cards(page).filter({ hasText: imageless.name }).locator("img")).toHaveAttribute("src", "/images/product-placeholder.svg")
  }
})

test("empty and error-free states: no match shows the reset", async ({ page }) => {
  await page.goto("/shop?category=Vitamins")
  await expect(page.getByText("No products match your filters")).toBeVisible()
  await page.getByRole("main").getByRole("link", { name: "Reset Filters" }).last().click()
  await expect(page).toHaveURL(/\/shop$/)
  await expect(cards(page)).toHaveCount(12)
})

test("the Select Variant modal: first in-stock variant, stock limits, focus kept inside, closes every way", async ({
  page,
  request,
  backendUrl,
  publishableKey,
}) => {
  const errors = consoleErrors(page)
  const { products } = await catalog(request, backendUrl, publishableKey)
  const sema = products.find((p) => p.name === "Compounded Semaglutide Injection")!
  const low = sema.variants.find((v) => v.stock > 1 && v.stock <= 5)!
  const none = sema.variants.find((v) => v.stock === 0)!
  await page.goto("/shop")
  const trigger = cards(page)
    .filter({ hasText: sema.name })
    .getByRole("button", { name: /Add to Cart/ })
  await trigger.click()
  const dialog = page.getByRole("dialog", { name: "Select Variant" })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole("radio", { name: new RegExp(`^${sema.variants.find((v) => v.stock > 0)!.name}`) })).toBeChecked()
  await expect(dialog.getByRole("radio")).toHaveCount(sema.variants.length)
  await expect(dialog.getByText("Out of Stock")).toHaveCount(sema.variants.filter((v) => v.stock === 0).length)

  // Focus stays inside the dialog.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab")
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
  }
  await page.keyboard.press("Shift+Tab")
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)

  // Out of stock: nothing can be added.
  await dialog.getByRole("radio", { name: new RegExp(`^${none.name}`) }).check()
  await expect(dialog.getByTestId("variant-available")).toHaveText("0 available")
  await expect(dialog.getByRole("button", { name: "Add to Cart" })).toBeDisabled()
  await expect(dialog.getByLabel("Increase quantity")).toBeDisabled()

  // Low stock: the stepper stops at the stock, the total follows.
  await dialog.getByRole("radio", { name: new RegExp(`^${low.name}`) }).check()
  await expect(dialog.getByTestId("variant-available")).toHaveText(`${low.stock} available`)
  await expect(dialog.getByLabel("Decrease quantity")).toBeDisabled()
  for (let i = 1; i < low.stock; i++) await dialog.getByLabel("Increase quantity").click()
  await expect(dialog.getByRole("spinbutton", { name: "Quantity" })).toHaveValue(String(low.stock))
  await expect(dialog.getByLabel("Increase quantity")).toBeDisabled()
  await expect(dialog.getByTestId("variant-total")).toHaveText(usd(low.price * low.stock))

  // Escape closes and gives focus back; so do the overlay and the close button.
  await page.keyboard.press("Escape")
  await expect(dialog).toHaveCount(0)
  await expect(trigger).toBeFocused()
  await trigger.click()
  await expect(dialog).toBeVisible()
  await page.mouse.click(5, 300)
  await expect(dialog).toHaveCount(0)
  await trigger.click()
  await dialog.getByRole("button", { name: "Close" }).click()
  await expect(dialog).toHaveCount(0)

  // Adding: the spec's message, the header badge, and no more than the stock on a second try.
  await trigger.click()
  await dialog.getByRole("radio", { name: new RegExp(`^${low.name}`) }).check()
  await dialog.getByLabel("Increase quantity").click()
  await dialog.getByRole("button", { name: "Add to Cart" }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole("status").filter({ hasText: "added to cart" })).toContainText(`${sema.name} (${low.name}) x2 added to cart!`)
  await expect(page.getByTestId("cart-badge")).toHaveText("2")
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible()

  await trigger.click()
  await dialog.getByRole("radio", { name: new RegExp(`^${low.name}`) }).check()
  await expect(dialog.getByTestId("variant-available")).toContainText(`${low.stock - 2} available`)
  await expect(dialog.getByTestId("variant-available")).toContainText("(2 already in your cart)")
  await page.keyboard.press("Escape")
  expect(errors).toEqual([])
})

test("without JavaScript the filters and pages still work", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  try {
    await page.goto("/age-check")
    await page.getByLabel("I am 18 or older").check()
    await page.getByRole("button", { name: "OK" }).click()
    await expect(page).toHaveURL(/\/shop$/)
    await page.getByLabel("Category").selectOption("Insulin")
    await page.getByRole("button", { name: "Apply Filters" }).click()
    await expect(page).toHaveURL(/\/shop\?category=Insulin/)
    await expect(page.getByRole("heading", { name: "Insulin Products", level: 1 })).toBeVisible()
    await page.goto("/shop")
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click()
    await expect(page).toHaveURL(/\/shop\?page=2$/)
    await expect(page.getByText(/Showing 13–/)).toBeVisible()
  } finally {
    await context.close()
  }
})

test("on a phone the filters open from the Filters toggle", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/shop")
  const toggle = page.getByRole("button", { name: "Filters" })
  await expect(toggle).toHaveAttribute("aria-expanded", "false")
  await expect(page.getByLabel("Category")).toBeHidden()
  await toggle.click()
  await expect(toggle).toHaveAttribute("aria-expanded", "true")
  await page.getByLabel("Category").selectOption("Insulin")
  await expect(page).toHaveURL(/\/shop\?category=Insulin$/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})

test("while the next page loads the shop says 'Loading products...'", async ({ page }) => {
  await page.goto("/shop")
  await expect(page.getByTestId("product-grid")).toBeVisible()
  // Hold the next data request a moment (the storefront and backend are untouched), to see the state.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/shop\.data/, async (route) => {
    await held
    await route.continue()
  })
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click()
  await expect(page.getByText("Loading products...")).toBeVisible()
  await expect(page.getByTestId("product-grid")).toHaveAttribute("aria-busy", "true")
  release()
  await expect(page.getByText(/^Showing 13–/)).toBeVisible()
  await expect(page.getByText("Loading products...")).toHaveCount(0)
})
