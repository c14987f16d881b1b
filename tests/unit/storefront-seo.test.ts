import { afterEach, describe, expect, it, vi } from "vitest"

import { BLOG_POSTS } from "~/content/blog.server"
import { parsePublicOrigin, siteOriginOf } from "~/lib/public-origin"
import { canonicalLink, shopCanonicalPath } from "~/modules/seo/canonical"
import { articleJsonLd, productJsonLd, scriptJson } from "~/modules/seo/json-ld"
import { PRIVATE_PATH_PREFIXES, STATIC_PUBLIC_PATHS } from "~/modules/seo/public-pages"
import { robotsTxt } from "~/modules/seo/robots"
import { escapeXml, sitemapEntries, sitemapXml } from "~/modules/seo/sitemap"

import { isCacheablePath } from "../../storefront/server/page-cache.mjs"

const catalog = vi.hoisted(() => ({ listAllProducts: vi.fn(), listCategories: vi.fn() }))
vi.mock("~/lib/data/catalog.server", () => catalog)

const ORIGIN = "https://shop.example"
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])

describe("sitemap.xml (decision 0055)", () => {
  it("escapes what XML reserves", () => {
    expect(escapeXml(`a&b<c>"d"'e'`)).toBe("a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;")
  })

  it("lists the static pages, the categories with products as the shop links them, every product and every post", () => {
    const entries = sitemapEntries({
      products: [{ id: "prod_1" }, { id: "prod 2/x" }],
      categories: [
        { name: "Medical Weight Loss", product_count: 3 },
        { name: "Empty", product_count: 0 },
      ],
      posts: [
        { id: 1, date: "2025-08-04" },
        { id: 2, date: "2025-09-01" },
      ],
    })
    const paths = entries.map((entry) => entry.path)
    expect(paths).toEqual([
      ...STATIC_PUBLIC_PATHS,
      "/shop?category=Medical%20Weight%20Loss",
      "/product/prod_1",
      "/product/prod%202%2Fx",
      "/blog/1",
      "/blog/2",
    ])
    expect(entries.find((entry) => entry.path === "/blog/2")?.lastmod).toBe("2025-09-01")
    expect(entries.find((entry) => entry.path === "/blog")?.lastmod).toBe("2025-09-01") // its newest post
    expect(entries.find((entry) => entry.path === "/shop")?.lastmod).toBeUndefined() // not known: not claimed
    for (const path of paths) {
      expect(
        PRIVATE_PATH_PREFIXES.some((prefix) => path.startsWith(prefix)),
        path
      ).toBe(false)
    }
  })

  it("writes absolute, XML-escaped URLs on the public origin, with lastmod where known", () => {
    const xml = sitemapXml(ORIGIN, [{ path: "/" }, { path: "/shop?category=A%26B&page=2" }, { path: "/blog/3", lastmod: "2025-10-01" }])
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(
      true
    )
    expect(locs(xml)).toEqual([`${ORIGIN}/`, `${ORIGIN}/shop?category=A%26B&amp;page=2`, `${ORIGIN}/blog/3`])
    expect(xml).toContain(`<url><loc>${ORIGIN}/blog/3</loc><lastmod>2025-10-01</lastmod></url>`)
    expect(xml.trim().endsWith("</urlset>")).toBe(true)
  })

  describe("the route", () => {
    afterEach(() => vi.clearAllMocks())

    it("answers the catalogue as application/xml, cacheable for a few minutes, on the request's origin when none is configured", async () => {
      catalog.listAllProducts.mockResolvedValue([{ id: "prod_a" }, { id: "prod_b" }])
      catalog.listCategories.mockResolvedValue([{ id: "c1", name: "Insulin", product_count: 2 }])
      const { loader } = await import("~/routes/sitemap[.]xml")
      const response = await loader({ request: new Request("http://store.test/sitemap.xml"), params: {}, context: {} })
      expect(response.status).toBe(200)
      expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8")
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=300")
      const urls = locs(await response.text())
      expect(urls).toEqual(expect.arrayContaining(["http://store.test/product/prod_a", "http://store.test/shop?category=Insulin"]))
      expect(urls).toHaveLength(STATIC_PUBLIC_PATHS.length + 1 + 2 + BLOG_POSTS.length)
    })

    it("answers 503, never a partial list, when the backend does not answer", async () => {
      catalog.listAllProducts.mockRejectedValue(new Error("connect ECONNREFUSED"))
      catalog.listCategories.mockResolvedValue([])
      const error = vi.spyOn(console, "error").mockImplementation(() => {})
      const { loader } = await import("~/routes/sitemap[.]xml")
      const response = await loader({ request: new Request("http://store.test/sitemap.xml"), params: {}, context: {} })
      expect(response.status).toBe(503)
      expect(response.headers.get("Cache-Control")).toBe("no-store")
      expect(error).toHaveBeenCalled()
      error.mockRestore()
    })
  })

  it("is shared by the page micro-cache, like the other public documents", () => {
    expect(isCacheablePath("/sitemap.xml")).toBe(true)
    expect(isCacheablePath("/sitemap.xml.data")).toBe(false)
  })
})

