import type { Page } from "@playwright/test"

import { expect, test } from "./fixtures"
import { consoleErrors, medusaCartTotals, productNamed, storedCartLine, usd, verifyAge } from "./helpers"

/** Spec §9: shipping is free over $75. */
const FREE_SHIPPING_OVER_CENTS = 7500

test.beforeEach(async ({ page }) => {
  await verifyAge(page)
})

const summaryValue = (page: Page, name: string) => page.getByTestId(`cart-${name}`)

test("an empty cart says so and leads back to the shop", async ({ page }) => {
  const response = await page.goto("/cart")
  expect(response?.headers()["cache-control"]).toBe("private, no-cache")
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible()
  await page.getByRole("link", { name: "Continue Shopping" }).click()
  await expect(page).toHaveURL(/\/shop$/)
})

test("the cart keeps its lines across reloads, keeps quantities within stock and shows the server's totals", async ({
  page,
  request,
  backendUrl,
  publishableKey,
}) => {
  const errors = consoleErrors(page)
  const pads = await productNamed(request, backendUrl, publishableKey, "Sterile Alcohol Prep Pads")
  const tablets = await productNamed(request, backendUrl, publishableKey, "Fast-Acting Glucose Tablets")
  const scarce = tablets.variants.find((v) => v.stock === 1)!
  const padsVariant = pads.variants[0]

  await page.goto(`/product/${pads.id}`)
  await page.getByRole("button", { name: "ADD TO CART" }).click()
  await page.goto(`/product/${tablets.id}`)
  await page
    .getByRole("group", { name: "Choose an option" })
    .getByRole("button", { name: new RegExp(`^${scarce.name} `) })
    .click()
  await page.getByRole("button", { name: "ADD TO CART" }).click()
  await expect(page.getByTestId("cart-badge")).toHaveText("2")

  await page.goto("/cart")
  const lines = page.getByTestId("cart-line")
  await expect(lines).toHaveCount(2)
  let expected = await medusaCartTotals(request, backendUrl, publishableKey, [
    { variant_id: padsVariant.id, quantity: 1 },
    { variant_id: scarce.id, quantity: 1 },
  ])
  await expect(summaryValue(page, "subtotal")).toHaveText(usd(expected.totals.subtotal))
  await expect(summaryValue(page, "shipping")).toHaveText(usd(expected.totals.shipping))
  await expect(summaryValue(page, "tax")).toHaveText(usd(expected.totals.tax))
  await expect(page.getByTestId("cart-total")).toHaveText(usd(expected.totals.total))
  const gap = (FREE_SHIPPING_OVER_CENTS - Math.round(expected.totals.subtotal * 100)) / 100
  await expect(page.getByText(`Add ${usd(gap)} more for FREE shipping`)).toBeVisible()

  // Each line: name, variant, category, stock, unit and line price; Rx only for prescription products.
  const padsLine = lines.filter({ hasText: pads.name })
  await expect(padsLine).toContainText(`${padsVariant.name} · Diabetes Supplies`)
  await expect(padsLine.getByTestId("line-unit-price")).toHaveText(`${usd(padsVariant.price)} each`)
  await expect(padsLine.getByTestId("line-total")).toHaveText(usd(padsVariant.price))
  await expect(padsLine.getByText("Rx")).toHaveCount(0)
  const scarceLine = lines.filter({ hasText: tablets.name })
  await expect(scarceLine.getByTestId("line-stock")).toHaveText("Only 1 left in stock!")
  await expect(scarceLine.getByRole("button", { name: /Increase quantity/ })).toBeDisabled()

  // Reload: still there.
  await page.reload()
  await expect(lines).toHaveCount(2)
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cart"))) ?? "[]")).toHaveLength(2)

  // Enough pads for free shipping; the minimum is 1.
  const padsQuantity = padsLine.getByRole("spinbutton")
  await padsQuantity.fill("12")
  await padsQuantity.press("Enter")
  expected = await medusaCartTotals(request, backendUrl, publishableKey, [
    { variant_id: padsVariant.id, quantity: 12 },
    { variant_id: scarce.id, quantity: 1 },
  ])
  await expect(page.getByTestId("cart-total")).toHaveText(usd(expected.totals.total))
  await expect(summaryValue(page, "shipping")).toHaveText("FREE")
  await expect(page.getByText(/more for FREE shipping/)).toHaveCount(0)
  await padsQuantity.fill("0")
  await padsQuantity.press("Enter")
  await expect(padsQuantity).toHaveValue("12")
  await expect(page.getByTestId("cart-badge")).toHaveText("13")

  await scarceLine.getByRole("button", { name: `Remove ${tablets.name} (${scarce.name})` }).click()
  await padsLine.getByRole("button", { name: /^Remove/ }).click()
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible()
  await expect(page.getByTestId("cart-badge")).toHaveCount(0)
  await expect(page.getByRole("link", { name: "Cart", exact: true })).toBeVisible()
  expect(errors).toEqual([])
})

