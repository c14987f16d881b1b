import { describe, expect, it } from "vitest"

import {
  addToCart,
  cartCount,
  type CartLine,
  type CartProduct,
  cartRequestLines,
  cartSignature,
  type CartVariant,
  parseCart,
  remainingStock,
  removeFromCart,
  updateQuantity,
} from "~/modules/cart/cart"

const product: CartProduct = {
  id: "prod_1",
  name: "Compounded Semaglutide Injection",
  category: "pcat_1",
  category_name: "Medical Weight Loss",
  image: null,
  prescription: true,
  is_popular: true,
}
const small: CartVariant = { id: "var_small", name: "0.25 mg", price: 199, stock: 4 }
const large: CartVariant = { id: "var_large", name: "1 mg", price: 299, stock: 25 }

describe("the shopper's cart (spec §3, §4)", () => {
  it("appends a new product + variant and grows an existing one by the added amount", () => {
    let { cart, added } = addToCart([], product, small, 2)
    expect(added).toBe(2)
    expect(cart).toHaveLength(1)
    expect(cart[0]).toMatchObject({ id: "prod_1", quantity: 2, selectedVariant: { id: "var_small", price: 199 } })
    ;({ cart, added } = addToCart(cart, product, small, 1))
    expect(added).toBe(1)
    expect(cart).toHaveLength(1)
    expect(cart[0].quantity).toBe(3)
    ;({ cart } = addToCart(cart, product, large, 1))
    expect(cart.map((line) => [line.selectedVariant.id, line.quantity])).toEqual([
      ["var_small", 3],
      ["var_large", 1],
    ])
    expect(cartCount(cart)).toBe(4)
  })

  it("never holds more of a variant than its stock, and says how many units went in", () => {
    let { cart, added } = addToCart([], product, small, 3)
    expect(remainingStock(cart, product, small)).toBe(1)
    ;({ cart, added } = addToCart(cart, product, small, 5))
    expect(added).toBe(1)
    expect(cart[0].quantity).toBe(4)
    const unchanged = addToCart(cart, product, small, 1)
    expect(unchanged.added).toBe(0)
    expect(unchanged.cart).toBe(cart)
    expect(addToCart([], product, { ...small, stock: 0 }, 1)).toEqual({ cart: [], added: 0 })
  })

  it("ignores quantity updates below 1 and stops at the stock", () => {
    const { cart } = addToCart([], product, small, 2)
    expect(updateQuantity(cart, product.id, small.id, 0)).toBe(cart)
    expect(updateQuantity(cart, product.id, small.id, -3)).toBe(cart)
    expect(updateQuantity(cart, product.id, small.id, Number.NaN)).toBe(cart)
    expect(updateQuantity(cart, product.id, small.id, 3)[0].quantity).toBe(3)
    expect(updateQuantity(cart, product.id, small.id, 99)[0].quantity).toBe(4)
    expect(updateQuantity(cart, product.id, "other", 3)).toEqual(cart)
  })

  it("removes exactly one product + variant line", () => {
    let { cart } = addToCart([], product, small, 1)
    ;({ cart } = addToCart(cart, product, large, 1))
    expect(removeFromCart(cart, product.id, small.id).map((l) => l.selectedVariant.id)).toEqual(["var_large"])
  })

  it("reads what localStorage holds leniently: garbage is an empty cart, bad lines are dropped", () => {
    expect(parseCart(null)).toEqual([])
    expect(parseCart("not json")).toEqual([])
    expect(parseCart('{"a":1}')).toEqual([])
    const stored = JSON.stringify([
      { ...product, selectedVariant: { id: "v1", name: "A", price: "19.99", stock: "7" }, quantity: 2 },
      { ...product, selectedVariant: { id: "v1", name: "A", price: 19.99, stock: 7 }, quantity: 1 }, // same line
      { ...product, selectedVariant: { id: "v2", name: "B", price: -1, stock: 3 }, quantity: 1 }, // bad price
      { ...product, selectedVariant: { id: "v3", name: "C", price: 5, stock: 3 }, quantity: 0 }, // bad quantity
      { name: "no id", selectedVariant: { id: "v4", price: 5 }, quantity: 1 },
      null,
      42,
    ])
    const cart = parseCart(stored)
    expect(cart).toHaveLength(1)
    expect(cart[0]).toMatchObject({ id: "prod_1", quantity: 3, selectedVariant: { id: "v1", price: 19.99, stock: 7 } })
  })

  it("describes its lines for the server by ids and quantities only", () => {
    const { cart } = addToCart([], product, small, 2)
    const lines = cartRequestLines(cart as CartLine[])
    expect(lines).toEqual([{ product_id: "prod_1", variant_id: "var_small", quantity: 2 }])
    expect(cartSignature(lines)).toBe('[["prod_1","var_small",2]]')
  })
})

describe("the cart's limits", () => {
  it("holds at most the backend's caps per line (10 prescription, 25 other) and sends at most 50 lines to the server", async () => {
    const { MAX_CART_LINES, lineLimit } = await import("~/modules/cart/cart")
    const { parseRequestedLines } = await import("~/modules/cart/cart-refresh")
    const line = ["p", "v", 100]
    expect(parseRequestedLines(JSON.stringify(Array(MAX_CART_LINES + 5).fill(line)))).toHaveLength(MAX_CART_LINES)
    expect(lineLimit(999, true)).toBe(10)
    expect(lineLimit(999, false)).toBe(25)
    expect(lineLimit(7.9, false)).toBe(7)
    expect(addToCart([], product, { ...large, stock: 999 }, 150).added).toBe(10)
    const strips = { ...product, id: "prod_strips", prescription: false }
    expect(addToCart([], strips, { ...large, stock: 999 }, 150).added).toBe(25)
    const { cart } = addToCart([], product, { ...large, stock: 999 }, 3)
    expect(updateQuantity(cart, product.id, large.id, 11)[0].quantity).toBe(10)
  })

  it("holds at most 50 units in all: the stepper offers only what the order cap leaves", () => {
    const otc = (id: string): CartProduct => ({ ...product, id, prescription: false })
    const variant = { ...large, stock: 999 }
    let { cart } = addToCart([], otc("a"), variant, 25)
    ;({ cart } = addToCart(cart, otc("b"), variant, 20))
    expect(cartCount(cart)).toBe(45)
    expect(remainingStock(cart, otc("c"), variant)).toBe(5)
    const third = addToCart(cart, otc("c"), variant, 25)
    expect(third.added).toBe(5)
    expect(cartCount(third.cart)).toBe(50)
    expect(remainingStock(third.cart, otc("d"), variant)).toBe(0)
    // Growing a line stops at the order's cap too.
    expect(updateQuantity(cart, "b", variant.id, 25).find((l) => l.id === "b")!.quantity).toBe(25)
    expect(updateQuantity(third.cart, "b", variant.id, 25).find((l) => l.id === "b")!.quantity).toBe(20)
  })
})
