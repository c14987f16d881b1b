/**
 * The storefront's cart cookie and the checkout form's attempt token (issue 21, decision 0046):
 * a browser holds a cart only through a cookie the storefront signed, and "already ordered" is
 * answered only to a form the storefront issued for that cart.
 */
import { beforeAll, describe, expect, it } from "vitest"

process.env.SESSION_SECRET ||= "unit-test-session-secret-0123456789"

const { cartIdCookie, cartIdOf, clearCartCookie } = await import("~/lib/data/cart.server")
const { cartOfAttempt, issueAttemptToken, validAttemptToken } = await import("~/modules/checkout/attempt.server")

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
  it("names the cart it was issued for, without showing its id", () => {
    const token = issueAttemptToken(CART)
    expect(token).not.toContain("cart_")
    expect(token).not.toContain(CART.slice(5))
    expect(cartOfAttempt(token)).toBe(CART)
    expect(validAttemptToken(token, CART)).toBe(true)
    expect(validAttemptToken(token, OTHER_CART)).toBe(false)
    // Each form gets its own.
    expect(issueAttemptToken(CART)).not.toBe(token)
  })

  it("cannot be made or changed without the storefront's secret", () => {
    const token = issueAttemptToken(CART)
    const flipped = `${token.slice(0, 20)}${token[20] === "A" ? "B" : "A"}${token.slice(21)}`
    expect(cartOfAttempt(flipped)).toBeNull()
    for (const garbage of [undefined, null, "", ".", CART, "x".repeat(300), Buffer.from(CART).toString("base64url")]) {
      expect(cartOfAttempt(garbage)).toBeNull()
    }
    const secret = process.env.SESSION_SECRET
    process.env.SESSION_SECRET = "another-storefront-secret-0123456789"
    try {
      const foreign = issueAttemptToken(CART)
      process.env.SESSION_SECRET = secret
      expect(cartOfAttempt(foreign)).toBeNull()
    } finally {
      process.env.SESSION_SECRET = secret
    }
  })
})
