/**
 * Sellable stock per inventory item (stocked minus reserved over every location) for the catalogue
 * read model, kept in each server process's memory and brought up to date with only the items whose
 * inventory levels changed since its last read (decision 0064). An order reserves a few items; reading
 * those few costs the same at 500 or 5 000 products, where re-reading all of them did not.
 *
 * When: see ../change-ledger.ts; the stock's marker carries CATALOG_TAGS.stock.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { ChangeLedger, type ChangeLedgerOptions, type LedgerCache } from "../change-ledger"

type SellableRow = { inventory_item_id: string; sellable: string | number | null }

async function readSellable(container: MedusaContainer, sql: string, bindings: Date[] = []): Promise<Map<string, number>> {
  const { rows } = await container.resolve(ContainerRegistrationKeys.PG_CONNECTION).raw<{ rows: SellableRow[] }>(sql, bindings)
  return new Map(rows.map((row) => [row.inventory_item_id, Number(row.sellable ?? 0)]))
}

/**
 * Every item's sellable stock: one aggregate over the inventory module's levels, read only
 * (decision 0062: Medusa's `listInventoryLevels` builds an ORM entity per level).
 */
export function readSellableStock(container: MedusaContainer): Promise<Map<string, number>> {
  return readSellable(
    container,
    `SELECT inventory_item_id, SUM(stocked_quantity - reserved_quantity) AS sellable
       FROM inventory_level WHERE deleted_at IS NULL GROUP BY inventory_item_id`
  )
}

/**
 * The sellable stock of the items with a level written or deleted since `since`: all their live levels
 * again (an item whose last level was deleted has 0).
 */
export function readChangedStock(container: MedusaContainer, since: Date): Promise<Map<string, number>> {
  return readSellable(
    container,
    `SELECT changed.inventory_item_id, COALESCE(SUM(level.stocked_quantity - level.reserved_quantity), 0) AS sellable
       FROM (SELECT DISTINCT inventory_item_id FROM inventory_level WHERE updated_at >= ? OR deleted_at >= ?) changed
       LEFT JOIN inventory_level level ON level.inventory_item_id = changed.inventory_item_id AND level.deleted_at IS NULL
      GROUP BY changed.inventory_item_id`,
    [since, since]
  )
}

/** Sellable units per inventory item id. */
export type StockLookup = { get(itemId: string): number | undefined }

/**
 * The stock as a full read and the changes read since: a copy of 60 000 entries per order cost ~10 ms
 * (decision 0064). The changes are folded into a new full map once they grow past a tenth of it.
 */
class LayeredStock implements StockLookup {
  constructor(
    readonly full: ReadonlyMap<string, number>,
    readonly changes: ReadonlyMap<string, number> = new Map()
  ) {}

  get(itemId: string) {
    return this.changes.has(itemId) ? this.changes.get(itemId) : this.full.get(itemId)
  }

  with(changes: Iterable<[string, number]>): LayeredStock {
    const merged = new Map([...this.changes, ...changes])
    return merged.size > this.full.size / 10 ? new LayeredStock(new Map([...this.full, ...merged])) : new LayeredStock(this.full, merged)
  }
}

/**
 * One state of the stock. `version` counts this process's changes to it; `changes` names the items
 * that differ from version `from` (after a read of the changes), so the catalogue re-merges only
 * their products. Null after a read of everything.
 */
export type StockState = {
  readonly stock: StockLookup
  readonly version: number
  readonly changes: { readonly from: number; readonly items: ReadonlySet<string> } | null
}

/**
 * The catalogue's stock, kept by each process and read again for the items whose levels changed
 * (../change-ledger.ts). Reads everything every five minutes, as long as the whole stock used to be
 * cached: the bound for a level removed outright (a failed workflow's rollback) or edited by hand.
 */
export function stockLedger(
  cache: LedgerCache,
  options: Pick<ChangeLedgerOptions<StockState>, "key" | "tags" | "ttlSeconds"> & {
    readAll: () => Promise<Map<string, number>>
    readChanged: (since: Date) => Promise<Map<string, number>>
  }
): ChangeLedger<StockState & { stock: LayeredStock }> {
  let versions = 0
  return new ChangeLedger<StockState & { stock: LayeredStock }>(cache, {
    ...options,
    fullReadMs: STOCK_FULL_READ_MS,
    readAll: async () => ({ stock: new LayeredStock(await options.readAll()), version: ++versions, changes: null }),
    readChanges: async (base, since) => {
      const read = await options.readChanged(since)
      const changed = [...read].filter(([id, sellable]) => base.stock.get(id) !== sellable)
      if (!changed.length) return base
      return {
        stock: base.stock.with(changed),
        version: ++versions,
        changes: { from: base.version, items: new Set(changed.map(([id]) => id)) },
      }
    },
  })
}

/** How often a process reads all the stock again. */
export const STOCK_FULL_READ_MS = 5 * 60_000
