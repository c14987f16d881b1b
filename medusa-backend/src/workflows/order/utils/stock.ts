/**
 * Stock rules of placing an order, shared by cart completion (any path) and
 * the legacy /api order checks.
 *
 * An order's reservation must never fail: Medusa 2.21's completeCartWorkflow
 * reserves stock inside a parallel batch, and a reservation that loses a race
 * there can leave an order behind without its stock and a stuck workflow
 * (medusajs/medusa#16825, decision 0018). So before anything is created, the
 * `validate` hook holds the order's stock (`holdStock`, decision 0065): under a
 * short lock per inventory item it re-reads the stock, takes off what other
 * orders being placed hold, and either writes this order's hold or waits for
 * theirs to end; the hold is deleted once Medusa has reserved the stock. Locks
 * come from Medusa's locking module (Redis across servers when REDIS_URL is
 * set); holds live in Postgres (the checkout module), seen by every server.
 */
import { setTimeout as delay } from "node:timers/promises"

import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"

import {
  availableUnits,
  isStockTracked,
  requiredUnits,
  sellableQuantity,
  VARIANT_STOCK_FIELDS,
  type VariantStockRow,
} from "../../../lib/catalog/inventory"
import { CHECKOUT_MODULE } from "../../../modules/checkout"
import type CheckoutModuleService from "../../../modules/checkout/service"
import { JUST_SOLD_OUT } from "./customer-facing-error"

const LOCK_WAIT_SECONDS = 60
/** A crashed server's locks and holds expire on their own. */
const LOCK_TTL_SECONDS = 120
/** How soon an order whose stock other orders hold looks again (their holds last the time to create an order). */
const HELD_RETRY_MS = 50

/**
 * With LOG_LEVEL=debug, how long each order waited for its stock locks and held them (the
 * benchmark reads these lines): when each owner got its keys.
 */
const heldSince = new Map<string, number>()
const debugLogger = (container: MedusaContainer) => {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  return logger.shouldLog("debug") ? logger : null
}

/** The stock locks of these inventory items (sorted: two orders never wait on each other). */
export const stockLockKeys = (inventoryItemIds: Iterable<string>) => [...new Set(inventoryItemIds)].sort().map((id) => `stock:${id}`)

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

type StockLink = NonNullable<NonNullable<VariantStockRow["inventory_items"]>[number]>
type VariantRow = Omit<VariantStockRow, "inventory_items"> & {
  id: string
  inventory_items?: ((StockLink & { inventory_item_id?: string | null }) | null)[] | null
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
    fields: [
      "id",
      "title",
      "product_id",
      "product.title",
      "product.status",
      "product.metadata",
      "inventory_items.inventory_item_id",
      ...VARIANT_STOCK_FIELDS,
    ],
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

/** Units of each inventory item the lines take, of variants whose stock Medusa tracks. */
function unitsPerItem(variants: Map<string, VariantRow>, lines: WantedLine[]): Map<string, number> {
  const units = new Map<string, number>()
  for (const line of lines) {
    const variant = variants.get(line.variant_id)
    if (!variant || !isStockTracked(variant)) continue
    for (const link of variant.inventory_items ?? []) {
      const item = link?.inventory_item_id
      if (item) units.set(item, (units.get(item) ?? 0) + Number(line.quantity) * requiredUnits(link.required_quantity))
    }
  }
  return units
}

/** Units of each inventory item not reserved yet: stocked minus reserved over every location. */
function availablePerItem(variants: Map<string, VariantRow>): Map<string, number> {
  const available = new Map<string, number>()
  for (const variant of variants.values()) {
    for (const link of variant.inventory_items ?? []) {
      if (link?.inventory_item_id) available.set(link.inventory_item_id, availableUnits(link))
    }
  }
  return available
}

const soldOut = () => new MedusaError(MedusaError.Types.NOT_ALLOWED, JUST_SOLD_OUT)

/**
 * Sets this order's stock aside before the order is created (decision 0065), or refuses it: not
 * enough stock is refused at once (checkLinesInStock, first without the lock, then under it);
 * stock that is there but held by other orders being placed is waited for (their holds end when
 * Medusa has reserved their stock, or their order failed), up to LOCK_WAIT_SECONDS. The lock is
 * held only for the read and the write of the hold, never while an order is created.
 */
export async function holdStock(container: MedusaContainer, lines: WantedLine[], owner: string): Promise<void> {
  const checkout = container.resolve<CheckoutModuleService>(CHECKOUT_MODULE)
  const started = Date.now()
  const deadline = started + LOCK_WAIT_SECONDS * 1000
  let variants = await checkLinesInStock(container, lines)
  for (;;) {
    const keys = stockLockKeys(unitsPerItem(variants, lines).keys())
    if (!keys.length) return
    await acquireStockLocks(container, keys, owner)
    let held = false
    try {
      variants = await checkLinesInStock(container, lines)
      const needed = unitsPerItem(variants, lines)
      // The variants' inventory items changed since the locks were chosen: choose again.
      if (stockLockKeys(needed.keys()).some((key) => !keys.includes(key))) continue
      const available = availablePerItem(variants)
      const heldByOthers = await checkout.heldByOthers([...needed.keys()], owner)
      // Two variants of the order drawing on one item: each alone fits, together they do not.
      if ([...needed].some(([item, units]) => units > (available.get(item) ?? 0))) throw soldOut()
      if ([...needed].every(([item, units]) => units <= (available.get(item) ?? 0) - (heldByOthers.get(item) ?? 0))) {
        const items = [...needed].map(([inventory_item_id, quantity]) => ({ inventory_item_id, quantity }))
        await checkout.holdStock(owner, items, new Date(Date.now() + LOCK_TTL_SECONDS * 1000))
        held = true
      }
    } finally {
      await releaseStockLocks(container, keys, owner)
    }
    if (held) {
      const logger = debugLogger(container)
      if (logger) {
        heldSince.set(`hold:${owner}`, Date.now())
        logger.debug(`stock hold ${keys.join(" ")}: waited ${Date.now() - started} ms`)
      }
      return
    }
    if (Date.now() >= deadline) throw busy()
    await delay(HELD_RETRY_MS)
  }
}

/** Gives back the stock `holdStock` set aside for `owner` (its order's stock is reserved, or it failed). */
export async function releaseStockHold(container: MedusaContainer, owner: string): Promise<void> {
  await container.resolve<CheckoutModuleService>(CHECKOUT_MODULE).releaseStockHolds(owner)
  const since = heldSince.get(`hold:${owner}`)
  if (since === undefined) return
  heldSince.delete(`hold:${owner}`)
  debugLogger(container)?.debug(`stock hold of ${owner}: held ${Date.now() - since} ms`)
}
