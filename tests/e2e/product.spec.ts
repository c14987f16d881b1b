import { expect, test } from "./fixtures"
import { catalog, consoleErrors, productNamed, putCart, usd, verifyAge } from "./helpers"

test.beforeEach(async ({ page }) => {
  await verifyAge(page)
})

test("a product page: variants with prices, stock notices, quantity within stock, ADD TO CART and its message", async ({
  page,
  request,
  backendUrl,
  publishableKey,
}) => {
  const errors = consoleErrors(page)
  const sema = await productNamed(request, backendUrl, publishableKey, "Compounded Semaglutide Injection")
  const first = sema.variants.find((v) => v.stock > 0)!
  const low = sema.variants.find((v) => v.stock > 0 && v.stock <= 5)!
  const none = sema.variants.find((v) => v.stock === 0)!
  await page.goto(`/product/${sema.id}`)
  await expect(page).toHaveTitle(`${sema.name} | Harbor Health Pharmacy`)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /semaglutide/i)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(sema.name)
  await expect(page.getByRole("img", { name: sema.name })).toHaveAttribute("src", sema.image!)
  await expect(page.getByRole("main").getByText("Medical Weight Loss", { exact: true })).toBeVisible()

  // The first variant is selected; each button shows its name and price.
  const group = page.getByRole("group", { name: "Choose an option" })
  await expect(group.getByRole("button")).toHaveCount(sema.variants.length)
  await expect(group.getByRole("button", { name: `${first.name} ${usd(first.price)}` })).toHaveAttribute("aria-pressed", "true")
  await expect(page.getByTestId("product-price")).toHaveText(usd(first.price))

  await group.getByRole("button", { name: new RegExp(`^${low.name} `) }).click()
  await expect(page.getByTestId("stock-notice")).toHaveText(`Only ${low.stock} left in stock!`)
  await expect(page.getByTestId("product-price")).toHaveText(usd(low.price))
  for (let i = 1; i < low.stock; i++) await page.getByLabel("Increase quantity").click()
  await expect(page.getByLabel("Increase quantity")).toBeDisabled()
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue(String(low.stock))

  await group.getByRole("button", { name: new RegExp(`^${none.name} `) }).click()
  await expect(page.getByTestId("stock-notice")).toHaveText("Out of stock")
  await expect(page.getByRole("button", { name: "ADD TO CART" })).toBeDisabled()
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toBeDisabled()

  await group.getByRole("button", { name: new RegExp(`^${first.name} `) }).click()
  await page.getByRole("button", { name: "ADD TO CART" }).click()
  await expect(page.getByRole("status").filter({ hasText: "added to cart" })).toContainText(`${sema.name} (${first.name}) added to cart!`)
  await expect(page.getByTestId("cart-badge")).toHaveText("1")
  expect(errors).toEqual([])
})

test("a product without a picture shows the placeholder", async ({ page, request, backendUrl, publishableKey }) => {
  const { products } = await catalog(request, backendUrl, publishableKey)
  const imageless = products.find((p) => !p.image)!
  await page.goto(`/product/${imageless.id}`)
  await expect(page.getByRole("img", { name: imageless.name })).toHaveAttribute("src", "/images/product-placeholder.svg")
})

test("an unknown product is 'Product not found' with HTTP 404", async ({ page }) => {
  const response = await page.goto("/product/prod_does_not_exist")
  expect(response?.status()).toBe(404)
  await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible()
  await expect(page).toHaveTitle(/Product not found/)
  await page.getByRole("link", { name: "Back to Shop" }).click()
  await expect(page).toHaveURL(/\/shop$/)
})

test("a controlled substance is not sold online: its page and card offer a call to the pharmacy, and a cart kept from before cannot order it (issue 25)", async ({
  page,
  request,
  backendUrl,
  publishableKey,
}) => {
  const errors = consoleErrors(page)
  const phentermine = await productNamed(request, backendUrl, publishableKey, "Phentermine 37.5 mg Tablets")
  expect(phentermine).toMatchObject({ controlled_schedule: "IV", call_to_order: true })

  await page.goto(`/product/${phentermine.id}`)
  await expect(page.getByTestId("controlled-substance")).toContainText(
    "Phentermine 37.5 mg Tablets is a controlled substance (Schedule IV). It cannot be ordered online"
  )
  await expect(page.getByRole("button", { name: "ADD TO CART" })).toHaveCount(0)
  await expect(page.getByRole("link", { name: /^Call the pharmacy to order Phentermine 37\.5 mg Tablets at / })).toHaveAttribute(
    "href",
    /^tel:\+?\d+$/
  )

  await page.goto("/shop?category=Medical%20Weight%20Loss")
  const card = page.locator("article.product-card").filter({ hasText: phentermine.name })
  await expect(card.getByRole("link", { name: /^Call the pharmacy to order/ })).toBeVisible()
  await expect(card.getByRole("button", { name: /Add to Cart/ })).toHaveCount(0)

  // A browser cart that held it before: the cart says it can no longer be bought and checkout stays closed.
  await putCart(page, [{ product: phentermine, variant: phentermine.variants[0], quantity: 1 }])
  await page.goto("/cart")
  await expect(page.getByTestId("cart-line").filter({ hasText: phentermine.name }).getByTestId("line-stock")).toHaveText(
    "No longer available"
  )
  await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("aria-disabled", "true")
  expect(errors).toEqual([])
})
