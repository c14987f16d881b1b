import type { LedgerCache } from "../../medusa-backend/src/lib/change-ledger"

/** A tag-aware key/value store with the Caching Module's get/set/clear semantics, shared by "processes". */
export function tagCache(): LedgerCache & { keys: () => string[] } {
  const entries = new Map<string, { data: unknown; tags: string[] }>()
  return {
    async get({ key }) {
      return entries.get(key)?.data ?? null
    },
    async set({ key, data, tags = [] }) {
      entries.set(key, { data, tags })
    },
    async clear({ tags }) {
      for (const [key, entry] of entries) if (entry.tags.some((t) => tags.includes(t))) entries.delete(key)
    },
    keys: () => [...entries.keys()],
  }
}
