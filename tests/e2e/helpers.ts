import { type APIRequestContext, expect, type Page } from "@playwright/test"

import { type Billing, fillBilling } from "../support/shopper"

/** Says "over 18" through the age check's form action, as a visitor would; the cookie lands in the page's context. */
export async function verifyAge(page: Page) {
  const response = await page.request.post("/age-check", { form: { age: "over18" }, maxRedirects: 0 })
  if (response.status() !== 302) throw new Error(`age check answered ${response.status()}`)
}

export type Product = {
  id: string
  name: string
  category_name: string | null
  image: string | null
  is_popular: boolean
  prescription: boolean
  variants: { id: string; name: string; price: number; stock: number }[]
}

/** The real backend's catalogue, read directly: what the storefront must show. */
export async function catalog(
  request: APIRequestContext,
  backendUrl: string,
  publishableKey: string,
  query: Record<string, string | number> = {}
): Promise<{ products: Product[]; count: number; pages: number }> {
  const response = await request.get(`${backendUrl}/store/catalog/products`, {
    params: { limit: 100, ...query },
    headers: { "x-publishable-api-key": publishableKey },
  })
  if (!response.ok()) throw new Error(`catalog answered ${response.status()}`)
  return response.json()
}

export async function productNamed(request: APIRequestContext, backendUrl: string, publishableKey: string, name: string) {
  const { products } = await catalog(request, backendUrl, publishableKey, { search: name })
  const product = products.find((p) => p.name === name)
  if (!product) throw new Error(`no product named ${name}`)
  return product
}

export type Totals = { subtotal: number; discount: number; shipping: number; tax: number; total: number }

const toCents = (amount: unknown) => Math.round(Number(amount) * 100)

/**
 * Medusa's cart totals in the spec's arithmetic (decision 0004): each rounded to the cent, tax what
 * makes total = subtotal + shipping + tax - discount. (The backend's TypeScript sources cannot be
 * imported into Playwright's ES-module tests, so the rule is restated here.)
 */
function displayTotals(cart: { item_subtotal: unknown; discount_subtotal: unknown; shipping_subtotal: unknown; total: unknown }): Totals {
  const [subtotal, discount, shipping, total] = [cart.item_subtotal, cart.discount_subtotal, cart.shipping_subtotal, cart.total].map(
    toCents
  )
  return {
    subtotal: subtotal / 100,
    discount: discount / 100,
    shipping: shipping / 100,
    tax: (total - subtotal - shipping + discount) / 100,
    total: total / 100,
  }
}

/**
 * What Medusa charges for these lines (and code): a cart built through its Store API, as any
 * Medusa storefront builds one (US address, standard shipping), with its totals in the
 * shopper's arithmetic (@shared/order-totals). The storefront must show exactly this.
 */
