/**
 * sitemap.xml (sitemaps.org protocol 0.9), built from the catalogue and the blog. Pure: the route
 * (`routes/sitemap[.]xml.ts`) reads the data. Decision 0055.
 */
import type { CatalogCategory, CatalogListProduct } from "@shared/catalog"

import { shopCategoryHref } from "~/lib/links"

import { STATIC_PUBLIC_PATHS } from "./public-pages"

/** A page of the site: its path (already URL-encoded, with its query) and when it last changed, if known (YYYY-MM-DD). */
export type SitemapEntry = { path: string; lastmod?: string }

/** Text for XML character data and attribute values. */
export const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c)

/**
 * Every page search engines should know: the static public pages, each category of the shop that
 * has products on sale (as the site links them), every product on sale and every blog post.
 * Products are what the catalogue lists: published ones only, controlled substances included (their
 * page exists; only ordering them online does not).
 */
export function sitemapEntries({
  products,
  categories,
  posts,
}: {
  products: Pick<CatalogListProduct, "id">[]
  categories: Pick<CatalogCategory, "name" | "product_count">[]
  posts: { id: number; date: string }[]
}): SitemapEntry[] {
  const latestPost = posts
    .map((post) => post.date)
    .sort()
    .at(-1)
  const pages: SitemapEntry[] = STATIC_PUBLIC_PATHS.map((path) =>
    path === "/blog" && latestPost ? { path, lastmod: latestPost } : { path }
  )
  const seen = new Set<string>()
  const unique = (entry: SitemapEntry) => {
    if (seen.has(entry.path)) return false
    seen.add(entry.path)
    return true
  }
  return [
    ...pages,
    ...categories.filter((category) => category.product_count > 0).map((category) => ({ path: shopCategoryHref(category.name) })),
    ...products.map((product) => ({ path: `/product/${encodeURIComponent(product.id)}` })),
    ...posts.map((post) => ({ path: `/blog/${post.id}`, lastmod: post.date })),
  ].filter(unique)
}

/** The sitemap's XML: absolute URLs on `origin`. */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastmod }) => {
    const lastmodTag = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ""
    return `  <url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmodTag}</url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n")
}
