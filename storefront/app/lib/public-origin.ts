/**
 * The storefront's public origin (decision 0055): where search engines and shoppers reach it, for
 * the sitemap's, robots.txt's and canonical links' absolute URLs.
 */

/**
 * `STOREFRONT_PUBLIC_URL` (the backend's setting of the same name, decision 0050) read as an origin:
 * scheme, host and port only; null when unset. Anything else throws, naming the variable.
 */
export function parsePublicOrigin(value: string | undefined): string | null {
  const text = value?.trim()
  if (!text) return null
  let url: URL | null = null
  try {
    url = new URL(text)
  } catch {
    url = null
  }
  const bare = url && /^https?:$/.test(url.protocol) && !url.username && !url.password && !url.search && !url.hash
  if (!url || !bare || (url.pathname !== "/" && url.pathname !== "")) {
    throw new Error(
      `STOREFRONT_PUBLIC_URL must be the storefront's public origin (scheme, host and port only, e.g. https://shop.example): "${text}"`
    )
  }
  return url.origin
}

/** The configured origin, else the one the request came to (the Host it named, the scheme the server saw). */
export const siteOriginOf = (configured: string | null, requestUrl: string) => configured ?? new URL(requestUrl).origin
