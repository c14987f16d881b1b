import { describe, expect, it } from "vitest"

import { displayTotals, toCents } from "../../medusa-backend/src/shared/order-totals"

describe("order totals shown to people", () => {
  it("round Medusa's full-precision amounts to cents, half up", () => {
    expect(toCents(2.6664)).toBe(267)
    expect(toCents("1.005")).toBe(101)
    expect(toCents({ value: "35.9964" })).toBe(3600)
    expect(toCents(0)).toBe(0)
  })

  it("always satisfy total = subtotal + shipping + tax - discount", () => {
    const totals = displayTotals({
      item_subtotal: 33.33,
      discount_subtotal: 3.333,
      shipping_subtotal: 9.99,
      total: 33.33 - 3.333 + 9.99 + (33.33 - 3.333) * 0.08,
    })
    expect(totals).toEqual({ subtotal: 33.33, discount: 3.33, shipping: 9.99, tax: 2.4, total: 42.39 })
    const { subtotal, shipping, tax, discount, total } = totals
    expect(Math.round((subtotal + shipping + tax - discount) * 100)).toBe(Math.round(total * 100))
  })
})
