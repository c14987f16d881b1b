import { medusaIntegrationTestRunner } from "@medusajs/test-utils"

import { PRESCRIPTION_MODULE } from "../../medusa-backend/src/modules/prescription"
import type PrescriptionModuleService from "../../medusa-backend/src/modules/prescription/service"
import { seedAll } from "../../medusa-backend/src/scripts/seed"
import { SEED_CATEGORIES, SEED_PRODUCTS } from "../../medusa-backend/src/scripts/seed/catalog-data"
import { BACKEND_DIR } from "./helpers"

/** Row counts straight from the database, so the test doesn't trust the code it tests. */
async function catalogueCounts(db: { raw: (sql: string) => Promise<{ rows: { n: string }[] }> }) {
  const tables = {
    categories: "product_category",
    products: "product",
    variants: "product_variant",
    prices: "price",
    inventoryLevels: "inventory_level",
    regions: "region",
    taxRegions: "tax_region",
    stockLocations: "stock_location",
    shippingOptions: "shipping_option",
    apiKeys: "api_key",
    users: '"user"',
    salesChannels: "sales_channel",
  }
  const counts: Record<string, number> = {}
  for (const [name, table] of Object.entries(tables)) {
    const { rows } = await db.raw(`SELECT count(*) AS n FROM ${table} WHERE deleted_at IS NULL`)
    counts[name] = Number(rows[0].n)
  }
  return counts
}

medusaIntegrationTestRunner({
  cwd: BACKEND_DIR,
  testSuite: ({ getContainer, api, dbConnection }) => {
    it("creates the store, the catalogue with prices and stock, the key and the admin; a second run changes nothing", async () => {
      const container = getContainer()
      const first = await seedAll(container)
      const afterFirst = await catalogueCounts(dbConnection)

      expect(afterFirst.categories).toBe(SEED_CATEGORIES.length)
      expect(afterFirst.products).toBe(SEED_PRODUCTS.length)
      expect(SEED_PRODUCTS.length).toBeGreaterThanOrEqual(24)
      const variantCount = SEED_PRODUCTS.reduce((n, p) => n + p.variants.length, 0)
      expect(afterFirst.variants).toBe(variantCount)
      expect(afterFirst.inventoryLevels).toBe(variantCount)
      expect(afterFirst.users).toBe(1)
      expect(first.catalog.created).toBe(SEED_PRODUCTS.length)

      const second = await seedAll(container)
      expect(second.catalog.created).toBe(0)
      expect(second.setup).toEqual(first.setup)
      expect(await catalogueCounts(dbConnection)).toEqual(afterFirst)

      // The seeded admin is the new pharmacy's pharmacist, once; a role ops revoked is not granted again.
      const pharmacists = async () =>
        (await dbConnection.raw(`SELECT u.email, p.granted_by, p.deleted_at FROM pharmacist p JOIN "user" u ON u.id = p.user_id`)).rows
      expect(await pharmacists()).toEqual([{ email: "admin@example.com", granted_by: "seed", deleted_at: null }])
      const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
      const adminId = (await dbConnection.raw(`SELECT id FROM "user" WHERE email = 'admin@example.com'`)).rows[0].id
      await prescriptions.revokePharmacist(adminId, "cli:ops")
      await seedAll(container)
      expect(await prescriptions.isPharmacist(adminId)).toBe(false)

      // The publishable key lets a storefront read the seeded catalogue with prices and stock.
      const { data: regions } = await api.get("/store/regions", {
        headers: { "x-publishable-api-key": first.setup.publishableKey },
      })
      const region = regions.regions.find((r: { currency_code: string }) => r.currency_code === "usd")
      expect(region).toBeDefined()
      const { data } = await api.get(
        `/store/products?limit=100&region_id=${region.id}&fields=handle,metadata,*categories,*variants.calculated_price,variants.title,+variants.inventory_quantity`,
        { headers: { "x-publishable-api-key": first.setup.publishableKey } }
      )
      expect(data.count).toBe(SEED_PRODUCTS.length)
      const semaglutide = data.products.find((p: { handle: string }) => p.handle === "compounded-semaglutide-injection")
      expect(semaglutide.categories[0].handle).toBe("medical-weight-loss")
      expect(semaglutide.metadata).toMatchObject({ prescription: true, is_popular: true })
      const byTitle = Object.fromEntries(
        semaglutide.variants.map((v: { title: string; calculated_price: { calculated_amount: number }; inventory_quantity: number }) => [
          v.title,
          { price: v.calculated_price.calculated_amount, stock: v.inventory_quantity },
        ])
      )
      expect(byTitle["0.25 mg"]).toEqual({ price: 199, stock: 40 })
      expect(byTitle["2.4 mg"]).toEqual({ price: 399, stock: 0 })
    })

    it("seeds the shipping options and the refrigerated flag, also on a database seeded before them (decision 0059)", async () => {
      const container = getContainer()
      await seedAll(container)
      // A database from before: no cold-chain rule on Standard, no 2-Day option, no refrigerated flag on the insulin.
      await dbConnection.raw(`DELETE FROM shipping_option_rule WHERE attribute = 'cold_chain_required'`)
      await dbConnection.raw(
        `UPDATE shipping_option SET deleted_at = now() WHERE shipping_option_type_id IN (SELECT id FROM shipping_option_type WHERE code = 'two-day')`
      )
      await dbConnection.raw(`UPDATE product SET metadata = metadata - 'refrigerated' WHERE handle = 'lantus-solostar-pen'`)
      // Staff said "not refrigerated" for another: kept.
      await dbConnection.raw(`UPDATE product SET metadata = metadata || '{"refrigerated": false}' WHERE handle = 'humalog-kwikpen'`)
      await seedAll(container)

      const { rows: options } = await dbConnection.raw(
        `SELECT t.code, r.value #>> '{}' AS value FROM shipping_option o
           JOIN shipping_option_type t ON t.id = o.shipping_option_type_id
           JOIN shipping_option_rule r ON r.shipping_option_id = o.id AND r.attribute = 'cold_chain_required' AND r.deleted_at IS NULL
          WHERE o.deleted_at IS NULL ORDER BY t.code`
      )
      expect(options).toEqual([
        { code: "cold-chain", value: "true" },
        { code: "next-day", value: "false" },
        { code: "standard", value: "false" },
        { code: "two-day", value: "false" },
      ])
      const { rows: flags } = await dbConnection.raw(
        `SELECT handle, metadata->'refrigerated' AS refrigerated FROM product WHERE handle IN ('lantus-solostar-pen', 'humalog-kwikpen', 'wegovy-semaglutide-pen', 'onetouch-verio-test-strips') ORDER BY handle`
      )
      expect(flags).toEqual([
        { handle: "humalog-kwikpen", refrigerated: false },
        { handle: "lantus-solostar-pen", refrigerated: true },
        { handle: "onetouch-verio-test-strips", refrigerated: false },
        { handle: "wegovy-semaglutide-pen", refrigerated: true },
      ])
    })
  },
})
