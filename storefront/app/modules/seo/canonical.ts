/**
 * `<link rel="canonical">` for the public pages (decision 0055): the absolute URL search engines
 * should index a page under, on the storefront's public origin (the root loader's `origin`).
 */
import type { MetaDescriptor } from "@remix-run/node"

import { shopHref, type ShopParams } from "~/modules/catalog/shop-params"

/** What a meta function is given about the matched routes: the root's data carries the origin. */
type Matches = readonly { id: string; data: unknown }[]

/** The storefront's public origin, as the root loader answered it; null when it did not. */
export function originOf(matches: Matches): string | null {
  const root = matches.find((match) => match.id === "root")?.data
  if (!root || typeof root !== "object" || !("origin" in root)) return null
  return typeof root.origin === "string" ? root.origin : null
}

/**
 * The canonical link of the page at `path` (a path with its query, URL-encoded, as the site links it:
 * Remix also answers `/FAQ` or `/faq/`); nothing without an origin.
 */
export function canonicalLink(matches: Matches, path: string): MetaDescriptor[] {
  const origin = originOf(matches)
  return origin ? [{ tagName: "link", rel: "canonical", href: `${origin}${path}` }] : []
}

/**
 * The shop's canonical path: the category (by its catalogue name, however the URL spelt it) and the
 * page number are what make a different list; sorting, price filters and anything else (tracking
 * parameters) only reorder or narrow the same products, so they are dropped. Page 2 and on keep their
 * number: they list other products, and pointing them at page 1 would hide those from search engines.
 */
export const shopCanonicalPath = (params: Pick<ShopParams, "page">, categoryName: string | null) =>
  shopHref({ category: categoryName ?? "", page: params.page })
