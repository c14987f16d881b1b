import { afterEach, describe, expect, it, vi } from "vitest"

import { CHANGE_OVERLAP_MS, ChangeLedger, GENERATION_TAG } from "../../medusa-backend/src/lib/change-ledger"
import { tagCache } from "../support/tag-cache"

/**
 * A table as a server reads it: rows with the time each was written. A ledger holds a row → value
 * object; `readChanges` reads the rows written since a time onto it, as the catalogue's reads do.
 */
function table(initial: Record<string, number>) {
  const rows = new Map(Object.entries(initial).map(([id, value]) => [id, { value, writtenAt: Date.now() - 60 * 60_000 }]))
  const reads = { all: 0, changes: 0 }
  let hold: Promise<void> | null = null
  let cannotTell = false
  return {
    reads,
    write(id: string, value: number, writtenAt = Date.now()) {
      rows.set(id, { value, writtenAt })
    },
    /** A row removed outright, leaving no timestamp behind. */
    remove(id: string) {
      rows.delete(id)
    },
    /** The next read of changes reads, then waits until released: a read under way. */
    holdNextRead() {
      let release!: () => void
      hold = new Promise<void>((resolve) => (release = resolve))
      return release
    },
    /** The next read of changes cannot tell what changed (a change in bulk). */
    cannotTellNext() {
      cannotTell = true
    },
    readAll: async () => {
      reads.all += 1
      return Object.fromEntries([...rows].map(([id, row]) => [id, row.value]))
    },
    readChanges: async (base: Record<string, number>, since: Date) => {
      reads.changes += 1
      if (cannotTell) {
        cannotTell = false
        return null
      }
      const changed = [...rows].filter(([, row]) => row.writtenAt >= since.getTime())
      const held = hold
      hold = null
      if (held) await held
      return changed.length ? { ...base, ...Object.fromEntries(changed.map(([id, row]) => [id, row.value])) } : base
    },
  }
}

const TAGS = ["things", "Thing:list:*"]
const ledger = (cache: ReturnType<typeof tagCache>, db: ReturnType<typeof table>, fullReadMs = 60 * 60_000) =>
  new ChangeLedger(cache, {
    key: "things:marker",
    tags: TAGS,
    ttlSeconds: 60,
    fullReadMs,
    readAll: db.readAll,
    readChanges: db.readChanges,
  })

describe("ChangeLedger (a read model per server process, read again where it changed)", () => {
  afterEach(() => vi.useRealTimers())

  it("reads everything once per process, then serves from memory while no event drops its marker", async () => {
    const cache = tagCache()
    const db = table({ a: 1, b: 2 })
    const serverA = ledger(cache, db)
    const serverB = ledger(cache, db)
    const first = await serverA.get()
    expect(first).toEqual({ a: 1, b: 2 })
    await serverB.get()
    expect(await serverA.get()).toBe(first)
    expect(await serverB.get()).toBe(await serverB.get())
    expect(db.reads).toEqual({ all: 2, changes: 0 })
  })

  it("serves a change on every process once an entity tag is cleared, reading only the changes", async () => {
    const cache = tagCache()
    const db = table({ a: 1, b: 2 })
    const serverA = ledger(cache, db)
    const serverB = ledger(cache, db)
    await serverA.get()
    await serverB.get()

    db.write("a", 10)
    await cache.clear({ tags: ["Thing:list:*"] }) // what Medusa's auto-invalidation does on thing.updated
    expect(await serverB.get()).toEqual({ a: 10, b: 2 })
    expect(await serverA.get()).toEqual({ a: 10, b: 2 })
    expect(db.reads).toEqual({ all: 2, changes: 2 })
  })

  it("looks back an overlap before its last read, so a write committed late with an earlier timestamp is not missed", async () => {
    const cache = tagCache()
    const db = table({ a: 1 })
    const server = ledger(cache, db)
    const readAt = Date.now()
    await server.get()
    db.write("a", 4, readAt - 30_000) // stamped 30 s before that read, committed after it
    expect(CHANGE_OVERLAP_MS).toBeGreaterThan(30_000)
    await cache.clear({ tags: ["things"] })
    expect(await server.get()).toEqual({ a: 4 })
  })

  it("never keeps a read made across a write as current: the next request reads again", async () => {
    const cache = tagCache()
    const db = table({ a: 1 })
    const server = ledger(cache, db)
    await server.get()
    await cache.clear({ tags: ["things"] })
    const release = db.holdNextRead()
    const during = server.get() // reads a = 1
    await vi.waitFor(() => expect(db.reads.changes).toBe(1))
    db.write("a", 2)
    await cache.clear({ tags: ["things"] }) // that write's event, mid-read
    release()
    expect(await during).toEqual({ a: 1 }) // that reader asked before the write
    expect(await server.get()).toEqual({ a: 2 })
  })

  it("shares one read between concurrent readers of one process", async () => {
    const cache = tagCache()
    const db = table({ a: 7 })
    const server = ledger(cache, db)
    const values = await Promise.all(Array.from({ length: 20 }, () => server.get()))
    expect(new Set(values).size).toBe(1)
    expect(db.reads.all).toBe(1)
  })

  it("reads everything when the changes cannot be told apart, or when the generation is cleared (a restored database)", async () => {
    const cache = tagCache()
    const db = table({ a: 1 })
    const serverA = ledger(cache, db)
    const serverB = ledger(cache, db)
    await serverA.get()
    await serverB.get()

    db.cannotTellNext()
    db.write("a", 2)
    await cache.clear({ tags: ["things"] })
    expect(await serverA.get()).toEqual({ a: 2 })
    expect(db.reads.all).toBe(3)

    db.write("a", 3, Date.now() - 24 * 60 * 60_000) // an old timestamp: a read of changes cannot see it
    await cache.clear({ tags: [GENERATION_TAG] })
    expect(await serverA.get()).toEqual({ a: 3 })
    expect(await serverB.get()).toEqual({ a: 3 })
    expect(db.reads.all).toBe(5)
  })

  it("reads everything again every fullReadMs in the background, serving what it holds meanwhile", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const cache = tagCache()
    const db = table({ a: 1, b: 2 })
    const server = ledger(cache, db, 5 * 60_000)
    await server.get()
    db.remove("b") // no timestamp shows it

    vi.setSystemTime(Date.now() + 5 * 60_000 - 1000)
    await cache.clear({ tags: ["things"] })
    expect(await server.get()).toEqual({ a: 1, b: 2 })
    expect(db.reads.all).toBe(1)

    vi.setSystemTime(Date.now() + 2000)
    db.write("a", 5)
    await cache.clear({ tags: ["things"] })
    expect(await server.get()).toEqual({ a: 5, b: 2 }) // the change at once; the full read follows
    await vi.waitFor(() => expect(db.reads.all).toBe(2))
    await vi.waitFor(async () => expect(await server.get()).toEqual({ a: 5 }))
  })
})
