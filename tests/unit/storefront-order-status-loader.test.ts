import type { LoaderFunctionArgs } from "@remix-run/node"
import { ORDER_STATUS_NOT_FOUND_MESSAGE } from "@shared/dto/order-status"
import { afterEach, describe, expect, it, vi } from "vitest"

import { verifiedCookieHeader } from "~/lib/age-gate.server"
import { config } from "~/lib/config.server"
import { isStatusToken, orderStatusByToken, placedOrderStatus } from "~/lib/data/orders.server"
import { confirmationCookieHeader } from "~/modules/checkout/order-confirmation.server"
import { orderDateText, safeExternalUrl, tooManyTries } from "~/modules/orders/order-status"
import * as confirmationPage from "~/routes/order-confirmation/route"
import * as statusPage from "~/routes/order-status.$token/route"

import { backend, statusView, TOKEN } from "../support/order-status-fixtures"

const cookieOf = (setCookie: string) => setCookie.split(";")[0]

async function verifiedRequest(url: string) {
  const cookie = cookieOf(await verifiedCookieHeader(new Request("http://store.test/age-check")))
  return new Request(url, { headers: { Cookie: cookie } })
}

const args = async (token: string, cookie = true): Promise<LoaderFunctionArgs> => ({
  request: cookie
    ? await verifiedRequest(`http://store.test/order-status/${token}`)
    : new Request(`http://store.test/order-status/${token}`),
  params: { token },
  context: { clientAddress: "203.0.113.9" },
})

/** What the loader threw (a redirect Response, or a `data()` with its status). */
async function thrown(run: Promise<unknown>) {
  return run.then(
    () => null,
    (error: unknown) => error
  )
}

describe("the order status page's loader", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("reads the order by its token for this shopper, never cached or indexed", async () => {
    const calls = backend({ status: 200, body: { order: statusView() } })
    const result = await statusPage.loader(await args(TOKEN))
    expect(result.data.order.order_number).toBe("HH-7K3M-9Q2X")
    expect(new Headers(result.init?.headers).get("Cache-Control")).toBe("no-store")
    expect(new Headers(result.init?.headers).get("X-Robots-Tag")).toBe("noindex")
    expect(calls).toHaveLength(1)
    expect(calls[0].url).toBe(`${config.backendUrl}/store/order-status/${TOKEN}`)
    expect(calls[0].method).toBe("GET")
    expect(calls[0].headers.get("x-forwarded-for")).toBe("203.0.113.9")
  })

  it("sends a visitor who has not passed the age gate to it first, and back here after", async () => {
    const calls = backend({ status: 200, body: { order: statusView() } })
    const response = await thrown(statusPage.loader(await args(TOKEN, false)))
    expect(response).toBeInstanceOf(Response)
    expect((response as Response).status).toBe(302)
    expect((response as Response).headers.get("Location")).toBe(`/age-check?redirectTo=${encodeURIComponent(`/order-status/${TOKEN}`)}`)
    expect(calls).toHaveLength(0)
  })

  it("answers 404 for anything not shaped like a token, without asking the backend", async () => {
    const calls = backend({ status: 200, body: { order: statusView() } })
    for (const token of ["", "abc", `${TOKEN}x`, TOKEN.replace(".1.", ".x."), "../admin", `order_1.2.3.${"a".repeat(42)}`]) {
      expect(await thrown(statusPage.loader(await args(token))), token).toMatchObject({
        data: { problem: "not_found" },
        init: { status: 404 },
      })
    }
    expect(calls).toHaveLength(0)
  })

  it("answers 404 for a token the backend does not open, 429 with Retry-After when limited, 503 when it is down", async () => {
    backend({ status: 404, body: { type: "not_found", message: ORDER_STATUS_NOT_FOUND_MESSAGE } })
    expect(await thrown(statusPage.loader(await args(TOKEN)))).toMatchObject({ data: { problem: "not_found" }, init: { status: 404 } })

    backend({ status: 429, body: { type: "too_many_requests", message: "Too many requests" }, headers: { "Retry-After": "120" } })
    const limited = await thrown(statusPage.loader(await args(TOKEN)))
    expect(limited).toMatchObject({ data: { problem: "too_many", retryAfter: 120 }, init: { status: 429 } })
    expect(new Headers((limited as { init: ResponseInit }).init.headers).get("Retry-After")).toBe("120")

    const error = vi.spyOn(console, "error").mockImplementation(() => {})
    backend(new TypeError("fetch failed"))
    expect(await thrown(statusPage.loader(await args(TOKEN)))).toMatchObject({ data: { problem: "unavailable" }, init: { status: 503 } })
    backend({ status: 500, body: { message: "boom" } })
    expect(await thrown(statusPage.loader(await args(TOKEN)))).toMatchObject({ init: { status: 503 } })
    error.mockRestore()
  })

  it("sends no-store and noindex with every answer (problems too), and a robots meta tag", () => {
    const headers = statusPage.headers({
      loaderHeaders: new Headers(),
      parentHeaders: new Headers(),
      actionHeaders: new Headers(),
      errorHeaders: new Headers({ "Retry-After": "60", "Cache-Control": "public" }),
    })
    const answer = new Headers(headers)
    expect(answer.get("Cache-Control")).toBe("no-store")
    expect(answer.get("X-Robots-Tag")).toBe("noindex")
    expect(answer.get("Retry-After")).toBe("60")
    const meta = statusPage.meta({
      data: undefined,
      error: undefined,
      params: {},
      location: { pathname: "/order-status/x", search: "", hash: "", state: null, key: "k" },
      matches: [],
    })
    expect(meta).toContainEqual({ name: "robots", content: "noindex" })
  })
})

