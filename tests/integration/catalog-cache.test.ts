import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  deleteInventoryLevelsWorkflow,
  updateInventoryLevelsWorkflow,
  updateProductCategoriesWorkflow,
  updateProductsWorkflow,
  updateProductVariantsWorkflow,
} from "@medusajs/medusa/core-flows"

import { invalidateCatalog } from "../../medusa-backend/src/lib/catalog/catalog"
import type { CatalogProduct } from "../../medusa-backend/src/shared/catalog"
import { placeOrder } from "../../medusa-backend/src/workflows/order/workflows/place-order"
import { orderInput } from "./helpers"
import { integrationSuite } from "./suite"

// This suite tests the catalogue cache itself (the others run with it off).
process.env.CATALOG_CACHE = "on"

/** The tables the catalogue is read from (products, prices, categories, channels, stock). */
const CATALOGUE_TABLES = [
  "product",
  "product_variant",
  "image",
  "product_sales_channel",
  "product_variant_inventory_item",
  "product_variant_price_set",
  "price",
  "price_rule",
  "product_category",
  "price_list",
  "price_list_rule",
  "region",
  "sales_channel",
  "price_preference",
  "inventory_level",
]

integrationSuite({ catalogue: "seeded", staff: "signed-in" }, (suite, { getContainer }) => {
  const { call } = suite

  // The database is restored before each test, as the seed left it moments ago. Age its rows, as in a shop
  // set up yesterday, so that each process reads only what a test changes; then start from a cold cache.
  beforeEach(async () => {
    const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    for (const table of CATALOGUE_TABLES) await pg.raw(`UPDATE ${table} SET updated_at = updated_at - interval '1 day'`)
    await invalidateCatalog(getContainer(), "reread")
  })

  const semaglutide = async () => {
    const list = (await call<CatalogProduct[]>("GET", "/api/products/?search=Compounded%20Semaglutide")).body
    return list[0]
  }

  it("shows an order's reservation, a staff edit and a new product on the very next read", async () => {
    const before = await semaglutide()
    const dose = before.variants.find((v) => v.name === "1 mg")!
    expect(dose.stock).toBe(25)

    await placeOrder(getContainer(), orderInput([[{ product_id: before.id, variant_id: dose.id }, 4]]))
    expect((await semaglutide()).variants.find((v) => v.id === dose.id)!.stock).toBe(21)

    const edited = await call("PATCH", `/api/variants/${dose.id}/`, { token: suite.token, json: { name: "1 mg", price: 289.5, stock: 30 } })
    expect(edited.status).toBe(200)
    const after = (await semaglutide()).variants.find((v) => v.id === dose.id)!
    expect(after).toMatchObject({ price: 289.5, stock: 30 })

    const categories = (await call("GET", "/api/categories/")).body as { id: string; name: string }[]
    const created = await call("POST", "/api/products/", {
      token: suite.token,
      form: { name: "Cache Check Capsules", description: "Fresh", category: categories[0].id },
    })
    expect(created.status).toBe(201)
    const found = (await call<CatalogProduct[]>("GET", "/api/products/?search=Cache%20Check")).body
    expect(found.map((p) => p.id)).toEqual([created.body.id])
  })

  it("follows edits made elsewhere (Medusa Admin's workflows) through Medusa's events", async () => {
    const product = await semaglutide()
    await updateProductsWorkflow(getContainer()).run({
      input: { selector: { id: product.id }, update: { title: "Compounded Semaglutide Injection (renamed)" } },
    })
    let name = ""
    for (let i = 0; i < 50 && !name.endsWith("(renamed)"); i++) {
      name = (await call<CatalogProduct>("GET", `/api/products/${product.id}/`)).body.name
      if (!name.endsWith("(renamed)")) await new Promise((r) => setTimeout(r, 100))
    }
    expect(name).toBe("Compounded Semaglutide Injection (renamed)")
  })

  it("serves a price changed through Medusa's own variant workflow (as Medusa Admin does) on the next read", async () => {
    const product = await semaglutide()
    const dose = product.variants.find((v) => v.name === "1 mg")!
    await updateProductVariantsWorkflow(getContainer()).run({
      input: { selector: { id: dose.id }, update: { prices: [{ amount: 301.25, currency_code: "usd" }] } },
    })
    // Auto-invalidation runs as the event is emitted, without waiting for subscribers.
    let price = 0
    for (let i = 0; i < 10 && price !== 301.25; i++) {
      price = (await call<CatalogProduct>("GET", `/api/products/${product.id}/`)).body.variants.find((v) => v.id === dose.id)!.price
      if (price !== 301.25) await new Promise((r) => setTimeout(r, 100))
    }
    expect(price).toBe(301.25)
  })

  it("follows stock moved in Medusa Admin's inventory (a level's count, then the level removed), changing only that product", async () => {
    const product = await semaglutide()
    const dose = product.variants.find((v) => v.name === "1 mg")!
    const others = (await call<CatalogProduct[]>("GET", "/api/products/")).body.filter((p) => p.id !== product.id)
    const { data } = await getContainer()
      .resolve(ContainerRegistrationKeys.QUERY)
      .graph({ entity: "product_variant", fields: ["inventory_items.inventory.location_levels.*"], filters: { id: dose.id } })
    const level = (data[0] as any).inventory_items[0].inventory.location_levels[0]

    await updateInventoryLevelsWorkflow(getContainer()).run({
      input: { updates: [{ inventory_item_id: level.inventory_item_id, location_id: level.location_id, stocked_quantity: 40 }] },
    })
    const counted = await semaglutide()
    expect(counted.variants.find((v) => v.id === dose.id)!.stock).toBe(40 - Number(level.reserved_quantity))
    expect(counted.variants.filter((v) => v.id !== dose.id)).toEqual(product.variants.filter((v) => v.id !== dose.id))

    await deleteInventoryLevelsWorkflow(getContainer()).run({ input: { id: [level.id], force: true } })
    expect((await semaglutide()).variants.find((v) => v.id === dose.id)!.stock).toBe(0)
    expect((await call<CatalogProduct[]>("GET", "/api/products/")).body.filter((p) => p.id !== product.id)).toEqual(others)
  })

  it("follows Medusa Admin's product edits a product at a time: a category moved, unpublished and published, a category renamed", async () => {
    const all = async () => (await call<CatalogProduct[]>("GET", "/api/products/")).body
    const before = await all()
    const product = await semaglutide()
    const categories = (await call<{ id: string; name: string }[]>("GET", "/api/categories/")).body
    const other = categories.find((category) => category.id !== product.category)!

    await updateProductsWorkflow(getContainer()).run({ input: { selector: { id: product.id }, update: { category_ids: [other.id] } } })
    expect(await semaglutide()).toMatchObject({ category: other.id, category_name: other.name })

    await updateProductsWorkflow(getContainer()).run({ input: { selector: { id: product.id }, update: { status: "draft" } } })
    expect((await all()).map((p) => p.id)).toEqual(before.map((p) => p.id).filter((id) => id !== product.id))
    await updateProductsWorkflow(getContainer()).run({ input: { selector: { id: product.id }, update: { status: "published" } } })
    expect((await all()).map((p) => p.id)).toEqual(before.map((p) => p.id)) // back in its place: catalogue order is by creation

    await updateProductCategoriesWorkflow(getContainer()).run({
      input: { selector: { id: other.id }, update: { name: `${other.name} Renamed` } },
    })
    const renamed = await all()
    expect(renamed.find((p) => p.id === product.id)).toMatchObject({ category: other.id, category_name: `${other.name} Renamed` })
    expect(renamed.filter((p) => p.category === other.id).every((p) => p.category_name === `${other.name} Renamed`)).toBe(true)
  })
})