export async function medusaCartTotals(
  request: APIRequestContext,
  backendUrl: string,
  publishableKey: string,
  items: { variant_id: string; quantity: number }[],
  code?: string
): Promise<{ totals: Totals; lines: { variant_id: string; unit_price: number }[] }> {
  const headers = { "x-publishable-api-key": publishableKey }
  const fields = "id,item_subtotal,discount_subtotal,shipping_subtotal,total,*items"
  // Medusa's answers, read as untyped JSON.
  const answer = async (response: Awaited<ReturnType<APIRequestContext["get"]>>, what: string): Promise<any> => {
    if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`)
    return response.json()
  }
  const { regions } = await answer(
    await request.get(`${backendUrl}/store/regions`, { headers, params: { fields: "id,countries.iso_2" } }),
    "regions"
  )
  const region = regions.find((r: { countries?: { iso_2: string }[] }) => r.countries?.some((c) => c.iso_2 === "us"))
  const created = await answer(
    await request.post(`${backendUrl}/store/carts`, {
      headers,
      params: { fields: "id" },
      data: {
        region_id: region.id,
        items: items.map(({ variant_id, quantity }) => ({ variant_id, quantity })),
        shipping_address: { country_code: "us" },
        ...(code ? { promo_codes: [code] } : {}),
      },
    }),
    "cart"
  )
  const cartId = created.cart.id as string
  const { shipping_options } = await answer(
    await request.get(`${backendUrl}/store/shipping-options`, { headers, params: { cart_id: cartId } }),
    "shipping options"
  )
  const standard = shipping_options.find((o: { name: string }) => o.name === "Standard Shipping") ?? shipping_options[0]
  const { cart } = await answer(
    await request.post(`${backendUrl}/store/carts/${cartId}/shipping-methods`, {
      headers,
      params: { fields },
      data: { option_id: standard.id },
    }),
    "shipping method"
  )
  return {
    totals: displayTotals(cart),
    lines: cart.items.map((item: { variant_id: string; unit_price: number }) => ({
      variant_id: item.variant_id,
      unit_price: toCents(item.unit_price) / 100,
    })),
  }
}

export const usd = (n: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(n)

/** Collects console errors and uncaught exceptions; a spec asserts the list is empty at the end. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text())
  })
  page.on("pageerror", (error) => errors.push(error.message))
  return errors
}

// --- Checkout: a cart in the browser, the billing form, staff reads of the order (checkout and order status specs) ---

export type Line = { product: Product; variant: Product["variants"][number]; quantity: number }

export async function lineOf(
  request: APIRequestContext,
  backendUrl: string,
  publishableKey: string,
  name: string,
  variant: string,
  quantity: number
): Promise<Line> {
  const product = await productNamed(request, backendUrl, publishableKey, name)
  const found = product.variants.find((v) => v.name === variant)
  if (!found) throw new Error(`${name} has no variant ${variant}`)
  return { product, variant: found, quantity }
}

/** One line of the cart as the storefront stores it (spec §3: localStorage `cart`). */
export const storedCartLine = ({ product, variant, quantity }: Line) => ({
  id: product.id,
  name: product.name,
  category: null,
  category_name: product.category_name,
  image: product.image,
  prescription: product.prescription,
  is_popular: product.is_popular,
  selectedVariant: variant,
  quantity,
})

/** The cart as the storefront stores it (spec §3: localStorage `cart`). */
export async function putCart(page: Page, lines: Line[]) {
  const cart = lines.map(storedCartLine)
  await page.goto("/")
  await page.evaluate((value) => localStorage.setItem("cart", JSON.stringify(value)), cart)
}

export async function staffToken(request: APIRequestContext, backendUrl: string) {
  const response = await request.post(`${backendUrl}/api/token/`, {
    data: { username: "admin@example.com", password: "harbor-health-dev" },
  })
  if (!response.ok()) throw new Error(`staff sign-in answered ${response.status()}`)
  return ((await response.json()) as { access: string }).access
}

export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

export const addressOf = (b: Billing) => `${b.address}, ${b.apartment}, ${b.city}, ${b.state} ${b.zipCode}, United States`

/**
 * A guest's whole checkout in the browser: the cart put in place, the form filled with `details`,
 * the order placed; answers the order number the confirmation page shows.
 */
export async function checkoutAsGuest(page: Page, lines: Line[], details: Billing): Promise<string> {
  await putCart(page, lines)
  await page.goto("/checkout")
  await page.getByTestId("checkout-total").filter({ hasText: /^\$/ }).waitFor({ timeout: 45_000 })
  await fillBilling(page, details)
  await page.getByRole("button", { name: "Place Order" }).click()
  await page.waitForURL(/\/order-confirmation$/, { timeout: 45_000 })
  return (await page.getByTestId("order-id").textContent()) ?? ""
}

/**
 * The Store's settings (its metadata) through Medusa's Admin API with the seeded admin's token, as
 * ops change them in Medusa Admin (Settings → Store). Tests restore what they change.
 */
export async function storeSettings(request: APIRequestContext, backendUrl: string) {
  const signIn = await request.post(`${backendUrl}/auth/user/emailpass`, {
    data: { email: "admin@example.com", password: "harbor-health-dev" },
  })
  expect(signIn.status()).toBe(200)
  const headers = { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` }
  const { stores } = (await (await request.get(`${backendUrl}/admin/stores`, { headers })).json()) as {
    stores: { id: string; metadata: Record<string, unknown> | null }[]
  }
  const store = stores[0]
  return {
    metadata: store.metadata ?? {},
    save: async (metadata: Record<string, unknown>) => {
      const answer = await request.post(`${backendUrl}/admin/stores/${store.id}`, { headers, data: { metadata } })
      expect(answer.status()).toBe(200)
    },
  }
}
