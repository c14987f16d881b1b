import { PRIVATE_PATH_PREFIXES } from "./public-pages"

/** robots.txt: every crawler kept out of the private pages, and pointed to the sitemap on `origin`. */
export function robotsTxt(origin: string): string {
  return ["User-agent: *", ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join(
    "\n"
  )
}