describe("robots.txt (decision 0055)", () => {
  it("keeps every crawler out of the cart, checkout, order, confirmation and staff pages, and names the sitemap", () => {
    const lines = robotsTxt(ORIGIN).split("\n")
    expect(lines[0]).toBe("User-agent: *")
    expect(lines.filter((line) => line.startsWith("Disallow:"))).toEqual([
      "Disallow: /cart",
      "Disallow: /checkout",
      "Disallow: /order-confirmation",
      "Disallow: /order-status/",
      "Disallow: /find-my-order",
      "Disallow: /confirmation",
      "Disallow: /admin",
    ])
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
    // Nothing public is disallowed (robots.txt rules are path prefixes).
    for (const path of STATIC_PUBLIC_PATHS.filter((p) => p !== "/")) {
      expect(
        PRIVATE_PATH_PREFIXES.some((prefix) => path.startsWith(prefix)),
        path
      ).toBe(false)
    }
  })

  it("answers text/plain on the request's origin", async () => {
    const { loader } = await import("~/routes/robots[.]txt")
    const response = loader({ request: new Request("http://store.test:3000/robots.txt"), params: {}, context: {} })
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8")
    expect(await response.text()).toContain("Sitemap: http://store.test:3000/sitemap.xml")
  })
})

describe("the public origin", () => {
  it("is STOREFRONT_PUBLIC_URL's origin, else the request's", () => {
    expect(parsePublicOrigin(undefined)).toBeNull()
    expect(parsePublicOrigin("  ")).toBeNull()
    expect(parsePublicOrigin("https://shop.example")).toBe("https://shop.example")
    expect(parsePublicOrigin("https://shop.example/")).toBe("https://shop.example")
    expect(parsePublicOrigin("http://localhost:3000")).toBe("http://localhost:3000")
    expect(siteOriginOf("https://shop.example", "http://127.0.0.1:3000/sitemap.xml")).toBe("https://shop.example")
    expect(siteOriginOf(null, "http://127.0.0.1:3000/sitemap.xml?x=1")).toBe("http://127.0.0.1:3000")
  })

  it("refuses anything but scheme, host and port, naming the variable", () => {
    for (const bad of [
      "shop.example",
      "https://shop.example/store",
      "https://shop.example?a=1",
      "ftp://shop.example",
      "https://u:p@shop.example",
    ]) {
      expect(() => parsePublicOrigin(bad), bad).toThrow(/STOREFRONT_PUBLIC_URL/)
    }
  })
})

describe("canonical links (decision 0055)", () => {
  const matches = [{ id: "root", data: { contact: {}, origin: ORIGIN } }]

  it("are absolute on the root's origin, and absent without one", () => {
    expect(canonicalLink(matches, "/faq")).toEqual([{ tagName: "link", rel: "canonical", href: `${ORIGIN}/faq` }])
    expect(canonicalLink([{ id: "root", data: undefined }], "/faq")).toEqual([])
  })

  it("keep the shop's category (by its catalogue name) and page, and drop sorting, price filters and tracking", () => {
    expect(shopCanonicalPath({ page: 1 }, null)).toBe("/shop")
    expect(shopCanonicalPath({ page: 1 }, "Medical Weight Loss")).toBe("/shop?category=Medical+Weight+Loss")
    expect(shopCanonicalPath({ page: 3 }, "Insulin")).toBe("/shop?category=Insulin&page=3")
  })
})

describe("structured data (decision 0055)", () => {
  it("cannot end its <script> element: '<' and friends are \\u escapes, and the JSON is unchanged", () => {
    const value = { name: "</script><script>alert(1)</script> & <!-- \u2028" }
    const text = scriptJson(value)
    expect(text).not.toMatch(/[<>&\u2028]/)
    expect(text).toContain("\\u003c/script\\u003e")
    expect(JSON.parse(text)).toEqual(value)
  })

  const product = {
    id: "prod_1",
    name: "Insulin Glargine",
    description: "Long-acting insulin.",
    image: "/static/glargine.png",
    category_name: "Insulin",
    call_to_order: false,
    variants: [
      { id: "v1", name: "1 pen", price: 45, stock: 3 },
      { id: "v2", name: "5 pens", price: 199.5, stock: 0 },
    ],
  }

  it("describe a product with one offer per variant: price in USD and availability from its stock", () => {
    const data = productJsonLd(product, ORIGIN)
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Insulin Glargine",
      description: "Long-acting insulin.",
      image: [`${ORIGIN}/static/glargine.png`],
      category: "Insulin",
      url: `${ORIGIN}/product/prod_1`,
    })
    expect(data.offers).toEqual([
      expect.objectContaining({
        "@type": "Offer",
        name: "1 pen",
        price: "45.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
      }),
      expect.objectContaining({
        name: "5 pens",
        price: "199.50",
        availability: "https://schema.org/OutOfStock",
        url: `${ORIGIN}/product/prod_1`,
      }),
    ])
  })

  it("offer nothing for a product that cannot be ordered online (a controlled substance)", () => {
    expect(productJsonLd({ ...product, call_to_order: true }, ORIGIN)).not.toHaveProperty("offers")
  })

  it("describe a blog post as an Article", () => {
    const post = BLOG_POSTS[0]
    expect(articleJsonLd(post, ORIGIN)).toMatchObject({
      "@type": "Article",
      headline: post.title,
      datePublished: post.date,
      image: [`${ORIGIN}${post.image}`],
      author: { "@type": "Person", name: post.author },
      publisher: { "@type": "Organization" },
      url: `${ORIGIN}/blog/${post.id}`,
    })
  })
})
