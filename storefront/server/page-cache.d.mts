export type CachedPage = { status: number; headers: [string, string][]; body: Buffer }
export type PageCacheState = "hit" | "stale" | "miss"
export function isCacheable(page: CachedPage): boolean
export function isCacheablePath(path: string): boolean
export function createPageCache(options?: { ttlMs?: number; staleMs?: number; maxEntries?: number; now?: () => number }): {
  stats: { hits: number; stale: number; misses: number }
  get(key: string, renderPage: () => Promise<CachedPage>): Promise<{ page: CachedPage; state: PageCacheState }>
  clear(): void
}
