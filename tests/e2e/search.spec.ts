/**
 * Shopper search (issue 25 item 1, decision 0058): the header's field without and with JavaScript,
 * the results page on the shop's grid and filters, typos, the empty result, the suggestions'
 * keyboard use and the mobile menu's field.
 */
import type { Page } from "@playwright/test"

import { expect, test } from "./fixtures"
import { consoleErrors, verifyAge } from "./helpers"

const names = (page: Page) => page.getByTestId("product-grid").getByRole("article").getByRole("heading").allTextContents()

test("without JavaScript the header's search goes through the age check to ranked results, typos and all", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  try {
    await page.goto("/")
    await page.getByRole("search").getByRole("combobox", { name: "Search products" }).fill("tirzepatid")
    await page.getByRole("search").getByRole("button", { name: "Search" }).click()
    // The shop stays behind the age gate, and the search survives it.
    await expect(page).toHaveURL(/\/age-check\?redirectTo=%2Fshop%3Fq%3Dtirzepatid$/)
    await page.getByLabel("I am 18 or older").check()
    await page.getByRole("button", { name: "OK" }).click()
    await expect(page).toHaveURL(/\/shop\?q=tirzepatid$/)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “tirzepatid”")
    expect((await names(page)).slice(0, 2).sort()).toEqual(["Compounded Tirzepatide Injection", "Zepbound (tirzepatide) Pen"])
    await expect(page.getByLabel("Sort By")).toHaveValue("relevance")

    // The shop's filters keep the search.
    await page.getByLabel("Sort By").selectOption("price_desc")
    await page.getByRole("button", { name: "Apply Filters" }).click()
    await expect(page).toHaveURL(/\/shop\?q=tirzepatid&category=&price=all&sort=price_desc$/)
    await expect(page.getByRole("combobox", { name: "Search products" })).toHaveValue("tirzepatid")
  } finally {
    await context.close()
  }
})

test("suggestions while typing: arrows choose, Escape closes, Enter opens the product", async ({ page }) => {
  const errors = consoleErrors(page)
  await verifyAge(page)
  await page.goto("/shop")
  const field = page.getByRole("combobox", { name: "Search products" })
  await field.pressSequentially("ozempik", { delay: 30 })
  const list = page.getByRole("listbox", { name: "Suggested products" })
  await expect(list.getByRole("option")).toHaveText(["Wegovy (semaglutide) PenMedical Weight Loss"])
  await expect(field).toHaveAttribute("aria-expanded", "true")

  await field.press("ArrowDown")
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true")
  await expect(field).toHaveAttribute("aria-activedescendant", "header-search-option-0")
  await field.press("Escape")
  await expect(list).toBeHidden()
  await expect(field).toHaveAttribute("aria-expanded", "false")
  await expect(field).toHaveValue("ozempik")

  await field.press("ArrowDown")
  await field.press("ArrowDown")
  await field.press("Enter")
  await expect(page).toHaveURL(/\/product\/prod_/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wegovy (semaglutide) Pen")

  // Enter without a suggestion chosen searches.
  await field.fill("pen needels")
  await field.press("Enter")
  await expect(page).toHaveURL(/\/shop\?q=pen\+needels$/)
  // The address changes before React shows the new page: its heading says the results are there.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “pen needels”")
  expect((await names(page))[0]).toBe("BD Ultra-Fine Pen Needles")
  expect(errors).toEqual([])
})

test("an empty result says so and offers the categories", async ({ page }) => {
  await verifyAge(page)
  await page.goto("/shop?q=xqzvbnm")
  await expect(page.getByText("No products match “xqzvbnm”")).toBeVisible()
  const categories = page.getByRole("list", { name: "Categories" }).getByRole("link")
  for (const name of ["Medical Weight Loss", "Diabetes Supplies", "Insulin"])
    await expect(categories.getByText(name, { exact: true })).toBeVisible()
  await categories.getByText("Insulin", { exact: true }).click()
  await expect(page).toHaveURL(/\/shop\?category=Insulin$/)
  await expect(page.getByRole("heading", { name: "Insulin Products", level: 1 })).toBeVisible()
})

test("the mobile menu has the search field, and a search sent twice at once shows its results", async ({ page }) => {
  // With Remix's lazy route discovery, a navigation aborted by a second one could leave /shop known
  // but never loaded: "Page not found" (decision 0014). The whole route manifest now comes with the page.
  const manifestRequests: string[] = []
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/__manifest") manifestRequests.push(request.url())
  })
  await verifyAge(page)
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/")
  await expect(page.getByRole("combobox", { name: "Search products" })).toBeHidden()
  await page.getByLabel("Menu").click()
  const field = page.getByRole("navigation", { name: "Mobile" }).getByRole("combobox", { name: "Search products" })
  await field.fill("insulin glargine")
  await field.press("Enter")
  await page.keyboard.press("Enter") // the shopper's second press, while the first search loads
  await expect(page).toHaveURL(/\/shop\?q=insulin\+glargine$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “insulin glargine”")
  const found = await names(page)
  expect(found.length).toBeGreaterThan(0)
  for (const name of found) expect(name).toMatch(/glargine/i)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  expect(manifestRequests).toEqual([])
})
