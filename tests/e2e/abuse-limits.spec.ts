import type { Browser } from "@playwright/test"
import pg from "pg"

import { expect, test } from "./fixtures"
import { productNamed, verifyAge } from "./helpers"

/**
 * The backend limits anonymous prescription requests (and orders) per client (issue 15). The
 * storefront submits them for every shopper, so it passes each shopper's address on, and the
 * backend trusts it as a proxy: one busy storefront is many clients, not one. The test stack
 * allows 20 requests a minute per shopper (scripts/lib/test-stack.mjs); here two shoppers reach
 * the storefront through a proxy that names them in X-Forwarded-For.
 */
test("each shopper is limited on their own: the one over the limit is told why, another goes on", async ({ playwright, baseURL }) => {
  const shopper = async (address: string) => {
    const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": address } })
    const verified = await context.post("/age-check", { form: { age: "over18" }, maxRedirects: 0 })
    expect(verified.status()).toBe(302)
    return context
  }
  const submit = (context: Awaited<ReturnType<typeof shopper>>, n: number) =>
    context.post("/insulin-form", {
      form: { name: "Sam Doe", email: `limit-${n}-${Date.now()}@example.com`, phone: "555-010-2000", age: "40" },
      maxRedirects: 0,
    })

  const busy = await shopper("198.51.100.77")
  const other = await shopper("198.51.100.78")
  for (let i = 0; i < 20; i++) {
    const sent = await submit(busy, i)
    expect(sent.status(), `request ${i + 1}`).toBe(302)
    expect(sent.headers().location).toBe("/confirmation?form=insulin")
  }
  const refused = await submit(busy, 20)
  expect(refused.status()).toBe(200) // the form again, with the reason
  expect(await refused.text()).toMatch(/Error 429: Too many requests from your connection\. Please try again in \d+ second\(s\)\./)
  expect((await submit(other, 21)).status()).toBe(302)
  await busy.dispose()
  await other.dispose()
})

/** Puts a shopper over one of the backend's per-client limits (its count in the test stack's one-minute window). */
async function overLimit(limit: "carts" | "promotion-codes", shopper: string) {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL })
  await db.connect()
  try {
    await db.query(
      `INSERT INTO rate_limit_window (id, key, count, expires_at) VALUES ($1, $2, 100000, now() + interval '1 minute')
       ON CONFLICT (key) WHERE deleted_at IS NULL DO UPDATE SET count = 100000, expires_at = EXCLUDED.expires_at`,
      [`rlw_e2e_${limit}_${shopper.replace(/\W/g, "_")}`, `${limit}:60s:client:${shopper}`]
    )
  } finally {
    await db.end()
  }
}

const PADS = "Sterile Alcohol Prep Pads"

/** A shopper at their own address (X-Forwarded-For through the storefront), past the age check, with pads in the cart. */
async function shopperWithPads(browser: Browser, baseURL: string, pads: { id: string }, address: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": address } })
  const page = await context.newPage()
  await verifyAge(page)
  await page.goto(`/product/${pads.id}`)
  await page.getByRole("button", { name: "ADD TO CART" }).click()
  return { context, page }
}

test("a shopper over the new-carts limit is told why on the cart page (issue 21)", async ({
  browser,
  baseURL,
  request,
  backendUrl,
  publishableKey,
}) => {
  const shopper = "198.51.100.81"
  const { context, page } = await shopperWithPads(browser, baseURL!, await productNamed(request, backendUrl, publishableKey, PADS), shopper)
  await overLimit("carts", shopper)
  await page.goto("/cart")
  await expect(page.getByText(/Too many new carts from your connection\. Please try again in \d+ second\(s\)\./)).toBeVisible()
  await context.close()
})

test("a shopper over the discount-code limit is told why at checkout (issue 21)", async ({
  browser,
  baseURL,
  request,
  backendUrl,
  publishableKey,
}) => {
  const shopper = "198.51.100.82"
  const { context, page } = await shopperWithPads(browser, baseURL!, await productNamed(request, backendUrl, publishableKey, PADS), shopper)
  await page.goto("/checkout")
  await expect(page.getByTestId("checkout-total")).toHaveText(/^\$/)
  await overLimit("promotion-codes", shopper)
  await page.getByLabel("Discount code").fill("DISCOUNT10")
  await page.getByRole("button", { name: "Apply" }).click()
  await expect(page.getByText(/Too many discount code attempts from your connection\. Please try again in \d+ second\(s\)\./)).toBeVisible()
  await context.close()
})

test("a 2 MB form post is refused with 413 before it is read; normal posts go on (issue 21)", async ({ playwright, baseURL }) => {
  const context = await playwright.request.newContext({ baseURL })
  const big = await context.post("/age-check", { form: { age: "over18", padding: "a".repeat(2 * 1024 * 1024) }, maxRedirects: 0 })
  expect(big.status()).toBe(413)
  expect(big.headers()["cache-control"]).toBe("no-store")
  expect(await big.text()).toContain("What you sent is too large: the limit is 64 KB. Please send less and try again.")
  const normal = await context.post("/age-check", { form: { age: "over18" }, maxRedirects: 0 })
  expect(normal.status()).toBe(302)
  await context.dispose()
})
