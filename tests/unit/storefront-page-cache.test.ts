import { describe, expect, it } from "vitest"

import { createPageCache, isCacheable, isCacheablePath } from "../../storefront/server/page-cache.mjs"

type Page = { status: number; headers: [string, string][]; body: Buffer }
const page = (body: string, status = 200, headers: [string, string][] = []): Page => ({
  status,
  headers: [["content-type", "text/html"], ...headers],
  body: Buffer.from(body),
})

function setup(options: { ttlMs?: number; staleMs?: number; maxEntries?: number } = {}) {
  let time = 0
  const cache = createPageCache({ ttlMs: 2000, staleMs: 10_000, ...options, now: () => time })
  const renders: string[] = []
  const renderer =
    (body: string, status = 200, headers: [string, string][] = []) =>
    async () => {
      renders.push(body)
      return page(body, status, headers)
    }
  return { cache, renders, renderer, advance: (ms: number) => (time += ms) }
}

const text = (result: { page: Page }) => result.page.body.toString()

describe("the storefront's page micro-cache", () => {
  it("renders a page once and answers the same page within its lifetime", async () => {
    const { cache, renders, renderer, advance } = setup()
    expect(text(await cache.get("/shop", renderer("v1")))).toBe("v1")
    advance(1999)
    const again = await cache.get("/shop", renderer("v2"))
    expect([text(again), again.state]).toEqual(["v1", "hit"])
    expect(renders).toEqual(["v1"])
    // Another key is another page.
    expect(text(await cache.get("/shop?page=2", renderer("p2")))).toBe("p2")
  })

  it("after its lifetime, answers the old page once while one render replaces it", async () => {
    const { cache, renders, renderer, advance } = setup()
    await cache.get("/shop", renderer("v1"))
    advance(2500)
    const stale = await cache.get("/shop", renderer("v2"))
    expect([text(stale), stale.state]).toEqual(["v1", "stale"])
    await new Promise((resolve) => setImmediate(resolve))
    const fresh = await cache.get("/shop", renderer("v3"))
    expect([text(fresh), fresh.state]).toEqual(["v2", "hit"])
    expect(renders).toEqual(["v1", "v2"])
  })

  it("renders again, and waits for it, once a page is too old to show", async () => {
    const { cache, renderer, advance } = setup()
    await cache.get("/shop", renderer("v1"))
    advance(12_001)
    const result = await cache.get("/shop", renderer("v2"))
    expect([text(result), result.state]).toEqual(["v2", "miss"])
  })

  it("makes concurrent visitors of a missing page wait for a single render", async () => {
    const { cache } = setup()
    let renders = 0
    let finish: (p: Page) => void = () => {}
    const slow = () => {
      renders++
      return new Promise<Page>((resolve) => (finish = resolve))
    }
    const visitors = [cache.get("/", slow), cache.get("/", slow), cache.get("/", slow)]
    finish(page("home"))
    expect((await Promise.all(visitors)).map(text)).toEqual(["home", "home", "home"])
    expect(renders).toBe(1)
  })

  it("never keeps redirects, errors or answers that set a cookie", async () => {
    const { cache, renders, renderer } = setup()
    await cache.get("/shop", renderer("redirect", 302))
    await cache.get("/shop", renderer("down", 503))
    await cache.get("/shop", renderer("cookie", 200, [["set-cookie", "a=b"]]))
    await cache.get("/shop", renderer("ok"))
    expect(renders).toEqual(["redirect", "down", "cookie", "ok"])
  })

  it("forgets a page whose refresh is no longer a 200 (a deleted product)", async () => {
    const { cache, renderer, advance } = setup()
    await cache.get("/product/p1", renderer("product"))
    advance(3000)
    await cache.get("/product/p1", renderer("not found", 404))
    await new Promise((resolve) => setImmediate(resolve))
    const after = await cache.get("/product/p1", renderer("not found", 404))
    expect([text(after), after.page.status, after.state]).toEqual(["not found", 404, "miss"])
  })

  it("never keeps a page its route marked no-store (a page for one visitor), whatever its path", async () => {
    const { cache, renders, renderer } = setup()
    await cache.get("/", renderer("mine", 200, [["cache-control", "no-store"]]))
    await cache.get("/", renderer("mine again", 200, [["Cache-Control", "private, no-store"]]))
    await cache.get("/", renderer("shared", 200, [["cache-control", "private, no-cache"]]))
    const again = await cache.get("/", renderer("unused"))
    expect([text(again), again.state]).toEqual(["shared", "hit"])
    expect(renders).toEqual(["mine", "mine again", "shared"])
    expect(isCacheable(page("x", 200, [["cache-control", "public, max-age=60"]]))).toBe(true)
    expect(isCacheable(page("x", 200, [["cache-control", "max-age=0,no-store"]]))).toBe(false)
  })

  it("is asked only for the home page, the shop and product pages: never a guest's order pages or data routes", () => {
    for (const path of ["/", "/shop", "/product/prod_01ABC"]) expect(isCacheablePath(path), path).toBe(true)
    for (const path of [
      "/order-status/order_01JABCDEFGHJKMNPQRSTVWXYZ0.1790000000.1.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ",
      "/order-status",
      "/find-my-order",
      "/order-confirmation",
      "/checkout",
      "/shop.data",
      "/product/p1/extra",
      "/admin/order-details",
    ]) {
      expect(isCacheablePath(path), path).toBe(false)
    }
  })

  it("keeps at most maxEntries pages, dropping the oldest", async () => {
    const { cache, renders, renderer } = setup({ maxEntries: 2 })
    await cache.get("/a", renderer("a"))
    await cache.get("/b", renderer("b"))
    await cache.get("/c", renderer("c"))
    await cache.get("/a", renderer("a2"))
    expect(renders).toEqual(["a", "b", "c", "a2"])
  })
})
