/**
 * Stock rules of placing an order, shared by cart completion (any path) and
 * the legacy /api order checks.
 *
 * Orders that draw on the same variants complete one at a time: Medusa 2.21's
 * completeCartWorkflow reserves stock inside a parallel batch, and a
 * reservation that loses a race there can leave an order behind without its
 * stock and a stuck workflow (medusajs/medusa#16825, decision 0018). Holding a
 * lock per variant from the `validate` hook until the order's stock is
 * reserved, and re-reading the stock under it, refuses the loser cleanly before
 * anything is created. Locks come from Medusa's locking module: Redis across
 * servers when REDIS_URL is set.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"

import { sellableQuantity, VARIANT_STOCK_FIELDS, type VariantStockRow } from "../../../lib/catalog/inventory"

const LOCK_WAIT_SECONDS = 60
/** A crashed server's locks expire on their own. */
const LOCK_TTL_SECONDS = 120

/**
 * With LOG_LEVEL=debug, how long each order waited for its stock locks and held them (the
 * benchmark reads these lines): when each owner got its keys.
 */
const heldSince = new Map<string, number>()
const debugLogger = (container: MedusaContainer) => {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  return logger.shouldLog("debug") ? logger : null
}

export const stockLockKeys = (variantIds: (string | null | undefined)[]) =>
  [...new Set(variantIds.filter((id): id is string => !!id))].sort().map((id) => `stock:${id}`)

/** Medusa's locking module hands `awaitQueue` on to its provider (both providers read it) but leaves it out of its types. */
type QueuingLocking = { acquire(key: string, args: { ownerId: string; expire: number; awaitQueue: true }): Promise<void> }

const busy = () => new MedusaError(MedusaError.Types.CONFLICT, "The store is busy with other orders for these products. Please try again.")

/**
 * Takes every key or none within LOCK_WAIT_SECONDS, waiting in line (decision 0018): one key at a
 * time in sorted order, so two orders never wait on each other, each with Medusa's `awaitQueue`.
 * The in-memory provider then hands a released key straight to the longest waiter, with no
 * sleeping and no newcomer going first; the Redis provider retries with its backoff. A queued
 * acquisition cannot be called off: at the deadline it is left to finish and its keys are given
 * back as soon as it does, as Medusa's own `execute` does, so `ownerId` must be unique to this
 * attempt.
 */
export async function acquireStockLocks(container: MedusaContainer, keys: string[], ownerId: string) {
  if (!keys.length) return
  const locking = container.resolve(Modules.LOCKING)
  const queuing: QueuingLocking = locking
  const started = Date.now()
  let gaveUp = false
  const acquisition = (async () => {
    for (const key of keys) {
      if (gaveUp) return
      await queuing.acquire(key, { ownerId, expire: LOCK_TTL_SECONDS, awaitQueue: true })
    }
  })()
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(busy()), LOCK_WAIT_SECONDS * 1000)
  })
  try {
    await Promise.race([acquisition, deadline])
  } catch (error) {
    gaveUp = true
    const giveBack = () => locking.release(keys, { ownerId })
    void acquisition.then(giveBack, giveBack)
    throw error
  } finally {
    clearTimeout(timer)
  }
  const logger = debugLogger(container)
  if (logger) {
    heldSince.set(ownerId, Date.now())
    logger.debug(`stock lock ${keys.join(" ")}: waited ${Date.now() - started} ms`)
  }
}

export async function releaseStockLocks(container: MedusaContainer, keys: string[], ownerId: string) {
  if (!keys.length) return
  await container.resolve(Modules.LOCKING).release(keys, { ownerId })
  const since = heldSince.get(ownerId)
  if (since === undefined) return
  heldSince.delete(ownerId)
  debugLogger(container)?.debug(`stock lock ${keys.join(" ")}: held ${Date.now() - since} ms`)
}

type VariantRow = VariantStockRow & {
  id: string
  title: string | null
  product_id: string | null
  product?: { title: string; status: string; metadata: Record<string, unknown> | null } | null
}

export type WantedLine = { variant_id: string; quantity: number }

/**
 * Reads the variants of these lines with their current stock; refuses unknown
 * variants, unpublished products and quantities over what can still be sold,
 * with messages a customer can act on.
 */
export async function checkLinesInStock(container: MedusaContainer, lines: WantedLine[]) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const ids = [...new Set(lines.map((line) => line.variant_id))]
  const { data } = await query.graph({
    entity: "product_variant",
    fields: ["id", "title", "product_id", "product.title", "product.status", "product.metadata", ...VARIANT_STOCK_FIELDS],
    filters: { id: ids },
  })
  const variants = new Map((data as VariantRow[]).map((v) => [v.id, v]))
  const wanted = new Map<string, number>()
  for (const line of lines) {
    const variant = variants.get(line.variant_id)
    if (!variant?.product) throw new MedusaError(MedusaError.Types.INVALID_DATA, "A product in your order is no longer available.")
    if (variant.product.status !== "published") {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `${variant.product.title} is no longer available`)
    }
    wanted.set(variant.id, (wanted.get(variant.id) ?? 0) + Number(line.quantity))
  }
  for (const [variantId, quantity] of wanted) {
    const variant = variants.get(variantId)!
    const available = sellableQuantity(variant)
    if (quantity > available) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Not enough stock for ${variant.product!.title} (${variant.title}): ${available} available`
      )
    }
  }
  return variants
}
