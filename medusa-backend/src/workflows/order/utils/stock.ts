/**
 * Stock rules of placing an order, shared by cart completion (any path) and
 * the legacy /api order checks.
 *
 * Orders that draw on the same variants complete one at a time: Medusa 2.21's
 * completeCartWorkflow reserves stock inside a parallel batch, and a
 * reservation that loses a race there can leave an order behind without its
 * stock and a stuck workflow (medusajs/medusa#16825, decision 0018). Holding a
 * lock per variant from the `validate` hook until the order exists, and
 * re-reading the stock under it, refuses the loser cleanly before anything is
 * created. Locks come from Medusa's locking module: Redis across servers when
 * REDIS_URL is set.
 */
import { setTimeout as sleep } from "node:timers/promises"

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

/** Takes every key (sorted, so two orders never wait on each other) or none, within LOCK_WAIT_SECONDS. */
export async function acquireStockLocks(container: MedusaContainer, keys: string[], ownerId: string) {
  if (!keys.length) return
  const locking = container.resolve(Modules.LOCKING)
  const started = Date.now()
  const deadline = started + LOCK_WAIT_SECONDS * 1000
  for (;;) {
    try {
      await locking.acquire(keys, { ownerId, expire: LOCK_TTL_SECONDS })
      const logger = debugLogger(container)
      if (logger) {
        heldSince.set(ownerId, Date.now())
        logger.debug(`stock lock ${keys.join(" ")}: waited ${Date.now() - started} ms`)
      }
      return
    } catch {
      await locking.release(keys, { ownerId }) // whatever part of the set we got
      if (Date.now() >= deadline) {
        throw new MedusaError(MedusaError.Types.CONFLICT, "The store is busy with other orders for these products. Please try again.")
      }
      await sleep(100 + Math.random() * 150)
    }
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
