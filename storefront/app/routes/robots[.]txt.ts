/**
 * /robots.txt (issue 25, decision 0055): crawlers kept out of the cart, checkout, order and
 * confirmation pages and the staff area, and pointed to the sitemap. Not age gated.
 */
import type { LoaderFunctionArgs } from "@remix-run/node"

import { siteOrigin } from "~/modules/seo/origin.server"
import { robotsTxt } from "~/modules/seo/robots"

export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(siteOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  })
}
