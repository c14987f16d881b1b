import { expect, test } from "./fixtures"
import { consoleErrors } from "./helpers"

test("gated pages send an unverified visitor to /age-check, with no trace of the page", async ({ request }) => {
  for (const path of ["/shop", "/cart", "/product/prod_123", "/shop?category=Insulin&page=2"]) {
    const response = await request.get(path, { maxRedirects: 0 })
    expect(response.status(), path).toBe(302)
    expect(response.headers()["location"]).toBe(`/age-check?redirectTo=${encodeURIComponent(path)}`)
    expect(await response.text()).not.toContain("Our Products")
  }
  // Public pages are not gated.
  for (const path of ["/", "/blog", "/about-us", "/privacypolicy", "/faq"]) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200)
  }
})

test("the age check explains a missing choice and refuses visitors under 18", async ({ page }) => {
  const errors = consoleErrors(page)
  await page.goto("/shop")
  await expect(page).toHaveURL(/\/age-check\?redirectTo=%2Fshop$/)
  await expect(page.getByRole("heading", { name: "Age Verification" })).toBeVisible()

  await page.getByRole("button", { name: "OK" }).click()
  await expect(page.getByRole("alert")).toHaveText("Please select an option.")

  await page.getByLabel("I am under 18").check()
  await page.getByRole("button", { name: "OK" }).click()
  await expect(page.getByRole("alert")).toHaveText("Sorry, you must be at least 18 to access this site.")

  await page.goto("/cart")
  await expect(page).toHaveURL(/\/age-check/)
  expect(errors).toEqual([])
})

test("over 18 and OK go to the shop, back to the requested page, and the flag stays", async ({ page }) => {
  await page.goto("/age-check")
  await page.getByLabel("I am 18 or older").check()
  await page.getByRole("button", { name: "OK" }).click()
  await expect(page).toHaveURL(/\/shop$/)
  await expect(page.getByRole("heading", { name: "Our Products", level: 1 })).toBeVisible()

  await page.goto("/cart")
  await expect(page).toHaveURL(/\/cart$/)
  const cookies = await page.context().cookies()
  const flag = cookies.find((cookie) => cookie.name === "age_verified")
  expect(flag?.httpOnly).toBe(true)
  expect(flag?.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600)

  // A fresh visitor asking for a product page comes back to it after verifying.
  await page.context().clearCookies()
  await page.goto("/shop?category=Insulin")
  await page.getByLabel("I am 18 or older").check()
  await page.getByRole("button", { name: "OK" }).click()
  await expect(page).toHaveURL(/\/shop\?category=Insulin$/)
  await expect(page.getByRole("heading", { name: "Insulin Products" })).toBeVisible()
})

test("without JavaScript the gate holds and the form still works", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  try {
    const response = await page.goto("/product/anything")
    expect(page.url()).toMatch(/\/age-check\?redirectTo=%2Fproduct%2Fanything$/)
    expect(response?.status()).toBe(200)

    await page.getByRole("button", { name: "OK" }).click()
    await expect(page.getByRole("alert")).toHaveText("Please select an option.")

    await page.goto("/age-check")
    await page.getByLabel("I am 18 or older").check()
    await page.getByRole("button", { name: "OK" }).click()
    await expect(page).toHaveURL(/\/shop$/)
    await expect(page.getByRole("heading", { name: "Our Products" })).toBeVisible()
    await expect(page.getByTestId("product-grid").getByRole("listitem")).toHaveCount(12)
  } finally {
    await context.close()
  }
})

test("a page kept by the storefront's micro-cache is still never shown to an unverified visitor", async ({
  request,
  playwright,
  baseURL,
}) => {
  const path = "/shop?category=Insulin&sort=price_asc"
  expect((await request.post("/age-check", { form: { age: "over18" }, maxRedirects: 0 })).status()).toBe(302)
  const first = await request.get(path)
  const second = await request.get(path)
  expect(second.status()).toBe(200)
  expect(["hit", "stale"]).toContain(second.headers()["x-page-cache"])
  expect(await second.text()).toBe(await first.text())
  expect(second.headers()["cache-control"]).toBe("private, no-cache")

  for (const cookie of [undefined, "age_verified=forged"]) {
    const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: cookie ? { Cookie: cookie } : {} })
    const response = await visitor.get(path, { maxRedirects: 0 })
    expect(response.status(), cookie ?? "no cookie").toBe(302)
    expect(await response.text()).not.toContain("Our Products")
    await visitor.dispose()
  }
})
