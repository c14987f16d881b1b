import { describe, expect, it } from "vitest"

import { SharedSnapshot, type SnapshotCache } from "../../medusa-backend/src/lib/shared-snapshot"

/** A tag-aware key/value store with the Caching Module's get/set/clear semantics, shared by "processes". */
function tagCache(): SnapshotCache & { keys: () => string[] } {
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

/** A database row and a counter of how often a "process" read it. */
function source(initial: number) {
  const state = { value: initial, reads: 0, gate: null as null | Promise<void> }
  return {
    state,
    build: async () => {
      state.reads += 1
      const value = state.value
      if (state.gate) await state.gate
      return { value }
    },
  }
}

const snapshot = (cache: SnapshotCache, build: () => Promise<{ value: number }>) =>
  new SharedSnapshot(cache, {
    name: "test",
    tags: ["test", "Thing:list:*"],
    ttlSeconds: 60,
    build,
    encode: (v) => v,
    decode: (v) => v,
  })

describe("SharedSnapshot (the catalogue cache shared by several servers)", () => {
  it("builds once for all processes, and serves later reads from each process's memory", async () => {
    const cache = tagCache()
    const db = source(1)
    const serverA = snapshot(cache, db.build)
    const serverB = snapshot(cache, db.build)
    expect(await serverA.get()).toEqual({ value: 1 })
    expect(await serverB.get()).toEqual({ value: 1 })
    const fromB = await serverB.get()
    expect(await serverB.get()).toBe(fromB)
    expect(db.state.reads).toBe(1)
  })

  it("serves a change on every process after one of them invalidates, or after a Medusa entity tag is cleared", async () => {
    const cache = tagCache()
    const db = source(1)
    const serverA = snapshot(cache, db.build)
    const serverB = snapshot(cache, db.build)
    await serverA.get()
    await serverB.get()

    db.state.value = 2
    await serverA.invalidate()
    expect(await serverB.get()).toEqual({ value: 2 })
    expect(await serverA.get()).toEqual({ value: 2 })

    db.state.value = 3
    await cache.clear({ tags: ["Thing:list:*"] }) // what Medusa's auto-invalidation does on thing.updated
    expect(await serverA.get()).toEqual({ value: 3 })
    expect(await serverB.get()).toEqual({ value: 3 })
    expect(db.state.reads).toBe(3)
  })

  it("never keeps a value built across an invalidation", async () => {
    const cache = tagCache()
    const db = source(1)
    const server = snapshot(cache, db.build)
    let release!: () => void
    db.state.gate = new Promise((r) => (release = r))
    const slowRead = server.get() // reads value 1, then waits
    await new Promise((r) => setTimeout(r, 5))
    db.state.value = 2
    await server.invalidate() // the write lands while the build is under way
    db.state.gate = null
    release()
    expect(await slowRead).toEqual({ value: 1 }) // that reader asked before the write
    expect(await server.get()).toEqual({ value: 2 }) // the next one does not get the stale build
  })

  it("shares one build between concurrent readers of one process", async () => {
    const cache = tagCache()
    const db = source(7)
    const server = snapshot(cache, db.build)
    const values = await Promise.all(Array.from({ length: 20 }, () => server.get()))
    expect(new Set(values).size).toBe(1)
    expect(db.state.reads).toBe(1)
  })

  it("drops the stored data with its marker, so invalidations leave nothing behind", async () => {
    const cache = tagCache()
    const db = source(1)
    const server = snapshot(cache, db.build)
    await server.get()
    expect(cache.keys()).toHaveLength(2)
    await server.invalidate()
    expect(cache.keys()).toHaveLength(0)
  })
})
