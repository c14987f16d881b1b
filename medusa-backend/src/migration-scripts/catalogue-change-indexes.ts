/**
 * Run once by `medusa db:migrate` (after the module migrations; Medusa records it in
 * `script_migrations`): indexes `updated_at` of the large tables the catalogue reads its changes from
 * (decision 0064), so a server reads what changed since its last read without scanning every
 * variant, price and inventory level. Medusa's modules own these tables; the indexes only add a way
 * to read them, and each table's `deleted_at` is indexed by Medusa already.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

export const CATALOGUE_CHANGE_TABLES = [
  "product",
  "product_variant",
  "product_sales_channel",
  "product_variant_inventory_item",
  "product_variant_price_set",
  "price",
  "inventory_level",
]

export default async function indexCatalogueChanges({ container }: { container: MedusaContainer }) {
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  for (const table of CATALOGUE_CHANGE_TABLES) {
    await pg.raw(`CREATE INDEX IF NOT EXISTS "IDX_${table}_updated_at" ON "${table}" (updated_at)`)
  }
  container.resolve(ContainerRegistrationKeys.LOGGER).info(`Catalogue change indexes: ${CATALOGUE_CHANGE_TABLES.length} tables.`)
}
