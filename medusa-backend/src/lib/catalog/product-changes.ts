/**
 * What changed in the tables the catalogue's products part is read from, for a process that read it
 * before (decision 0064). Read only, like the stock's aggregate (decision 0062): Medusa's modules own
 * these tables, and every write through them sets `updated_at` (or `deleted_at`) on the rows it
 * touches. The catalogue reads the products that changed through Query again, as a full read does.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * Changes that reach products without touching their own rows: a category's name, a price list's
 * dates or rules, the region's currency, the sales channel, tax-inclusive pricing. Rare, and the
 * catalogue is read again whole.
 */
const WHOLE_CATALOGUE_TABLES = ["product_category", "price_list", "price_list_rule", "region", "sales_channel", "price_preference"]

/** A variant's product, looked up by id (a subquery per changed row: no scan of every variant). */
const productOfVariant = (variantId: string) => `(SELECT product_id FROM product_variant WHERE id = ${variantId})`
const variantOfPriceSet = (priceSetId: string) =>
  `(SELECT variant_id FROM product_variant_price_set WHERE price_set_id = ${priceSetId} AND deleted_at IS NULL LIMIT 1)`

/**
 * Each row source of a product, as the ids of the products whose rows changed since :since. The
 * timestamps are indexed (src/migration-scripts/catalogue-change-indexes.ts); linked rows are looked up
 * per changed row in subqueries, which Postgres cannot turn into scans of the linked tables.
 */
const PRODUCT_SOURCES = [
  "SELECT id AS product_id FROM product WHERE {changed}",
  "SELECT product_id FROM product_variant WHERE {changed}",
  "SELECT product_id FROM image WHERE {changed}",
  "SELECT product_id FROM product_sales_channel WHERE {changed}",
  `SELECT ${productOfVariant("link.variant_id")} FROM product_variant_inventory_item link WHERE {changed:link}`,
  `SELECT ${productOfVariant("link.variant_id")} FROM product_variant_price_set link WHERE {changed:link}`,
  `SELECT ${productOfVariant(variantOfPriceSet("price.price_set_id"))} FROM price WHERE {changed:price}`,
  `SELECT ${productOfVariant(variantOfPriceSet("(SELECT price_set_id FROM price WHERE id = price_rule.price_id)"))}
     FROM price_rule WHERE {changed:price_rule}`,
]

const changedSince = (table?: string) => {
  const column = (name: string) => (table ? `${table}.${name}` : name)
  return `(${column("updated_at")} >= :since OR ${column("deleted_at")} >= :since)`
}

const withChanged = (sql: string) => sql.replace(/\{changed(?::(\w+))?\}/g, (_, table?: string) => changedSince(table))

/** The products written since `since`, or `everything` when a change reaches products in bulk. */
export async function readProductChanges(
  container: MedusaContainer,
  since: Date
): Promise<{ everything: true } | { everything: false; productIds: string[] }> {
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const { rows: bulk } = await pg.raw<{ rows: { changed: boolean }[] }>(
    `SELECT ${WHOLE_CATALOGUE_TABLES.map((table) => `EXISTS (SELECT 1 FROM ${table} WHERE ${changedSince()})`).join(" OR ")} AS changed`,
    { since }
  )
  if (bulk[0]?.changed) return { everything: true }
  const { rows } = await pg.raw<{ rows: { product_id: string | null }[] }>(
    `SELECT product_id FROM (${PRODUCT_SOURCES.map(withChanged).join("\nUNION ")}) changed (product_id)`,
    { since }
  )
  return { everything: false, productIds: rows.flatMap((row) => row.product_id ?? []) }
}

/** Published products in catalogue order: oldest first. */
export async function readPublishedProductIds(container: MedusaContainer): Promise<string[]> {
  const { rows } = await container
    .resolve(ContainerRegistrationKeys.PG_CONNECTION)
    .raw<{ rows: { id: string }[] }>("SELECT id FROM product WHERE status = 'published' AND deleted_at IS NULL ORDER BY created_at, id")
  return rows.map((row) => row.id)
}

/**
 * Every product's categories. Product-to-category rows carry no timestamps, so the catalogue compares
 * them with what it holds (a few thousand rows, a few milliseconds).
 */
export async function readProductCategories(container: MedusaContainer): Promise<Map<string, Set<string>>> {
  const { rows } = await container
    .resolve(ContainerRegistrationKeys.PG_CONNECTION)
    .raw<{ rows: { product_id: string; product_category_id: string }[] }>(
      "SELECT product_id, product_category_id FROM product_category_product"
    )
  const categories = new Map<string, Set<string>>()
  for (const row of rows) {
    const set = categories.get(row.product_id)
    if (set) set.add(row.product_category_id)
    else categories.set(row.product_id, new Set([row.product_category_id]))
  }
  return categories
}
