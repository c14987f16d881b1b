/**
 * The storefront's cart cookie and the checkout form's attempt token (issue 21, decision 0046):
 * a browser holds a cart only through a cookie the storefront signed, and "already ordered" is
 * answered only to a form the storefront issued for that cart.
 */
import { beforeAll, describe, expect, it } from "vitest"

process.env.SESSION_SECRET ||= "unit-test-session-secret-0123456789"

const { cartIdCookie, cartIdOf, clearCartCookie } = await import("~/lib/data/cart.server")
const { issueAttemptToken, validAttemptToken } = await import("~/lib/checkout-attempt.server")

const CART = "cart_01ARZ3NDEKTSV4RRFFQ69G5FAV"
const OTHER_CART = "cart_01BX5ZZKBKACTAV9WEVGEMMVRZ"
const withCookie = (cookie: string) => new Request("http://store.test/checkout", { headers: { Cookie: cookie } })
/** The cookie as the storefront wrote it before it was signed (and as anyone can write it). */
const unsigned = (id: string) => `cart_id=${encodeURIComponent(Buffer.from(JSON.stringify(id)).toString("base64"))}`

describe("the cart_id cookie", () => {
  let signed: string
  beforeAll(async () => {
    signed = (await cartIdCookie().serialize(CART)).split(";")[0]
  })

  it("names the cart the storefront set, HttpOnly, SameSite=Lax, for 30 days", async () => {
    const header = await cartIdCookie().serialize(CART)
    expect(header).toMatch(/HttpOnly/)
    expect(header).toMatch(/SameSite=Lax/)
    expect(header).toMatch(/Max-Age=2592000/)
    expect(await cartIdOf(withCookie(signed))).toBe(CART)
  })

  it("is no cart when it was not signed by this storefront: an unsigned (old or forged) id, or a signature for another id", async () => {
    expect(await cartIdOf(withCookie(unsigned(CART)))).toBeNull()
    const [value, signature] = decodeURIComponent(signed.split("=")[1]).split(".")
    expect(value).toBeTruthy()
    const forged = `${Buffer.from(JSON.stringify(OTHER_CART)).toString("base64")}.${signature}`
    expect(await cartIdOf(withCookie(`cart_id=${encodeURIComponent(forged)}`))).toBeNull()
    expect(await cartIdOf(withCookie("cart_id=garbage"))).toBeNull()
  })

  it("is cleared once an order is placed", async () => {
    const header = await clearCartCookie()
    expect(header).toMatch(/^cart_id=/)
    expect(header).toMatch(/Max-Age=0/)
  })
})

describe("the checkout form's attempt token", () => {
  it("is valid for the cart it was issued for only, and does not show the cart's id", () => {
    const token = issueAttemptToken(CART)
    expect(token).not.toContain("cart_")
    expect(token).not.toContain(CART.slice(5))
    expect(validAttemptToken(token, CART)).toBe(true)
    expect(validAttemptToken(token, OTHER_CART)).toBe(false)
    // Each form gets its own.
    expect(issueAttemptToken(CART)).not.toBe(token)
  })

  it("cannot be made without the storefront's secret", () => {
    const [nonce, signature] = issueAttemptToken(CART).split(".")
    expect(validAttemptToken(`${nonce}x.${signature}`, CART)).toBe(false)
    expect(validAttemptToken(`${nonce}.${signature.slice(0, -2)}AA`, CART)).toBe(false)
    for (const garbage of [undefined, null, "", ".", `${nonce}.`, `${nonce}.${signature}.x`, CART, "x".repeat(300)]) {
      expect(validAttemptToken(garbage, CART)).toBe(false)
    }
  })
})
