/**
 * Search engines (issue 25 item 7, decision 0055): /sitemap.xml lists every product the backend
 * sells, the blog's posts and the public pages, and nothing private; /robots.txt keeps crawlers out
 * of the private pages and names the sitemap; both are answered to a crawler without the age
 * cookie. Public pages carry a canonical link, product pages `Product` and blog posts `Article`
 * structured data, pages of one visitor `noindex`, all within the Content-Security-Policy (the
 * fixtures fail a test on any violation).
 */
import type { APIRequestContext, Page } from "@playwright/test"

import { expect, test } from "./fixtures"
import { catalog, type Product, verifyAge } from "./helpers"

const STATIC_PAGES = [
  "/",
  "/shop",
  "/buy-medication",
  "/apply-for-prescription",
  "/insulin-form",
  "/weight-loss-form",
  "/blog",
  "/about-us",
  "/licenses",
  "/faq",
  "/privacypolicy",
  "/notice-of-privacy-practices",
  "/refundandreturn",
  "/shippingpolicy",
]
const PRIVATE = /\/(?:admin|cart|checkout|order-confirmation|order-status|find-my-order|confirmation|age-check)(?:[/?]|$)/

/** Every product the backend's catalogue lists (published, on sale), page after page. */
async function allProducts(request: APIRequestContext, backendUrl: string, publishableKey: string) {
  const products: Product[] = []
  for (let page = 1; ; page++) {
    const answer = await catalog(request, backendUrl, publishableKey, { page })
    products.push(...answer.products)
    if (page >= answer.pages) return products
  }
}

/** The sitemap parsed as XML by the browser: a parse error, its namespace and every <loc>. */
async function parseSitemap(page: Page, xml: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml")
    const ns = doc.documentElement.namespaceURI ?? ""
    return {
      parseError: doc.getElementsByTagName("parsererror").length > 0,
      root: doc.documentElement.localName,
      ns,
      urls: [...doc.getElementsByTagNameNS(ns, "url")].map((url) => ({
        loc: url.getElementsByTagNameNS(ns, "loc")[0]?.textContent ?? "",
        lastmod: url.getElementsByTagNameNS(ns, "lastmod")[0]?.textContent ?? null,
      })),
    }
  }, xml)
}

const jsonLd = async (page: Page) => JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}")