describe("the order status data layer", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("knows a token's shape: order id, expiry, key version and a 43-character MAC", () => {
    expect(isStatusToken(TOKEN)).toBe(true)
    expect(isStatusToken(`${TOKEN.slice(0, -1)}=`)).toBe(false)
    expect(isStatusToken(`a/b.1.1.${"a".repeat(43)}`)).toBe(false)
    expect(isStatusToken(null)).toBe(false)
  })

  it("encodes the token in the path and passes the shopper's headers", async () => {
    const calls = backend({ status: 200, body: { order: statusView() } })
    await orderStatusByToken("a b", { "x-forwarded-for": "198.51.100.7" })
    expect(calls[0].url).toBe(`${config.backendUrl}/store/order-status/a%20b`)
    expect(calls[0].headers.get("x-forwarded-for")).toBe("198.51.100.7")
  })

  it("asks which order a completed cart became, and its link's token; none when the backend knows none", async () => {
    const calls = backend({ status: 200, body: { token: TOKEN, order: statusView() } })
    await expect(placedOrderStatus("cart_01JABC", { "x-forwarded-for": "198.51.100.7" })).resolves.toMatchObject({ token: TOKEN })
    expect(calls[0].url).toBe(`${config.backendUrl}/store/order-status/carts/cart_01JABC`)
    expect(calls[0].headers.get("x-forwarded-for")).toBe("198.51.100.7")
    backend({ status: 404, body: { type: "not_found", message: "Not found" } })
    await expect(placedOrderStatus("cart_01JABC", {})).resolves.toBeNull()
    backend({ status: 200, body: { token: "not a token", order: statusView() } })
    await expect(placedOrderStatus("cart_01JABC", {})).resolves.toBeNull()
    backend({ status: 500, body: {} })
    await expect(placedOrderStatus("cart_01JABC", {})).rejects.toThrow()
  })

  it("words dates in the store's time zone, waits in minutes, and opens only http(s) links", () => {
    // 02:00 UTC on the 26th is still the 25th in New York.
    expect(orderDateText("2026-11-26T02:00:00.000Z")).toBe("November 25, 2026")
    expect(orderDateText(null)).toBe("")
    expect(orderDateText("soon")).toBe("")
    expect(tooManyTries(30)).toBe("Too many tries. Please wait 1 minute and try again.")
    expect(tooManyTries(600)).toBe("Too many tries. Please wait 10 minutes and try again.")
    expect(tooManyTries(null)).toBe("Too many tries. Please wait a few minutes and try again.")
    expect(safeExternalUrl("https://www.ups.com/track?tracknum=1Z")).toBe("https://www.ups.com/track?tracknum=1Z")
    expect(safeExternalUrl("javascript:alert(1)")).toBeNull()
    expect(safeExternalUrl("not a url")).toBeNull()
  })
})

