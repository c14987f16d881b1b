import { config } from "~/lib/config.server"
import { siteOriginOf } from "~/lib/public-origin"

/** The storefront's public origin for this request: `STOREFRONT_PUBLIC_URL`, else the request's own (decision 0055). */
export const siteOrigin = (request: Request) => siteOriginOf(config.publicOrigin, request.url)
