import { describe, expect, it } from "vitest"

import { stockLedger, type StockState } from "../../medusa-backend/src/lib/catalog/stock"
import { tagCache } from "../support/tag-cache"

/** Inventory levels as Postgres holds them: sellable units per item and when each was last written. */
function inventory(initial: Record<string, number>) {
  const now = Date.now()
  const items = new Map(Object.entries(initial).map(([id, sellable]) => [id, { sellable, writtenAt: now - 60 * 60_000 }]))
  const reads = { all: 0, changed: [] as Date[] }
  return {
    reads,
    write(id: string, sellable: number, writtenAt = Date.now()) {
      items.set(id, { sellable, writtenAt })
    },
    readAll: async () => {
      reads.all += 1
      return new Map([...items].map(([id, item]) => [id, item.sellable]))
    },
    readChanged: async (since: Date) => {
      reads.changed.push(since)
      const changed = new Map([...items].filter(([, item]) => item.writtenAt >= since.getTime()).map(([id, item]) => [id, item.sellable]))
      return changed
    },
  }
}

/** The units a state holds of these items. */
const units = (state: StockState, ...ids: string[]) => Object.fromEntries(ids.map((id) => [id, state.stock.get(id)]))

const TAGS = ["catalog:stock", "InventoryLevel:list:*"]
const ledger = (cache: ReturnType<typeof tagCache>, db: ReturnType<typeof inventory>) =>
  stockLedger(cache, { key: "stock:marker", tags: TAGS, ttlSeconds: 60, readAll: db.readAll, readChanged: db.readChanged })

describe("the catalogue's stock, read again only where it changed (stockLedger)", () => {
  it("reads every item once, then serves each process from memory while no stock event drops the marker", async () => {
    const cache = tagCache()
    const db = inventory({ a: 5, b: 7 })
    const serverA = ledger(cache, db)
    const serverB = ledger(cache, db)
    const first = await serverA.get()
    expect(units(first, "a", "b")).toEqual({ a: 5, b: 7 })
    expect(first.changes).toBeNull()
    await serverB.get()
    expect(await serverA.get()).toBe(first)
    expect(db.reads).toEqual({ all: 2, changed: [] })
  })

  it("after an order, every process reads only the items written since its last read and names what changed", async () => {
    const cache = tagCache()
    const db = inventory({ a: 5, b: 7, c: 1 })
    const serverA = ledger(cache, db)
    const serverB = ledger(cache, db)
    const beforeA = await serverA.get()
    const beforeB = await serverB.get()

    db.write("a", 3) // an order reserves two of item a
    await cache.clear({ tags: ["InventoryLevel:list:*"] }) // Medusa's auto-invalidation as the event is emitted

    for (const [server, before] of [
      [serverA, beforeA],
      [serverB, beforeB],
    ] as const) {
      const after = await server.get()
      expect(units(after, "a", "b", "c")).toEqual({ a: 3, b: 7, c: 1 })
      expect(after.changes).toEqual({ from: before.version, items: new Set(["a"]) })
      expect(after.version).not.toBe(before.version)
      expect(units(before, "a", "b", "c")).toEqual({ a: 5, b: 7, c: 1 }) // a state is never changed in place
    }
    expect(db.reads.all).toBe(2)
    expect(db.reads.changed).toHaveLength(2)
  })

  it("stays exact over a long run of orders, each state keeping its own numbers", async () => {
    const cache = tagCache()
    const ids = Array.from({ length: 40 }, (_, i) => `item${i}`)
    const db = inventory(Object.fromEntries(ids.map((id) => [id, 100])))
    const server = ledger(cache, db)
    const states = [await server.get()]
    for (let order = 0; order < 12; order++) {
      db.write(ids[order % 5], 99 - order) // five items sold again and again
      await cache.clear({ tags: ["catalog:stock"] })
      states.push(await server.get())
    }
    states.forEach((state, order) => {
      const expected = Object.fromEntries(ids.map((id) => [id, 100]))
      for (let earlier = 0; earlier < order; earlier++) expected[ids[earlier % 5]] = 99 - earlier
      expect(units(state, ...ids)).toEqual(expected)
    })
    expect(db.reads.all).toBe(1)
  })

  it("keeps the same version when the changed items read back unchanged", async () => {
    const cache = tagCache()
    const db = inventory({ a: 5 })
    const server = ledger(cache, db)
    const before = await server.get()
    db.write("a", 5) // written, same number (e.g. a reservation made and released)
    await cache.clear({ tags: ["catalog:stock"] })
    const after = await server.get()
    expect(after.version).toBe(before.version)
    expect(db.reads.changed).toHaveLength(1)
  })
})
