// A micro-cache of whole pages for the storefront's busiest public pages
// (home, shop, product): the same HTML is answered for a couple of seconds
// instead of rendering it again for every visitor. See
// docs/decisions/0017-page-micro-cache.md.
//
// - Fresh for `ttlMs`; then served once more while one background render
//   replaces it (stale-while-revalidate), for at most `staleMs` more.
// - Concurrent misses of one key wait for a single render.
// - Only a 200 without Set-Cookie and without `Cache-Control: no-store` is
//   kept: redirects (the age gate), errors (the backend is down) and anything
//   personal always render again.
// - Only the paths of `isCacheablePath` are looked up at all.

/**
 * @typedef {{ status: number, headers: [string, string][], body: Buffer }} CachedPage
 * @typedef {{ page: CachedPage, storedAt: number }} Entry
 */

/** Documents that look the same to every visitor who passed the age gate: `/`, `/shop`, `/product/{id}`; and the sitemap (decision 0055). */
const CACHEABLE_PATH = /^\/(?:shop|product\/[^/]+|sitemap\.xml)?$/

/**
 * Whether requests for this path go through the cache. Nothing else does: not the other pages, not
 * the data routes (`*.data`), and never a page of one visitor's own, such as `/order-status/{token}`.
 * @param {string} path
 */
export const isCacheablePath = (path) => CACHEABLE_PATH.test(path)

/**
 * Whether a rendered page may be kept and shown to other visitors with the same key: a 200 that
 * sets no cookie and that its route did not mark `no-store` (a page for one visitor only).
 */
export function isCacheable(page) {
  if (page.status !== 200) return false
  return !page.headers.some(([name, value]) => {
    const header = name.toLowerCase()
    return header === "set-cookie" || (header === "cache-control" && /(?:^|,)\s*no-store\s*(?:,|$)/i.test(value))
  })
}

/**
 * @param {{ ttlMs?: number, staleMs?: number, maxEntries?: number, now?: () => number }} [options]
 */
export function createPageCache({ ttlMs = 2000, staleMs = 3000, maxEntries = 1000, now = Date.now } = {}) {
  /** @type {Map<string, Entry>} in insertion order: the oldest is evicted first */
  const entries = new Map()
  /** @type {Map<string, Promise<CachedPage>>} */
  const renders = new Map()
  const stats = { hits: 0, stale: 0, misses: 0 }

  function render(key, renderPage) {
    const running = renders.get(key)
    if (running) return running
    const rendering = renderPage()
      .then((page) => {
        if (isCacheable(page)) {
          entries.delete(key)
          entries.set(key, { page, storedAt: now() })
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value)
        } else {
          entries.delete(key) // e.g. the product is gone: never show its old page again
        }
        return page
      })
      .finally(() => renders.delete(key))
    renders.set(key, rendering)
    return rendering
  }

  return {
    stats,
    /**
     * The page for `key`: cached when fresh, otherwise `renderPage()`'s.
     * @param {string} key
     * @param {() => Promise<CachedPage>} renderPage
     * @returns {Promise<{ page: CachedPage, state: "hit" | "stale" | "miss" }>}
     */
    async get(key, renderPage) {
      const entry = entries.get(key)
      const age = entry ? now() - entry.storedAt : Infinity
      if (entry && age < ttlMs) {
        stats.hits++
        return { page: entry.page, state: "hit" }
      }
      if (entry && age < ttlMs + staleMs) {
        stats.stale++
        // A failed refresh keeps the stale page until it expires; the next visitor tries again.
        render(key, renderPage).catch(() => {})
        return { page: entry.page, state: "stale" }
      }
      if (entry) entries.delete(key)
      stats.misses++
      return { page: await render(key, renderPage), state: "miss" }
    },
    clear() {
      entries.clear()
    },
  }
}
