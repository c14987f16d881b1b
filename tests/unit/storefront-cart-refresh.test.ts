import type { CatalogProduct } from "@shared/catalog"
import { describe, expect, it } from "vitest"

import { orderableLines, parseRequestedLines, refreshedSignature, refreshLines } from "~/modules/cart/cart-refresh"

const catalogue: CatalogProduct[] = [
  {
    id: "p1",
    name: "Test Strips",
    description: "",
    category: "c1",
    category_name: "Diabetes Supplies",
    image: "http://backend/static/strips.svg",
    is_popular: false,
    prescription: false,
    controlled_schedule: null,
    call_to_order: false,
    variants: [
      { id: "v50", name: "50 strips", price: 36.5, stock: 3 },
      { id: "v100", name: "100 strips", price: 64.99, stock: 0 },
    ],
  },
]

describe("refreshing the cart from the server (cart page)", () => {
  it("takes ids and whole quantities from the browser, nothing else", () => {
    expect(parseRequestedLines('[["p1","v50",2],["p1","v100",1.5],["p1","",1],[1,"v",1],"x",["p1","v50",0]]')).toEqual([
      { product_id: "p1", variant_id: "v50", quantity: 2 },
    ])
    expect(parseRequestedLines("nope")).toEqual([])
    expect(parseRequestedLines(null)).toEqual([])
    expect(parseRequestedLines(JSON.stringify(Array.from({ length: 80 }, (_, i) => ["p", `v${i}`, 1])))).toHaveLength(50)
  })

  it("uses the current price and stock, lowers quantities to the stock and flags what cannot be sold", () => {
    const lines = refreshLines(
      [
        { product_id: "p1", variant_id: "v50", quantity: 5 },
        { product_id: "p1", variant_id: "v100", quantity: 1 },
        { product_id: "gone", variant_id: "v1", quantity: 1 },
        { product_id: "p1", variant_id: "deleted", quantity: 1 },
      ],
      catalogue
    )
    expect(lines.map((l) => [l.status, l.quantity, l.adjusted])).toEqual([
      ["ok", 3, true],
      ["out_of_stock", 1, false],
      ["unavailable", 1, false],
      ["unavailable", 1, false],
    ])
    expect(lines[0].variant).toEqual({ id: "v50", name: "50 strips", price: 36.5, stock: 3 })
    expect(lines[0].product).toMatchObject({ id: "p1", name: "Test Strips", category_name: "Diabetes Supplies" })
    expect(lines[2].product).toBeNull()
    expect(orderableLines(lines).map((l) => l.variant_id)).toEqual(["v50"])
    expect(refreshedSignature(lines)).toBe('[["p1","v50",3],["p1","v100",1],["gone","v1",1],["p1","deleted",1]]')
  })

  it("flags a controlled substance kept in the cart from before as unavailable: it is not sold online (issue 25)", () => {
    const controlled: CatalogProduct = {
      ...catalogue[0],
      id: "p9",
      name: "Phentermine",
      prescription: true,
      controlled_schedule: "IV",
      call_to_order: true,
      variants: [{ id: "v9", name: "30 tablets", price: 39.99, stock: 50 }],
    }
    const lines = refreshLines([{ product_id: "p9", variant_id: "v9", quantity: 1 }], [...catalogue, controlled])
    expect(lines.map((l) => l.status)).toEqual(["unavailable"])
    expect(orderableLines(lines)).toEqual([])
  })
})
