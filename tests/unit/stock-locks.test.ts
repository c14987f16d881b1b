/**
 * Waiting for the per-variant stock locks (decision 0018, issue 26) on Medusa's own in-memory
 * locking provider: waiters are served in the order they came, as soon as a key is released,
 * and an order that gives up at the deadline keeps no key.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { afterEach, describe, expect, it, vi } from "vitest"

import { acquireStockLocks, releaseStockLocks } from "../../medusa-backend/src/workflows/order/utils/stock"

/** What acquireStockLocks resolves: the provider (Medusa's locking module hands calls straight to it) and a quiet logger. */
function containerWith(locking: InMemoryLockingProvider) {
  const logger = { shouldLog: () => false }
  return {
    resolve: (key: string) => (key === Modules.LOCKING ? locking : key === ContainerRegistrationKeys.LOGGER ? logger : undefined),
  } as unknown as MedusaContainer
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

afterEach(() => {
  vi.useRealTimers()
})

describe("stock locks", () => {
  it("hand a released key to the waiters in the order they came, at once", async () => {
    const locking = new InMemoryLockingProvider()
    const container = containerWith(locking)
    await acquireStockLocks(container, ["stock:a"], "first")
    const served: string[] = []
    const waiters = ["second", "third", "fourth"].map((owner) =>
      acquireStockLocks(container, ["stock:a"], owner).then(() => served.push(owner))
    )
    await settle()
    expect(served).toEqual([])
    for (const [holder, next] of [
      ["first", "second"],
      ["second", "third"],
      ["third", "fourth"],
    ]) {
      await releaseStockLocks(container, ["stock:a"], holder)
      await settle()
      expect(served.at(-1)).toBe(next)
    }
    await Promise.all(waiters)
    expect(served).toEqual(["second", "third", "fourth"])
  })

  it("refuse an order still waiting at the deadline, and give back every key it took once its queued acquisition ends", async () => {
    vi.useFakeTimers()
    const locking = new InMemoryLockingProvider()
    const container = containerWith(locking)
    await acquireStockLocks(container, ["stock:b"], "slow order")
    // Takes stock:a, then waits for stock:b.
    const gaveUp = acquireStockLocks(container, ["stock:a", "stock:b"], "patient order")
    const refusal = expect(gaveUp).rejects.toThrow("The store is busy with other orders for these products. Please try again.")
    await vi.advanceTimersByTimeAsync(60_000)
    await refusal

    await releaseStockLocks(container, ["stock:b"], "slow order")
    vi.useRealTimers()
    await settle()
    // Neither key is held any more: both are free for the next order at once.
    await expect(locking.acquire(["stock:a", "stock:b"], { ownerId: "next order" })).resolves.toBeUndefined()
  })
})
