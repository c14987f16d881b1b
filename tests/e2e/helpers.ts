import type { APIRequestContext, Page } from "@playwright/test"

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

export async function quote(
  request: APIRequestContext,
  backendUrl: string,
  publishableKey: string,
  items: { product_id: string; variant_id: string; quantity: number }[]
) {
  const response = await request.post(`${backendUrl}/store/checkout/quote`, {
    data: { items },
    headers: { "x-publishable-api-key": publishableKey },
  })
  if (!response.ok()) throw new Error(`quote answered ${response.status()}: ${await response.text()}`)
  return (await response.json()) as { totals: { subtotal: number; discount: number; shipping: number; tax: number; total: number } }
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
