import { createRequire } from "node:module"
import path from "node:path"

import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, ProductStatus } from "@medusajs/framework/utils"
import { createInventoryLevelsWorkflow, createProductsWorkflow } from "@medusajs/medusa/core-flows"

import { productFlagsMetadata } from "../../medusa-backend/src/lib/catalog/product-flags"
import * as settingsInVitest from "../../medusa-backend/src/lib/config"
import { setupStore, type StoreSetup } from "../../medusa-backend/src/scripts/seed/store"
import type { PlaceOrderInput } from "../../medusa-backend/src/workflows/order/workflows/place-order"

/** The Medusa app under test: medusa-backend, with the top-level medusa-config.ts. */
export const BACKEND_DIR = path.resolve(__dirname, "../../medusa-backend")

export { setupStore, type StoreSetup }

/**
 * The backend reads its settings once (src/lib/config.ts, decision 0051). Runs `body` with these
 * settings, as a restarted backend would read them, then reads the previous ones again. Both copies
 * of the settings module are reloaded: the one the backend loaded (Node's require, through
 * ts-node) and vitest's own, which backend code imported by a test file (a job it runs) uses.
 */
export async function withSettings(values: Record<string, string>, body: () => Promise<void>) {
  const ofTheBackend = createRequire(__filename)("../../medusa-backend/src/lib/config") as typeof settingsInVitest
  const reload = () => [ofTheBackend, settingsInVitest].forEach((copy) => copy.reloadBackendConfig())
  const before = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]))
  Object.assign(process.env, values)
  try {
    reload()
    await body()
  } finally {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
    reload()
  }
}

let counter = 0

/** A published product with one variant at `price` dollars and `stock` units in the warehouse. */
export async function createTestProduct(
  container: MedusaContainer,
  setup: StoreSetup,
  {
    price,
    stock,
    prescription = false,
    refrigerated,
    title,
  }: { price: number; stock: number; prescription?: boolean; refrigerated?: boolean; title?: string }
) {
  counter += 1
  const name = title ?? `Test product ${counter}`
  const { result } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: name,
          handle: `test-product-${counter}-${Date.now()}`,
          status: ProductStatus.PUBLISHED,
          metadata: productFlagsMetadata({ prescription, is_popular: false, refrigerated }),
          shipping_profile_id: setup.shippingProfileId,
          sales_channels: [{ id: setup.salesChannelId }],
          options: [{ title: "Size", values: ["Standard"] }],
          variants: [
            {
              title: "Standard",
              sku: `TEST-${counter}-${Date.now()}`,
              manage_inventory: true,
              options: { Size: "Standard" },
              prices: [{ amount: price, currency_code: "usd" }],
            },
          ],
        },
      ],
    },
  })
  const product = result[0]
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "product_variant",
    fields: ["id", "inventory_items.inventory_item_id"],
    filters: { product_id: product.id },
  })
  await createInventoryLevelsWorkflow(container).run({
    input: {
      inventory_levels: [
        {
          location_id: setup.stockLocationId,
          inventory_item_id: data[0].inventory_items![0]!.inventory_item_id,
          stocked_quantity: stock,
        },
      ],
    },
  })
  return { product_id: product.id, variant_id: data[0].id, title: name, inventory_item_id: data[0].inventory_items![0]!.inventory_item_id }
}

/** A valid order payload for `placeOrder`, with `lines` of [product, quantity]. */
export function orderInput(
  lines: [{ product_id: string; variant_id: string }, number][],
  overrides: Partial<PlaceOrderInput> = {}
): PlaceOrderInput {
  return {
    email: "customer@example.com",
    phone: "555-123-4567",
    first_name: "Pat",
    last_name: "Lee",
    address: { address_1: "12 Elm Street", city: "Springfield", province: "Illinois", postal_code: "62704", country_code: "us" },
    shipping_address_text: "12 Elm Street, Springfield, Illinois 62704, United States",
    items: lines.map(([product, quantity]) => ({ product_id: product.product_id, variant_id: product.variant_id, quantity })),
    payment_method: "zelle",
    ...overrides,
  }
}

/** Stocked minus reserved, straight from the inventory tables. */
export async function sellable(db: { raw: (sql: string, bindings?: unknown[]) => Promise<{ rows: any[] }> }, inventoryItemId: string) {
  const { rows } = await db.raw(
    "SELECT COALESCE(SUM(stocked_quantity - reserved_quantity), 0) AS n FROM inventory_level WHERE inventory_item_id = ? AND deleted_at IS NULL",
    [inventoryItemId]
  )
  return Number(rows[0].n)
}

export async function countRows(db: { raw: (sql: string) => Promise<{ rows: any[] }> }, table: string) {
  const { rows } = await db.raw(`SELECT count(*) AS n FROM ${table} WHERE deleted_at IS NULL`)
  return Number(rows[0].n)
}

/** A product's option values and each variant's title and value, sorted: what the catalogue workflows keep consistent. */
export async function productOptions(container: MedusaContainer, productId: string) {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "product",
    fields: ["options.values.value", "variants.title", "variants.options.value"],
    filters: { id: productId },
  })
  const row = data[0] as any
  return {
    values: row.options.flatMap((o: any) => o.values.map((v: any) => v.value)).sort(),
    variants: row.variants.map((v: any) => [v.title, v.options.map((o: any) => o.value)]).sort(),
  }
}

/**
 * What `productOptions` answers for a product whose variants are named `names`, each variant's option
 * value being its name (as the catalogue workflows keep them), sorted as it sorts them.
 */
export function optionsNamedAfter(...names: string[]) {
  return { values: [...names].sort(), variants: names.map((name) => [name, [name]]).sort() }
}

/** A variant's inventory level at the warehouse: stocked and reserved units. */
export async function inventoryLevelOf(db: { raw: (sql: string, bindings?: unknown[]) => Promise<{ rows: any[] }> }, variantId: string) {
  const { rows } = await db.raw(
    `SELECT il.stocked_quantity, il.reserved_quantity FROM inventory_level il
       JOIN product_variant_inventory_item pvi ON pvi.inventory_item_id = il.inventory_item_id AND pvi.deleted_at IS NULL
      WHERE pvi.variant_id = ? AND il.deleted_at IS NULL`,
    [variantId]
  )
  return { stocked: Number(rows[0].stocked_quantity), reserved: Number(rows[0].reserved_quantity) }
}
