/**
 * schema.org structured data for search engines (decision 0055): `Product` on product pages,
 * `Article` on blog posts. Pure; `JsonLd.tsx` puts it in the page.
 */
import type { CatalogProduct } from "@shared/catalog"
import { STORE } from "@shared/store-constants"

const SCHEMA = "https://schema.org"
const IN_STOCK = `${SCHEMA}/InStock`
const OUT_OF_STOCK = `${SCHEMA}/OutOfStock`

/**
 * JSON to put inside a `<script>` element: `<` (and `>`, `&`, and the two JavaScript line
 * separators) as `\uXXXX` escapes, so no text in it (a product name with `</script>`) can end the
 * element or open a comment. Still the same JSON to any parser.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
}

const absolute = (origin: string, url: string) => new URL(url, `${origin}/`).href

/**
 * A product page's `Product`: its name, description, picture and category, and one `Offer` per
 * variant with the server's price (USD) and availability from that variant's sellable stock. A
 * product that cannot be ordered online (a controlled substance, issue 25) has no offers: its page
 * says to call the pharmacy, and a price in search results would invite an order the shop refuses.
 * No brand or SKU: the catalogue has neither.
 */
export function productJsonLd(
  product: Pick<CatalogProduct, "id" | "name" | "description" | "image" | "category_name" | "call_to_order" | "variants">,
  origin: string
) {
  const url = `${origin}/product/${encodeURIComponent(product.id)}`
  const offers = product.call_to_order
    ? []
    : product.variants.map((variant) => ({
        "@type": "Offer",
        name: variant.name,
        price: variant.price.toFixed(2),
        priceCurrency: "USD",
        availability: variant.stock > 0 ? IN_STOCK : OUT_OF_STOCK,
        url,
        seller: { "@type": "Organization", name: STORE.name },
      }))
  return {
    "@context": SCHEMA,
    "@type": "Product",
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    ...(product.image ? { image: [absolute(origin, product.image)] } : {}),
    ...(product.category_name ? { category: product.category_name } : {}),
    url,
    ...(offers.length ? { offers } : {}),
  }
}

/** A blog post's `Article`: headline, description, picture, dates, author, and the shop as publisher. */
export function articleJsonLd(
  post: { id: number; title: string; excerpt: string; image: string; date: string; author: string },
  origin: string
) {
  const url = `${origin}/blog/${post.id}`
  return {
    "@context": SCHEMA,
    "@type": "Article",
    headline: post.title,
    description: post.excerpt,
    image: [absolute(origin, post.image)],
    datePublished: post.date,
    author: { "@type": "Person", name: post.author },
    publisher: { "@type": "Organization", name: STORE.name, logo: { "@type": "ImageObject", url: `${origin}/favicon.svg` } },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
  }
}
