import { describe, expect, it } from "vitest"
import { parseLifetime, tokenLifetimes } from "../../medusa-backend/src/api/utils/api-tokens"
import { throttleSettings } from "../../medusa-backend/src/api/utils/login-throttle"
import { listOf, readLegacySource } from "../../migrations/legacy-import/source"

describe("token lifetimes and sign-in limits from the environment", () => {
  it("default to 15 minutes (access) and 7 days (refresh), and accept seconds or s/m/h/d", () => {
    expect(tokenLifetimes({})).toEqual({ access: 900, refresh: 604800 })
    expect(tokenLifetimes({ API_ACCESS_TOKEN_TTL: "5m", API_REFRESH_TOKEN_TTL: "1d" })).toEqual({ access: 300, refresh: 86400 })
    expect(parseLifetime("90", 1)).toBe(90)
    expect(parseLifetime("12h", 1)).toBe(43200)
    expect(parseLifetime("", 42)).toBe(42)
    expect(() => parseLifetime("soon", 1)).toThrow('Invalid token lifetime "soon"')
    expect(() => parseLifetime("0", 1)).toThrow("at least one second")
  })

  it("sign-in limits default to 5 per client and 20 per account in 15 minutes", () => {
    expect(throttleSettings({})).toEqual({ maxPerClient: 5, maxPerAccount: 20, windowSeconds: 900 })
    expect(throttleSettings({ API_LOGIN_MAX_FAILURES: "3", API_LOGIN_WINDOW_SECONDS: "60", API_LOGIN_MAX_FAILURES_PER_ACCOUNT: "x" })).toEqual({
      maxPerClient: 3,
      maxPerAccount: 20,
      windowSeconds: 60,
    })
  })
})

describe("reading a legacy catalogue", () => {
  it("accepts the list shapes legacy answers come in (spec §8)", () => {
    expect(listOf([1, 2])).toEqual({ items: [1, 2], next: null })
    expect(listOf({ count: 3, next: "http://x/api/products/?page=2", results: [1] })).toEqual({ items: [1], next: "http://x/api/products/?page=2" })
    expect(listOf({ products: [1] }).items).toEqual([1])
    expect(listOf({ whatever: [1, 2, 3] }).items).toEqual([1, 2, 3])
    expect(() => listOf({ detail: "nope" })).toThrow("No array found")
  })

  it("follows pages and makes relative picture URLs absolute", async () => {
    const pages: Record<string, unknown> = {
      "https://legacy.example.com/api/categories/": [{ id: 1, name: "Insulin" }],
      "https://legacy.example.com/api/products/": { next: "/api/products/?page=2", results: [{ id: 1, image: "/media/a.png" }] },
      "https://legacy.example.com/api/products/?page=2": { next: null, results: [{ id: 2, image: "https://cdn.example.com/b.jpg" }, { id: 3, image: null }] },
    }
    const fetcher = (async (url: string) => new Response(JSON.stringify(pages[url]), { status: pages[url] ? 200 : 404 })) as typeof fetch
    const data = await readLegacySource("https://legacy.example.com/api/", fetcher)
    expect(data).toEqual({
      categories: [{ id: 1, name: "Insulin" }],
      products: [
        { id: 1, image: "https://legacy.example.com/media/a.png" },
        { id: 2, image: "https://cdn.example.com/b.jpg" },
        { id: 3, image: null },
      ],
    })
    await expect(readLegacySource("https://legacy.example.com/broken", fetcher)).rejects.toThrow("answered 404")
  })
})
