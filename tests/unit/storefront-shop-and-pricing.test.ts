import { STORE } from "@shared/store-constants"
import { describe, expect, it } from "vitest"

import { formatCents, formatPrice, toCents } from "~/lib/money"
import { safeRedirect } from "~/lib/safe-redirect"
import { hasActiveFilters, pageNumbers, parseShopParams, shopHref, shopSorts, shownSort, withFilter } from "~/modules/catalog/shop-params"
import { stockNotice } from "~/modules/catalog/stock"

describe("prices as shown", () => {
  it("are dollars with 2 decimals, from numbers or decimal strings", () => {
    expect(formatPrice(199)).toBe("$199.00")
    expect(formatPrice("1349.02")).toBe("$1,349.02")
    expect(formatPrice(Number.NaN)).toBe("$0.00")
    expect(formatCents(7501)).toBe("$75.01")
  })

  it("become whole cents without floating point drift", () => {
    expect(toCents(19.99) * 3).toBe(5997)
    expect(toCents("24.88")).toBe(2488)
    expect(toCents(1.005)).toBe(101)
  })
})

describe("stock notices (spec §9)", () => {
  it("say 'Out of stock' at 0 and 'Only {n} left in stock!' from 1 to the low-stock threshold", () => {
    expect(stockNotice(0).text).toBe("Out of stock")
    expect(stockNotice(1).text).toBe("Only 1 left in stock!")
    expect(stockNotice(STORE.lowStockThreshold).text).toBe(`Only ${STORE.lowStockThreshold} left in stock!`)
    expect(stockNotice(STORE.lowStockThreshold + 1)).toEqual({ text: "In stock", tone: "ok" })
  })
})

describe("the shop's URL state", () => {
  it("falls back to defaults for anything unknown", () => {
    expect(parseShopParams(new URLSearchParams("category=Insulin&price=25-50&sort=price_asc&page=2"))).toEqual({
      q: "",
      category: "Insulin",
      price: "25-50",
      sort: "price_asc",
      page: 2,
    })
    expect(parseShopParams(new URLSearchParams("price=cheap&sort=random&page=-1"))).toEqual({
      q: "",
      category: "",
      price: "all",
      sort: "default",
      page: 1,
    })
    expect(parseShopParams(new URLSearchParams("page=2.5")).page).toBe(1)
  })

  it("writes short, shareable URLs and resets to page 1 when a filter changes", () => {
    expect(shopHref({})).toBe("/shop")
    expect(shopHref({ category: "Diabetes Supplies", price: "all", sort: "default", page: 1 })).toBe("/shop?category=Diabetes+Supplies")
    const params = parseShopParams(new URLSearchParams("category=Insulin&sort=name_asc&page=3"))
    expect(withFilter(params, { price: "100-1000" })).toBe("/shop?category=Insulin&price=100-1000&sort=name_asc")
    expect(hasActiveFilters(params)).toBe(true)
    expect(hasActiveFilters({ ...params, category: "" })).toBe(false)
  })

  it("keeps a search in the URL with the filters, relevance being its default sort", () => {
    const params = parseShopParams(new URLSearchParams("q=%20pen%20%20needles%20&category=Diabetes%20Supplies&sort=relevance&page=2"))
    expect(params).toMatchObject({ q: "pen needles", category: "Diabetes Supplies", sort: "relevance", page: 2 })
    expect(shopHref(params)).toBe("/shop?q=pen+needles&category=Diabetes+Supplies&page=2")
    expect(withFilter(params, { price: "0-25" })).toBe("/shop?q=pen+needles&category=Diabetes+Supplies&price=0-25")
    expect(shownSort(params)).toBe("relevance")
    expect(shownSort({ q: "pen", sort: "default" })).toBe("relevance")
    expect(shownSort({ q: "", sort: "relevance" })).toBe("default")
    expect(shopSorts("pen").map((s) => s.value)).toEqual(["relevance", "popularity", "price_asc", "price_desc", "name_asc", "name_desc"])
    expect(shopSorts("").map((s) => s.value)).not.toContain("relevance")
    // Longer than the backend answers: cut, not an error page.
    expect(parseShopParams(new URLSearchParams(`q=${"a".repeat(500)}`)).q).toHaveLength(100)
  })

  it("numbers pages, leaving gaps only when there are many", () => {
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3])
    expect(pageNumbers(5, 10)).toEqual([1, "gap", 4, 5, 6, "gap", 10])
    expect(pageNumbers(1, 10)).toEqual([1, 2, "gap", 10])
    expect(pageNumbers(3, 10)).toEqual([1, 2, 3, 4, "gap", 10])
  })
})

describe("going back after the age check", () => {
  it("only ever goes to a path on this site", () => {
    expect(safeRedirect("/product/prod_1?x=1", "/shop")).toBe("/product/prod_1?x=1")
    for (const bad of ["//evil.example", "https://evil.example", "/\\evil.example", "shop", "", null, "/a\nb"]) {
      expect(safeRedirect(bad, "/shop")).toBe("/shop")
    }
    expect(safeRedirect("/age-check?redirectTo=/cart", "/shop", ["/age-check"])).toBe("/shop")
  })
})
