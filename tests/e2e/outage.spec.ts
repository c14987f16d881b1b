import { expect, test } from "./fixtures"
import { storefrontWithBackendDown } from "./second-storefront"

test("when the backend is down, the shop, product, cart and checkout pages say so in the spec's words, and the cart is kept", async ({
  browser,
  publishableKey,
}) => {
  const storefront = await storefrontWithBackendDown(publishableKey)
  const context = await browser.newContext({ baseURL: storefront.url })
  const page = await context.newPage()
  try {
    await page.request.post("/age-check", { form: { age: "over18" }, maxRedirects: 0 })

    const shop = await page.goto("/shop")
    expect(shop?.status()).toBe(503)
    await expect(page.getByRole("alert")).toContainText(
      "Failed to load products: the store is temporarily unavailable. Please try again later."
    )
    await expect(page.getByLabel("Category")).toBeVisible() // the page itself still works

    const product = await page.goto("/product/prod_anything")
    expect(product?.status()).toBe(503)
    await expect(page.getByRole("alert")).toContainText("Failed to load product details. Please try again later.")

    await page.evaluate(() =>
      localStorage.setItem(
        "cart",
        JSON.stringify([{ id: "p", name: "Pads", selectedVariant: { id: "v", name: "200 pads", price: 6.99, stock: 5 }, quantity: 1 }])
      )
    )
    await page.goto("/cart")
    await expect(page.getByRole("alert")).toContainText("We couldn't update your cart right now. Please try again.")
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible()

    // Checkout: the same friendly words, nothing can be ordered, and the cart is kept.
    await page.goto("/checkout")
    await expect(
      page.getByRole("alert").filter({ hasText: "We couldn't calculate your totals right now. Please try again." })
    ).toBeVisible()
    await expect(page.getByTestId("no-payment-methods")).toBeVisible()
    await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled()
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("cart"))) ?? "[]")).toHaveLength(1)
  } finally {
    await context.close()
    await storefront.stop()
  }
})
