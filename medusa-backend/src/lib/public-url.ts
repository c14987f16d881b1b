/**
 * The backend's public origin and the picture URLs browsers are given (decision 0048).
 *
 * The local file provider stores each upload's absolute URL (`<origin>/static/<file>`) with the
 * origin configured when it was uploaded. Pictures stored by a local run or a deployment's first
 * start (a loopback origin: `http://localhost:9000`, another port, `127.0.0.1`) are files this
 * backend serves under /static, so the catalogue answers them under today's public origin, the one
 * the storefront's Content-Security-Policy allows. Other origins (S3, a legacy host's SVGs kept by
 * the import) are answered as stored. The origin itself is a setting (`backendOrigin`,
 * src/lib/config.ts): BACKEND_PUBLIC_URL, else MEDUSA_BACKEND_URL, else http://localhost:9000.
 */

/** `value` as an origin when it is one (http or https; scheme, host and port only), else null. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value)
    const originOnly = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password
    return ["http:", "https:"].includes(url.protocol) && originOnly ? url.origin : null
  } catch {
    return null
  }
}

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/** `url` as browsers must load it: an upload stored under a loopback origin moves to `publicOrigin`. */
export function publicFileUrl(url: string | null, publicOrigin: string): string | null {
  if (!url) return url
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url
  }
  const ownUpload = (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.pathname.startsWith("/static/")
  if (!ownUpload || !LOOPBACK_HOST.test(parsed.hostname) || parsed.origin === publicOrigin) return url
  return `${publicOrigin}${parsed.pathname}${parsed.search}`
}
