/**
 * Shopper search through the Store API (issue 25 item 1, decision 0058), on the real Medusa with
 * the seeded catalogue: typos, relevance with the shop's filters, sort and paging, suggestions,
 * and clear 400s for a search too long.
 */
import { type CatalogListProduct, displayPrice } from "../../medusa-backend/src/shared/catalog"
import { integrationSuite } from "./suite"

integrationSuite({ catalogue: "seeded" }, ({ setup }, { api }) => {
  const get = async (path: string) =>
    api.get(path, { headers: { "x-publishable-api-key": setup.publishableKey }, validateStatus: () => true })
  const names = async (path: string) => {
    const response = await get(path)
    expect(response.status).toBe(200)
    return (response.data.products as CatalogListProduct[]).map((p) => p.name)
  }

  it("finds products despite typos, best match first, and nothing for nonsense", async () => {
    expect(await names("/store/catalog/products?search=ozempik")).toEqual(["Wegovy (semaglutide) Pen"])
    expect((await names("/store/catalog/products?search=tirzepatid")).slice(0, 2).sort()).toEqual([
      "Compounded Tirzepatide Injection",
      "Zepbound (tirzepatide) Pen",
    ])
    expect((await names("/store/catalog/products?search=pen%20needels"))[0]).toBe("BD Ultra-Fine Pen Needles")
    const none = await get("/store/catalog/products?search=xqzvbnm")
    expect(none.data).toMatchObject({ products: [], count: 0, page: 1, pages: 1 })
  })

  it("keeps the shop's category, price, sort and paging with a search", async () => {
    const insulin = await get("/store/catalog/products?search=insulin&limit=100")
    const inInsulin = await get("/store/catalog/products?search=insulin&category=Insulin&limit=100")
    expect(inInsulin.data.count).toBeGreaterThan(0)
    expect(inInsulin.data.count).toBeLessThan(insulin.data.count) // syringes, pen needles and the cooling case are supplies
    expect(inInsulin.data.products.every((p: CatalogListProduct) => p.category_name === "Insulin")).toBe(true)

    const byPrice = await get("/store/catalog/products?search=insulin&sort=price_asc&limit=100")
    const prices = byPrice.data.products.map((p: CatalogListProduct) => displayPrice(p))
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    expect(byPrice.data.count).toBe(insulin.data.count)
    // "relevance" and "default" are the same order with a search.
    expect(await names("/store/catalog/products?search=insulin&sort=relevance&limit=100")).toEqual(
      insulin.data.products.map((p: CatalogListProduct) => p.name)
    )

    const page2 = await get("/store/catalog/products?search=insulin&limit=5&page=2")
    expect(page2.data).toMatchObject({ page: 2, count: insulin.data.count, limit: 5 })
    expect(page2.data.products.map((p: CatalogListProduct) => p.name)).toEqual(
      insulin.data.products.slice(5, 10).map((p: CatalogListProduct) => p.name)
    )
  })

  it("suggests a few products while the shopper types", async () => {
    const typed = await get("/store/catalog/suggestions?q=tirz")
    expect(typed.status).toBe(200)
    expect(typed.data.products.length).toBeGreaterThan(0)
    expect(typed.data.products.length).toBeLessThanOrEqual(6)
    expect(typed.data.products[0]).toEqual({
      id: expect.any(String),
      name: expect.stringMatching(/tirzepatide/i),
      category_name: "Medical Weight Loss",
    })
    expect((await get("/store/catalog/suggestions?q=")).data).toEqual({ products: [] })
    expect((await get("/store/catalog/suggestions?q=xqzvbnm")).data).toEqual({ products: [] })
  })

  it("refuses a search longer than 100 characters with a clear 400", async () => {
    const long = "a".repeat(101)
    const list = await get(`/store/catalog/products?search=${long}`)
    expect(list.status).toBe(400)
    expect(JSON.stringify(list.data)).toContain("search must be at most 100 characters")
    const suggestions = await get(`/store/catalog/suggestions?q=${long}`)
    expect(suggestions.status).toBe(400)
    expect(JSON.stringify(suggestions.data)).toContain("q must be at most 100 characters")
    expect((await api.get("/store/catalog/suggestions?q=pen", { validateStatus: () => true })).status).toBe(400) // no publishable key
  })
})
