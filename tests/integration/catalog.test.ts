import { Modules } from "@medusajs/framework/utils"

import { readPublishedProducts } from "../../medusa-backend/src/lib/catalog/catalog"
import { SEED_PRODUCTS } from "../../medusa-backend/src/scripts/seed/catalog-data"
import { type CatalogListProduct, displayPrice } from "../../medusa-backend/src/shared/catalog"
import { placeOrder } from "../../medusa-backend/src/workflows/order/workflows/place-order"
import { orderInput, withSettings } from "./helpers"
import { integrationSuite } from "./suite"

integrationSuite({ catalogue: "seeded" }, ({ setup }, { getContainer, api }) => {
  const withKey = () => ({ "x-publishable-api-key": setup.publishableKey })
  const get = async (path: string) => (await api.get(path, { headers: withKey() })).data
  const fails = async (path: string, init?: { method?: "post"; body?: unknown; withoutKey?: boolean }) => {
    const options = { headers: init?.withoutKey ? {} : withKey(), validateStatus: () => true }
    return init?.method === "post" ? api.post(path, init.body, options) : api.get(path, options)
  }
  const semaglutide = async () => {
    const { products } = await get(`/store/catalog/products?search=Compounded%20Semaglutide`)
    return products[0] as CatalogListProduct
  }

  it("lists products in the spec's shape, 12 a page, with sellable stock and prices from Medusa", async () => {
    const page1 = await get("/store/catalog/products")
    expect(page1).toMatchObject({ count: SEED_PRODUCTS.length, page: 1, pages: Math.ceil(SEED_PRODUCTS.length / 12), limit: 12 })
    expect(page1.products).toHaveLength(12)
    const page3 = await get("/store/catalog/products?page=3")
    expect(page3.products).toHaveLength(SEED_PRODUCTS.length - 24)

    const product = await semaglutide()
    // Lists leave the description to the product's own page; a controlled substance's schedule says whether it is sold online (issue 25).
    expect(Object.keys(product).sort()).toEqual(
      [
        "id",
        "name",
        "category",
        "category_name",
        "image",
        "is_popular",
        "prescription",
        "controlled_schedule",
        "call_to_order",
        "variants",
      ].sort()
    )
    expect(product).toMatchObject({ controlled_schedule: null, call_to_order: false })
    expect(product).toMatchObject({ category_name: "Medical Weight Loss", is_popular: true, prescription: true })
    expect(product.image).toMatch(/^http:\/\/.+\.svg$/)
    expect(product.variants.map((v) => [v.name, v.price, v.stock])).toEqual([
      ["0.25 mg", 199, 40],
      ["0.5 mg", 249, 35],
      ["1 mg", 299, 25],
      ["1.7 mg", 349, 4],
      ["2.4 mg", 399, 0],
    ])
  })

  it("filters by category name or id, price bucket and search, and sorts by lowest in-stock price", async () => {
    const insulin = await get("/store/catalog/products?category=Insulin&limit=100")
    expect(insulin.count).toBe(SEED_PRODUCTS.filter((p) => p.category === "insulin").length)
    expect(insulin.products.every((p: CatalogListProduct) => p.category_name === "Insulin")).toBe(true)
    const byId = await get(`/store/catalog/products?category=${insulin.category.id}&limit=100`)
    expect(byId.count).toBe(insulin.count)

    const cheap = await get("/store/catalog/products?price=0-25&limit=100")
    expect(cheap.count).toBeGreaterThan(0)
    for (const p of cheap.products) expect(displayPrice(p)).toBeLessThan(25)

    const sorted = await get("/store/catalog/products?sort=price_asc&limit=100")
    const prices = sorted.products.map((p: CatalogListProduct) => displayPrice(p))
    expect(prices).toEqual([...prices].sort((a, b) => a - b))

    const popular = await get("/store/catalog/products?sort=popularity&limit=100")
    const flags = popular.products.map((p: CatalogListProduct) => p.is_popular)
    expect(flags.indexOf(false)).toBe(flags.filter(Boolean).length)

    const search = await get("/store/catalog/products?search=FLEXPEN&limit=100")
    expect(search.products.map((p: CatalogListProduct) => p.name).sort()).toEqual(
      ["NovoLog FlexPen (insulin aspart)", "ReliOn Novolin 70/30 FlexPen"].sort()
    )
    expect((await get("/store/catalog/products?category=No%20Such%20Category")).count).toBe(0)
  })

  it("reads the products a chunk at a time, each once and oldest first, as one read would", async () => {
    // A large catalogue is read in chunks (decision 0063): the seeded one, 7 at a time here.
    const whole = await readPublishedProducts(getContainer(), 10_000)
    const chunked = await readPublishedProducts(getContainer(), 7)
    expect(whole.length).toBeGreaterThan(14)
    expect(chunked.map((p) => p.id)).toEqual(whole.map((p) => p.id))
    expect(new Set(chunked.map((p) => p.id)).size).toBe(chunked.length)
    // Each with all its variants (in no particular order: the read model sorts them).
    const variantIds = (rows: typeof whole) => rows.map((p) => (p.variants ?? []).map((v) => v.id).sort())
    expect(variantIds(chunked)).toEqual(variantIds(whole))
    const created = chunked.map((p) => new Date(p.created_at).getTime())
    expect(created).toEqual([...created].sort((a, b) => a - b))
  })

  it("shows stock going down as orders reserve it", async () => {
    const before = await semaglutide()
    const dose = before.variants.find((v) => v.name === "1.7 mg")!
    await placeOrder(getContainer(), orderInput([[{ product_id: before.id, variant_id: dose.id }, 3]]))
    const after = await semaglutide()
    expect(after.variants.find((v) => v.name === "1.7 mg")!.stock).toBe(1)
  })

  it("returns one product, its categories with counts, and 404 for unknown ids", async () => {
    const product = await semaglutide()
    const { product: detail } = await get(`/store/catalog/products/${product.id}`)
    expect(detail).toEqual({ ...product, description: expect.stringContaining("semaglutide") })
    expect((await fails("/store/catalog/products/prod_does_not_exist")).status).toBe(404)

    const { categories } = await get("/store/catalog/categories")
    expect(categories.map((c: { name: string }) => c.name)).toEqual(["Medical Weight Loss", "Diabetes Supplies", "Insulin"])
    expect(categories.reduce((n: number, c: { product_count: number }) => n + c.product_count, 0)).toBe(SEED_PRODUCTS.length)
  })

  // Issue 20 (decision 0048): pictures stored by an earlier local run (another port, 127.0.0.1) are this
  // backend's uploads and must load from the public origin the storefront's policy allows.
  it("answers pictures stored under a loopback origin under BACKEND_PUBLIC_URL, and any other picture as stored", async () => {
    const { products } = await get("/store/catalog/products?limit=3")
    const [earlierRun, otherHost, seeded] = products as CatalogListProduct[]
    const productModule = getContainer().resolve(Modules.PRODUCT)
    await productModule.updateProducts(earlierRun.id, { thumbnail: "http://127.0.0.1:9100/static/1700000000000-strips.svg" })
    await productModule.updateProducts(otherHost.id, { thumbnail: "https://legacy.example.com/static/pens.svg" })
    await withSettings({ BACKEND_PUBLIC_URL: "https://api.shop.example" }, async () => {
      const image = async (id: string) => (await get(`/store/catalog/products/${id}`)).product.image
      expect(await image(earlierRun.id)).toBe("https://api.shop.example/static/1700000000000-strips.svg")
      expect(await image(otherHost.id)).toBe("https://legacy.example.com/static/pens.svg")
      // The seed's own pictures (stored under http://localhost:9000) move too.
      expect(seeded.image).toMatch(/^http:\/\/localhost:9000\/static\//)
      expect(await image(seeded.id)).toBe(seeded.image!.replace("http://localhost:9000", "https://api.shop.example"))
      const { products: listed } = await get("/store/catalog/products?limit=3")
      expect(listed.map((p: CatalogListProduct) => p.image)).toEqual([
        "https://api.shop.example/static/1700000000000-strips.svg",
        "https://legacy.example.com/static/pens.svg",
        await image(seeded.id),
      ])
    })
  })

  it("refuses bad input with 400, and needs the publishable key", async () => {
    expect((await fails("/store/catalog/products?sort=cheapest")).status).toBe(400)
    expect((await fails("/store/catalog/products", { withoutKey: true })).status).toBe(400)
  })
})