describe("the confirmation page's current status (issue 23)", () => {
  afterEach(() => vi.unstubAllGlobals())

  const placed = {
    number: "HH-7K3M-9Q2X",
    email: "ada@example.com",
    shippingAddress: "12 Harbor Street, Boston, Massachusetts 02110, United States",
    paymentLabel: "Zelle",
    total: 59.97,
    shipping: null,
  }

  async function confirmationArgs(statusToken: string | null): Promise<LoaderFunctionArgs> {
    const age = cookieOf(await verifiedCookieHeader(new Request("http://store.test/age-check")))
    const order = cookieOf(await confirmationCookieHeader(new Request("http://store.test/checkout"), { ...placed, statusToken }))
    return {
      request: new Request("http://store.test/order-confirmation", { headers: { Cookie: `${age}; ${order}` } }),
      params: {},
      context: { clientAddress: "203.0.113.9" },
    }
  }

  it("reads the order's status with the cookie's token: how to pay while it is awaited, and the status page's link", async () => {
    const calls = backend({ status: 200, body: { order: statusView() } })
    const result = await confirmationPage.loader(await confirmationArgs(TOKEN))
    expect(result.data.order).toMatchObject({ id: "HH-7K3M-9Q2X", email: "ada@example.com" })
    expect(result.data.order).not.toHaveProperty("statusToken")
    expect(result.data.status?.payment?.pay_to).toBe("payments@example.com")
    expect(result.data.statusPath).toBe(`/order-status/${TOKEN}`)
    expect(new Headers(result.init?.headers).get("Cache-Control")).toBe("private, no-store")
    expect(calls[0].url).toBe(`${config.backendUrl}/store/order-status/${TOKEN}`)
    expect(calls[0].headers.get("x-forwarded-for")).toBe("203.0.113.9")

    // Paid since: a reload shows no payment block.
    backend({ status: 200, body: { order: statusView({ status_text: "Paid, preparing to ship", payment: null }) } })
    expect((await confirmationPage.loader(await confirmationArgs(TOKEN))).data.status?.payment).toBeNull()
  })

  it("still shows the order when the token opens nothing or the backend fails (never an error page), and asks nothing without a token", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {})
    for (const answer of [
      { status: 404, body: { type: "not_found", message: ORDER_STATUS_NOT_FOUND_MESSAGE } },
      { status: 429, body: { type: "too_many_requests", message: "Too many requests" } },
      { status: 500, body: {} },
      new TypeError("fetch failed"),
    ]) {
      backend(answer)
      const result = await confirmationPage.loader(await confirmationArgs(TOKEN))
      expect(result.data).toMatchObject({ order: { id: "HH-7K3M-9Q2X" }, status: null, statusPath: `/order-status/${TOKEN}` })
    }
    error.mockRestore()
    const calls = backend({ status: 200, body: { order: statusView() } })
    const result = await confirmationPage.loader(await confirmationArgs(null))
    expect(result.data).toMatchObject({ order: { id: "HH-7K3M-9Q2X" }, status: null, statusPath: null })
    expect(calls).toHaveLength(0)
  })
})
