import { updateProductsWorkflow, updateProductVariantsWorkflow } from "@medusajs/medusa/core-flows"

import { invalidateCatalog } from "../../medusa-backend/src/lib/catalog/catalog"
import type { CatalogProduct } from "../../medusa-backend/src/shared/catalog"
import { placeOrder } from "../../medusa-backend/src/workflows/order/workflows/place-order"
import { orderInput } from "./helpers"
import { integrationSuite } from "./suite"

// This suite tests the catalogue cache itself (the others run with it off).
process.env.CATALOG_CACHE = "on"

integrationSuite({ catalogue: "seeded", staff: "signed-in" }, (suite, { getContainer }) => {
  const { call } = suite

  // The database is restored before each test; start each one from a cold cache.
  beforeEach(() => invalidateCatalog(getContainer()))

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
})