test("opening the cart refreshes prices and stock from the server and flags what can no longer be bought", async ({
  page,
  request,
  backendUrl,
  publishableKey,
}) => {
  const pads = await productNamed(request, backendUrl, publishableKey, "Sterile Alcohol Prep Pads")
  const tablets = await productNamed(request, backendUrl, publishableKey, "Fast-Acting Glucose Tablets")
  const scarce = tablets.variants.find((v) => v.stock === 1)!
  const soldOut = await productNamed(request, backendUrl, publishableKey, "Insulin Cooling Travel Case")
  const line = (product: typeof pads, variant: (typeof pads.variants)[number], quantity: number, price: number) =>
    storedCartLine({ product, variant: { ...variant, price }, quantity })
  // A cart saved some time ago: a stale price, more than is left, a sold-out product and one no longer sold.
  const stored = [
    line(pads, pads.variants[0], 2, 1.0),
    line(tablets, { ...scarce, stock: 50 }, 3, scarce.price),
    line(soldOut, { ...soldOut.variants[0], stock: 10 }, 1, soldOut.variants[0].price),
    {
      ...line(pads, pads.variants[0], 1, 5),
      id: "prod_discontinued",
      name: "Discontinued Lancets",
      selectedVariant: { id: "variant_gone", name: "100 lancets", price: 5, stock: 9 },
    },
  ]
  await page.goto("/")
  await page.evaluate((cart) => localStorage.setItem("cart", JSON.stringify(cart)), stored)
  await page.goto("/cart")

  const lines = page.getByTestId("cart-line")
  const padsLine = lines.filter({ hasText: pads.name })
  await expect(padsLine.getByTestId("line-unit-price")).toHaveText(`${usd(pads.variants[0].price)} each`)
  await expect(padsLine.getByTestId("line-total")).toHaveText(usd(pads.variants[0].price * 2))
  const scarceLine = lines.filter({ hasText: tablets.name })
  await expect(scarceLine.getByTestId("line-stock")).toHaveText("Only 1 left in stock! We lowered your quantity.")
  await expect(scarceLine.getByRole("spinbutton")).toHaveValue("1")
  await expect(lines.filter({ hasText: soldOut.name }).getByTestId("line-stock")).toHaveText("Out of stock")
  await expect(lines.filter({ hasText: soldOut.name }).getByTestId("line-total")).toHaveText("Not included")
  await expect(lines.filter({ hasText: "Discontinued Lancets" }).getByTestId("line-stock")).toHaveText("No longer available")

  // Totals count only what can be bought, at today's prices.
  const expected = await medusaCartTotals(request, backendUrl, publishableKey, [
    { variant_id: pads.variants[0].id, quantity: 2 },
    { variant_id: scarce.id, quantity: 1 },
  ])
  await expect(page.getByTestId("cart-total")).toHaveText(usd(expected.totals.total))
  await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("aria-disabled", "true")
  await expect(page.getByText("Remove the items that are no longer available to continue to checkout.")).toBeVisible()

  // The stored cart now holds the server's numbers.
  const saved = JSON.parse((await page.evaluate(() => localStorage.getItem("cart"))) ?? "[]")
  expect(saved[0].selectedVariant.price).toBe(pads.variants[0].price)
  expect(saved[1].quantity).toBe(1)

  await lines
    .filter({ hasText: soldOut.name })
    .getByRole("button", { name: /^Remove/ })
    .click()
  await lines
    .filter({ hasText: "Discontinued Lancets" })
    .getByRole("button", { name: /^Remove/ })
    .click()
  await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout")
})

