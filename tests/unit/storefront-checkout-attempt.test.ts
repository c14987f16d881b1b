// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest"
import { attemptFor, finishAttempt, newIdempotencyKey, renewAttempt } from "~/lib/checkout-attempt"
import { BILLING_STORAGE_KEY, loadBilling, rememberBilling } from "~/lib/checkout-billing"
import { idempotencyKeySchema } from "@shared/schemas/order"

const cartA = JSON.stringify([["prod_1", "var_1", 2]])
const cartB = JSON.stringify([["prod_1", "var_1", 3]])

describe("the checkout attempt (one Idempotency-Key per cart)", () => {
  afterEach(() => {
    sessionStorage.clear()
    localStorage.clear()
  })

  it("makes keys the backend accepts, different every time", () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey))
    expect(keys.size).toBe(50)
    for (const key of keys) expect(idempotencyKeySchema.safeParse(key).success).toBe(true)
  })

  it("keeps the key for the same cart (double click, retry, reload) and makes a new one when the cart changes", () => {
    const first = attemptFor(cartA)
    expect(attemptFor(cartA)).toEqual(first)
    expect(JSON.parse(sessionStorage.getItem("checkout-attempt")!)).toEqual(first)
    const changed = attemptFor(cartB)
    expect(changed.key).not.toBe(first.key)
    expect(attemptFor(cartB)).toEqual(changed)
  })

  it("renews the key on demand and ends an attempt once, for its own key only", () => {
    const first = attemptFor(cartA)
    const renewed = renewAttempt(cartA)
    expect(renewed.key).not.toBe(first.key)
    expect(finishAttempt(first.key)).toBe(false)
    expect(finishAttempt(renewed.key)).toBe(true)
    expect(finishAttempt(renewed.key)).toBe(false) // a reload of the confirmation clears nothing again
    expect(sessionStorage.getItem("checkout-attempt")).toBeNull()
  })

  it("ignores what it cannot read in sessionStorage", () => {
    sessionStorage.setItem("checkout-attempt", JSON.stringify({ key: "short", fingerprint: cartA }))
    expect(attemptFor(cartA).key).not.toBe("short")
    sessionStorage.setItem("checkout-attempt", "{broken")
    expect(attemptFor(cartA).key).toMatch(/^checkout-[0-9a-f]{32}$/)
  })
})

describe("save info", () => {
  afterEach(() => localStorage.clear())

  const form = (fields: Record<string, string>) => {
    const data = new FormData()
    for (const [name, value] of Object.entries(fields)) data.set(name, value)
    return data
  }

  it("remembers the billing details when ticked, without payment method or discount code, and forgets them when not", () => {
    rememberBilling(
      form({
        saveInfo: "on",
        firstName: " Ada ",
        email: "ada@example.com",
        paymentMethod: "chime",
        discountCode: "DISCOUNT10",
        company: "",
      })
    )
    expect(JSON.parse(localStorage.getItem(BILLING_STORAGE_KEY)!)).toEqual({
      firstName: "Ada",
      email: "ada@example.com",
    })
    expect(loadBilling()).toEqual({ firstName: "Ada", email: "ada@example.com" })
    rememberBilling(form({ firstName: "Ada" }))
    expect(localStorage.getItem(BILLING_STORAGE_KEY)).toBeNull()
    expect(loadBilling()).toBeNull()
  })
})
