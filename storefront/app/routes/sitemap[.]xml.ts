/**
 * /sitemap.xml for search engines (issue 25, decision 0055): the public pages, the shop's
 * categories, every product on sale and every blog post, on the storefront's public origin. Not age
 * gated (crawlers have no cookie). Shared by the page micro-cache (0017) and by caches for five minutes.
 */
import type { LoaderFunctionArgs } from "@remix-run/node"

import { BLOG_POSTS } from "~/content/blog.server"
import { listAllProducts, listCategories } from "~/lib/data/catalog.server"
import { siteOrigin } from "~/modules/seo/origin.server"
import { sitemapEntries, sitemapXml } from "~/modules/seo/sitemap"

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = siteOrigin(request)
  try {
    const [products, categories] = await Promise.all([listAllProducts(), listCategories()])
    return new Response(sitemapXml(origin, sitemapEntries({ products, categories, posts: BLOG_POSTS })), {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
    })
  } catch (error) {
    // A partial sitemap would tell search engines the missing products are gone: none until the backend answers.
    console.error(`Sitemap: reading the catalogue failed: ${error instanceof Error ? error.message : String(error)}`)
    return new Response("The catalogue is temporarily unavailable.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "120" },
    })
  }
}