test("the header badge counts the cart's units on every page and after a reload", async ({ page, request, backendUrl, publishableKey }) => {
  const pads = await productNamed(request, backendUrl, publishableKey, "Sterile Alcohol Prep Pads")
  await page.goto(`/product/${pads.id}`)
  await expect(page.getByTestId("cart-badge")).toHaveCount(0)
  await page.getByLabel("Increase quantity").click()
  await page.getByLabel("Increase quantity").click()
  await page.getByRole("button", { name: "ADD TO CART" }).click()
  await expect(page.getByTestId("cart-badge")).toHaveText("3")
  for (const path of ["/", "/blog", "/about-us"]) {
    await page.goto(path)
    await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible()
  }
})

test("behind the cart is one Medusa cart per browser, kept in step with it and replaced when it is gone", async ({
  page,
  request,
  backendUrl,
  publishableKey,
  baseURL,
}) => {
  const errors = consoleErrors(page)
  const pads = await productNamed(request, backendUrl, publishableKey, "Sterile Alcohol Prep Pads")
  const variant = pads.variants[0]
  const medusaCart = async (id: string) => {
    const answer = await request.get(`${backendUrl}/store/carts/${id}?fields=id,total,*items`, {
      headers: { "x-publishable-api-key": publishableKey },
    })
    expect(answer.status()).toBe(200)
    return (await answer.json()).cart as { id: string; total: number; items: { variant_id: string; quantity: number }[] }
  }
  const cartCookie = async () => (await page.context().cookies(baseURL)).find((c) => c.name === "cart_id")

  await page.goto(`/product/${pads.id}`)
  await page.getByRole("button", { name: "ADD TO CART" }).click()
  await page.goto("/cart")
  await expect(page.getByTestId("cart-total")).not.toHaveText(/Calculating/)
  const cookie = await cartCookie()
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" })
  // Remix's cookie encoding: base64 of the JSON value, then "." and the signature (decision 0046).
  const [encoded, signature] = decodeURIComponent(cookie!.value).split(".")
  expect(signature).toMatch(/^[A-Za-z0-9+/]+$/)
  const cookieValue = (value: string) => JSON.parse(Buffer.from(decodeURIComponent(value).split(".")[0], "base64").toString("utf8"))
  const cartId = JSON.parse(Buffer.from(encoded, "base64").toString("utf8")) as string
  expect(cartId).toMatch(/^cart_[0-9A-Z]{26}$/)
  let cart = await medusaCart(cartId)
  expect(cart.items.map((i) => [i.variant_id, i.quantity])).toEqual([[variant.id, 1]])
  await expect(page.getByTestId("cart-total")).toHaveText(usd(cart.total))

  // A change of quantity updates the same Medusa cart; a reload keeps it.
  const quantity = page.getByTestId("cart-line").getByRole("spinbutton")
  await quantity.fill("3")
  await quantity.press("Enter")
  await expect.poll(async () => (await medusaCart(cartId)).items[0]?.quantity).toBe(3)
  cart = await medusaCart(cartId)
  await expect(page.getByTestId("cart-total")).toHaveText(usd(cart.total))
  await page.reload()
  await expect(page.getByTestId("cart-total")).toHaveText(usd(cart.total))
  expect((await cartCookie())!.value).toBe(cookie!.value)

  // A cart Medusa no longer has is replaced without the shopper noticing.
  const unsigned = (id: string) => Buffer.from(JSON.stringify(id)).toString("base64")
  await page.context().addCookies([{ ...cookie!, value: unsigned("cart_01ARZ3NDEKTSV4RRFFQ69G5FAV") }])
  await page.reload()
  await expect(page.getByTestId("cart-total")).toHaveText(usd(cart.total))
  const replacement = cookieValue((await cartCookie())!.value)
  expect(replacement).not.toBe(cartId)
  expect((await medusaCart(replacement)).items.map((i) => [i.variant_id, i.quantity])).toEqual([[variant.id, 3]])

  // The cookie is signed: an id written into it by hand (even of a real cart) is no cart, and a new one is made.
  await page.context().addCookies([{ ...cookie!, value: unsigned(replacement) }])
  await page.reload()
  await expect(page.getByTestId("cart-total")).toHaveText(usd(cart.total))
  const fresh = cookieValue((await cartCookie())!.value)
  expect([cartId, replacement]).not.toContain(fresh)
  expect(errors).toEqual([])
})
