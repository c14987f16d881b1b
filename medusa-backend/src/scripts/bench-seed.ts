/**
 * Benchmark catalogue (`npm run bench:seed`, never the development database):
 * the size of Medusa's published benchmarks, 500 products with 4-20 variants
 * each (~6,000), prices and stock, across the three categories; BENCH_PRODUCTS
 * sets another size (`npm run bench:growth` uses 5,000). Deterministic (fixed
 * random seed: a larger catalogue starts with the smaller one's products);
 * running it again adds nothing.
 */
import fs from "node:fs"
import path from "node:path"

import type { ExecArgs, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import { createInventoryLevelsWorkflow, createProductsWorkflow } from "@medusajs/medusa/core-flows"

import { productFlagsMetadata } from "../lib/catalog/product-flags"
import { STORE } from "../shared/store-constants"
import { adminCredentialsFromEnv } from "./seed/admin-credentials"
import { ensureAdminUser } from "./seed/admin-user"
import { ensureCategories } from "./seed/catalog"
import { setupStore, type StoreSetup } from "./seed/store"

const BENCH_PRODUCTS = Number(process.env.BENCH_PRODUCTS || 500)
const BATCH = 25

/** mulberry32: a tiny deterministic PRNG, so every run builds the same catalogue. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const NAMES: Record<string, { words: string[]; forms: string[] }> = {
  "medical-weight-loss": {
    words: ["Semaglutide", "Tirzepatide", "Liraglutide", "Metabolic", "Lean", "GLP-1", "Satiety", "Fiber", "Protein", "Keto"],
    forms: ["Injection", "Pen", "Shake", "Capsules", "Powder", "Tablets", "Support Kit", "Bars"],
  },
  "diabetes-supplies": {
    words: ["GlucoCheck", "TrueSense", "OneStep", "Accura", "SteadyLine", "PrecisionPlus", "CarePoint", "FlexiFine"],
    forms: ["Test Strips", "Lancets", "Pen Needles", "Syringes", "Meter", "Sensor", "Prep Pads", "Glucose Gel"],
  },
  insulin: {
    words: ["Glargine", "Lispro", "Aspart", "Degludec", "Detemir", "Regular", "NPH", "Glulisine"],
    forms: ["Pen", "Vial", "KwikPen", "FlexTouch", "Cartridge", "Mix 70/30"],
  },
}

function buildCatalogue(): {
  category: string
  title: string
  handle: string
  prescription: boolean
  popular: boolean
  variants: { title: string; price: number; stock: number }[]
}[] {
  const rand = random(20261122)
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]
  const categories = Object.keys(NAMES)
  return Array.from({ length: BENCH_PRODUCTS }, (_, i) => {
    const category = categories[i % categories.length]
    const { words, forms } = NAMES[category]
    const title = `${pick(words)} ${pick(forms)} ${String(i + 1).padStart(3, "0")}`
    const base = Math.round((5 + rand() * 300) * 100) / 100
    const count = 4 + Math.floor(rand() * 17) // 4..20
    return {
      category,
      title,
      handle: `bench-${i + 1}`,
      prescription: rand() < 0.3,
      popular: rand() < 0.15,
      variants: Array.from({ length: count }, (_, v) => ({
        title: `Pack of ${(v + 1) * 10}`,
        price: Math.round(base * (1 + v * 0.6) * 100) / 100,
        stock: rand() < 0.12 ? 0 : Math.floor(rand() * 200),
      })),
    }
  })
}

async function createBatch(
  container: MedusaContainer,
  setup: StoreSetup,
  categoryIds: Record<string, string>,
  batch: ReturnType<typeof buildCatalogue>
) {
  const { result } = await createProductsWorkflow(container).run({
    input: {
      products: batch.map((p) => ({
        title: p.title,
        handle: p.handle,
        description: `${p.title}: benchmark catalogue item for load tests.`,
        status: ProductStatus.PUBLISHED,
        category_ids: [categoryIds[p.category]],
        metadata: productFlagsMetadata({ prescription: p.prescription, is_popular: p.popular }),
        shipping_profile_id: setup.shippingProfileId,
        sales_channels: [{ id: setup.salesChannelId }],
        options: [{ title: "Size", values: p.variants.map((v) => v.title) }],
        variants: p.variants.map((v, rank) => ({
          title: v.title,
          sku: `${p.handle}-${rank + 1}`,
          variant_rank: rank,
          manage_inventory: true,
          options: { Size: v.title },
          prices: [{ amount: v.price, currency_code: STORE.currency }],
        })),
      })),
    },
  })
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "product_variant",
    fields: ["sku", "inventory_items.inventory_item_id"],
    filters: { product_id: result.map((p) => p.id) },
  })
  const stockBySku = new Map(batch.flatMap((p) => p.variants.map((v, rank) => [`${p.handle}-${rank + 1}`, v.stock])))
  await createInventoryLevelsWorkflow(container).run({
    input: {
      inventory_levels: data.map((variant) => ({
        location_id: setup.stockLocationId,
        inventory_item_id: variant.inventory_items![0]!.inventory_item_id,
        stocked_quantity: stockBySku.get(variant.sku!) ?? 0,
      })),
    },
  })
}

export default async function benchSeed({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const started = Date.now()
  const setup = await setupStore(container)
  await ensureAdminUser(container, adminCredentialsFromEnv())
  const categoryIds = await ensureCategories(container)

  const catalogue = buildCatalogue()
  const existing = new Set(
    (
      await container.resolve(Modules.PRODUCT).listProducts({ handle: catalogue.map((p) => p.handle) }, { select: ["handle"], take: null })
    ).map((p) => p.handle)
  )
  const missing = catalogue.filter((p) => !existing.has(p.handle))
  for (let i = 0; i < missing.length; i += BATCH) {
    await createBatch(container, setup, categoryIds, missing.slice(i, i + BATCH))
    logger.info(`bench seed: ${Math.min(i + BATCH, missing.length)}/${missing.length} products`)
  }

  const dataDir = process.env.DATA_DIR || path.resolve(process.cwd(), "..", ".data", "bench")
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(path.join(dataDir, "publishable-key"), setup.publishableKey + "\n")
  const variants = catalogue.reduce((n, p) => n + p.variants.length, 0)
  logger.info(
    `Bench seed done: ${BENCH_PRODUCTS} products, ${variants} variants (${missing.length} products created) in ${((Date.now() - started) / 1000).toFixed(0)} s`
  )
}