test("sitemap.xml lists every product on sale, the categories, the blog's posts and the public pages, and no private page", async ({
  page,
  playwright,
  baseURL,
  backendUrl,
  publishableKey,
}) => {
  // A crawler: no cookies at all, so no age check passed.
  const crawler = await playwright.request.newContext({ baseURL })
  const response = await crawler.get("/sitemap.xml", { maxRedirects: 0 })
  expect(response.status()).toBe(200)
  expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8")
  expect(response.headers()["cache-control"]).toBe("public, max-age=300")
  const sitemap = await parseSitemap(page, await response.text())
  expect(sitemap.parseError).toBe(false)
  expect(sitemap.root).toBe("urlset")
  expect(sitemap.ns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9")

  const origin = new URL(baseURL!).origin
  const locs = sitemap.urls.map((url) => url.loc)
  for (const loc of locs) expect(loc.startsWith(`${origin}/`), loc).toBe(true)
  expect(new Set(locs).size, "no URL twice").toBe(locs.length)
  expect(
    locs.filter((loc) => PRIVATE.test(new URL(loc).pathname + "/")),
    "private pages"
  ).toEqual([])

  const products = await allProducts(crawler, backendUrl, publishableKey)
  expect(products.length).toBeGreaterThan(5)
  const productLocs = locs.filter((loc) => new URL(loc).pathname.startsWith("/product/")).sort()
  expect(productLocs).toEqual(products.map((p) => `${origin}/product/${p.id}`).sort())
  // A controlled substance is a product page like any other (only ordering it online is not offered).
  expect(products.some((p) => p.name.startsWith("Phentermine"))).toBe(true)

  for (const path of STATIC_PAGES) expect(locs, path).toContain(`${origin}${path}`)
  for (const category of new Set(products.map((p) => p.category_name).filter(Boolean))) {
    expect(locs, `category ${category}`).toContain(`${origin}/shop?category=${encodeURIComponent(category!)}`)
  }

  // The blog's posts, as its index links them, each with its date.
  await page.goto("/blog")
  const hrefs = await page.locator('main a[href^="/blog/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""))
  const postPaths = new Set(hrefs.filter((href) => /^\/blog\/\d+$/.test(href)))
  expect(postPaths.size).toBeGreaterThan(0)
  for (const path of postPaths) {
    const entry = sitemap.urls.find((url) => url.loc === `${origin}${path}`)
    expect(entry, path).toBeTruthy()
    expect(entry!.lastmod, path).toMatch(/^\d{4}-\d\d-\d\d$/)
  }
  await crawler.dispose()
})

test("robots.txt keeps crawlers out of the cart, checkout, order, confirmation and staff pages and names the sitemap", async ({
  playwright,
  baseURL,
}) => {
  const crawler = await playwright.request.newContext({ baseURL })
  const response = await crawler.get("/robots.txt", { maxRedirects: 0 })
  expect(response.status()).toBe(200)
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8")
  const lines = (await response.text()).split("\n").map((line) => line.trim())
  expect(lines).toContain("User-agent: *")
  const disallowed = lines.filter((line) => line.startsWith("Disallow:")).map((line) => line.slice("Disallow:".length).trim())
  for (const path of ["/cart", "/checkout", "/order-confirmation", "/order-status/", "/find-my-order", "/confirmation", "/admin"]) {
    expect(disallowed, path).toContain(path)
  }
  // Nothing public is kept out (rules are path prefixes).
  for (const path of STATIC_PAGES.filter((p) => p !== "/")) {
    expect(
      disallowed.filter((rule) => path.startsWith(rule)),
      path
    ).toEqual([])
  }
  expect(lines).toContain(`Sitemap: ${new URL(baseURL!).origin}/sitemap.xml`)
  await crawler.dispose()
})

test("a product page has its canonical link and Product structured data with the backend's prices and stock", async ({
  page,
  request,
  baseURL,
  backendUrl,
  publishableKey,
}) => {
  const products = await allProducts(request, backendUrl, publishableKey)
  // One with an out-of-stock variant beside an in-stock one when the seed has it, else any with several variants.
  const product =
    products.find((p) => p.variants.some((v) => v.stock > 0) && p.variants.some((v) => v.stock === 0)) ??
    products.find((p) => p.variants.length > 1)!
  const origin = new URL(baseURL!).origin
  await verifyAge(page)
  await page.goto(`/product/${product.id}?utm_source=newsletter&ref=x`)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/product/${product.id}`)

  const data = await jsonLd(page)
  expect(data).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    url: `${origin}/product/${product.id}`,
  })
  expect(data.offers).toEqual(
    product.variants.map((v) =>
      expect.objectContaining({
        "@type": "Offer",
        name: v.name,
        price: v.price.toFixed(2),
        priceCurrency: "USD",
        availability: v.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      })
    )
  )
  // The data block carries the response's nonce too (decision 0040).
  expect(await page.locator('script[type="application/ld+json"]').evaluate((script: HTMLScriptElement) => script.nonce)).not.toBe("")
})

test("a blog post has its canonical link and Article structured data", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin
  await page.goto("/blog/1?utm_campaign=x")
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/blog/1`)
  const data = await jsonLd(page)
  expect(data).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Article",
    headline: await page.getByRole("heading", { level: 1 }).textContent(),
    datePublished: await page.locator("article time").first().getAttribute("datetime"),
    url: `${origin}/blog/1`,
  })
  expect(data.image[0]).toMatch(new RegExp(`^${origin}/images/blog/`))
  expect(data.author.name).toBeTruthy()
})

test("the shop's canonical link keeps the category and page and drops sorting, price filters and tracking", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin
  await verifyAge(page)
  await page.goto("/shop?category=Insulin&sort=price_asc&price=50-100&utm_source=ad")
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/shop?category=Insulin`)
  await page.goto("/shop?sort=name_asc&page=2")
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/shop?page=2`)
  await page.goto("/faq?utm_medium=email")
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/faq`)
})

test("pages of one visitor say noindex and name no canonical URL", async ({ page }) => {
  await verifyAge(page)
  for (const path of ["/cart", "/checkout", "/find-my-order", "/age-check", "/admin"]) {
    await page.goto(path)
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute("content", /noindex/)
    await expect(page.locator('link[rel="canonical"]'), path).toHaveCount(0)
  }
})
