import { afterEach, describe, expect, it, vi } from "vitest"
import { Cached } from "../../medusa-backend/src/lib/cached"

/** A load whose answers the test releases one at a time, counting how often it ran. */
function controlledLoad() {
  const pending: ((value: number) => void)[] = []
  let calls = 0
  const load = () =>
    new Promise<number>((resolve) => {
      calls += 1
      pending.push(resolve)
    })
  return { load, resolveNext: (value: number) => pending.shift()!(value), calls: () => calls, waiting: () => pending.length }
}
const tick = () => new Promise((r) => setTimeout(r, 0))

describe("Cached (the catalogue cache's freshness rules)", () => {
  afterEach(() => vi.useRealTimers())

  it("loads once for concurrent readers and then serves from memory", async () => {
    const source = controlledLoad()
    const cache = new Cached(source.load, 60_000)
    const reads = Promise.all([cache.get(null), cache.get(null)])
    await tick()
    source.resolveNext(1)
    expect(await reads).toEqual([1, 1])
    expect(await cache.get(null)).toBe(1)
    expect(source.calls()).toBe(1)
  })

  it("never answers a read after a write with a load that started before the write", async () => {
    const source = controlledLoad()
    const cache = new Cached(source.load, 60_000)
    const first = cache.get(null)
    await tick()
    source.resolveNext(1)
    await first

    cache.invalidate() // write A
    const readAfterA = cache.get(null) // starts load #2
    await tick()
    cache.invalidate() // write B, while load #2 is still running
    const readAfterB = cache.get(null)
    source.resolveNext(2) // load #2 answers: good enough for the reader after A only
    expect(await readAfterA).toBe(2)
    await tick()
    expect(source.waiting()).toBe(1) // the reader after B waits for a load started after B
    source.resolveNext(3)
    expect(await readAfterB).toBe(3)
  })

  it("serves the stale value after the TTL while one reload runs in the background", async () => {
    vi.useFakeTimers()
    const source = controlledLoad()
    const cache = new Cached(source.load, 1_000)
    const first = cache.get(null)
    await Promise.resolve()
    source.resolveNext(1)
    expect(await first).toBe(1)
    vi.advanceTimersByTime(1_500)
    expect(await cache.get(null)).toBe(1) // stale, immediately
    expect(await cache.get(null)).toBe(1)
    expect(source.calls()).toBe(2) // one background reload, not one per read
    source.resolveNext(2)
    await Promise.resolve()
    await Promise.resolve()
    expect(await cache.get(null)).toBe(2)
  })

  it("reports a failed load to the reader who waits for it, then tries again", async () => {
    let fail = true
    const cache = new Cached(async () => {
      if (fail) throw new Error("database down")
      return 7
    }, 60_000)
    await expect(cache.get(null)).rejects.toThrow("database down")
    fail = false
    expect(await cache.get(null)).toBe(7)
  })
})
