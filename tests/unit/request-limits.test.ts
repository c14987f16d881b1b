import type { IncomingMessage } from "node:http"

import { describe, expect, it } from "vitest"

import { clientAddress, clientKeyOf } from "../../medusa-backend/src/api/utils/client-address"
import { decodedPath } from "../../medusa-backend/src/api/utils/store-api-guard"
import {
  type LimitName,
  parseLimitWindows,
  readBackendConfig,
  settingProblems,
  type SettingsEnv,
} from "../../medusa-backend/src/lib/config"

const limitWindows = (name: LimitName, env: SettingsEnv) => readBackendConfig(env).requestLimits[name]
const trust = (env: SettingsEnv) => readBackendConfig(env).trustProxy

const request = (peer: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  }) as unknown as IncomingMessage

describe("per-client limits on anonymous orders and prescription requests", () => {
  it("default to what no real shopper meets: 10 orders a minute (60 an hour), 5 requests a minute (20 an hour)", () => {
    expect(limitWindows("orders", {})).toEqual([
      { max: 10, seconds: 60 },
      { max: 60, seconds: 3600 },
    ])
    expect(limitWindows("prescription-requests", {})).toEqual([
      { max: 5, seconds: 60 },
      { max: 20, seconds: 3600 },
    ])
  })

  it("limit new carts (30 a minute, 300 an hour) and promotion codes tried (10 a minute, 50 an hour) per shopper", () => {
    expect(limitWindows("carts", {})).toEqual([
      { max: 30, seconds: 60 },
      { max: 300, seconds: 3600 },
    ])
    expect(limitWindows("promotion-codes", {})).toEqual([
      { max: 10, seconds: 60 },
      { max: 50, seconds: 3600 },
    ])
    expect(limitWindows("carts", { RATE_LIMIT_CARTS: "off" })).toEqual([])
    expect(limitWindows("promotion-codes", { RATE_LIMIT_PROMOTION_CODES: "5/10m" })).toEqual([{ max: 5, seconds: 600 }])
  })

  it("stop the server at start on a bad setting, naming the variable", () => {
    expect(() => readBackendConfig({ RATE_LIMIT_PROMOTION_CODES: "lots" })).toThrow('RATE_LIMIT_PROMOTION_CODES: Invalid rate limit "lots"')
    expect(settingProblems({ RATE_LIMIT_PROMOTION_CODES: "lots" })).toEqual([
      expect.stringContaining('RATE_LIMIT_PROMOTION_CODES: Invalid rate limit "lots"'),
    ])
    expect(settingProblems({ RATE_LIMIT_CARTS: "30 per minute" })).toEqual([expect.stringContaining("RATE_LIMIT_CARTS")])
    expect(settingProblems({ COMPLETED_CART_GRACE: "ten minutes" })).toEqual([expect.stringContaining("COMPLETED_CART_GRACE is invalid")])
    expect(settingProblems({})).toEqual([])
  })

  it("are configurable, or off", () => {
    expect(limitWindows("orders", { RATE_LIMIT_ORDERS: "3/30s" })).toEqual([{ max: 3, seconds: 30 }])
    expect(parseLimitWindows("100/1m, 1000/1d")).toEqual([
      { max: 100, seconds: 60 },
      { max: 1000, seconds: 86400 },
    ])
    expect(parseLimitWindows("off")).toEqual([])
    expect(() => parseLimitWindows("ten a minute")).toThrow('Invalid rate limit "ten a minute"')
    expect(() => parseLimitWindows("0/1m")).toThrow("Invalid rate limit")
  })
})

describe("the client of a request", () => {
  it("is the TCP peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress(request("203.0.113.5", "198.51.100.1"), trust({}))).toBe("203.0.113.5")
    expect(clientAddress(request("203.0.113.5", "198.51.100.1"), trust({ TRUST_PROXY: "off" }))).toBe("203.0.113.5")
  })

  it("is what a trusted proxy says, and only the hops a trusted proxy added", () => {
    const loopback = trust({ TRUST_PROXY: "loopback" })
    expect(clientAddress(request("127.0.0.1", "198.51.100.1"), loopback)).toBe("198.51.100.1")
    expect(clientAddress(request("::ffff:127.0.0.1", "198.51.100.1"), loopback)).toBe("198.51.100.1")
    // A shopper who sends their own X-Forwarded-For through the storefront cannot choose their address.
    expect(clientAddress(request("127.0.0.1", "1.2.3.4, 198.51.100.1"), loopback)).toBe("198.51.100.1")
    // A request that did not come through the trusted proxy is its peer.
    expect(clientAddress(request("203.0.113.9", "198.51.100.1"), loopback)).toBe("203.0.113.9")
    expect(clientAddress(request("10.0.0.7", "198.51.100.1"), trust({ TRUST_PROXY: "10.0.0.0/8, loopback" }))).toBe("198.51.100.1")
  })

  it("refuses a TRUST_PROXY that is not addresses or ranges, naming the variable (checked at start)", () => {
    expect(() => trust({ TRUST_PROXY: "the storefront" })).toThrow(/TRUST_PROXY is invalid/)
    expect(settingProblems({ TRUST_PROXY: "10.0.0.0/33" })).toEqual([
      expect.stringMatching(/^TRUST_PROXY is invalid \("10\.0\.0\.0\/33"\): .*Use off, or addresses/),
    ])
    expect(settingProblems({ TRUST_PROXY: "loopback, 172.31.250.10, fd00::/8" })).toEqual([])
    expect(settingProblems({})).toEqual([])
  })

  it("is an IPv6 client's /64 network: one home or server cannot be endless clients (decision 0047)", () => {
    const home = "2001:db8:1:2::/64"
    for (const address of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:aaaa:bbbb:cccc:dddd",
      "2001:DB8:1:2:ffff::",
      "2001:db8:1:2::1%eth0",
      "2001:db8:1:2:0:0:1.2.3.4",
    ]) {
      expect(clientKeyOf(address), address).toBe(home)
    }
    expect(clientKeyOf("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64")
    expect(clientKeyOf("::1")).toBe("0:0:0:0::/64")
    // IPv4, also written as IPv4-mapped IPv6, stays the address.
    expect(clientKeyOf("198.51.100.7")).toBe("198.51.100.7")
    expect(clientKeyOf("::ffff:198.51.100.7")).toBe("198.51.100.7")
    expect(clientKeyOf("::ffff:c633:6407")).toBe("198.51.100.7")
    expect(clientKeyOf("unknown")).toBe("unknown")
    // Through a trusted proxy too.
    expect(clientAddress(request("127.0.0.1", "2001:db8:1:2::99"), trust({ TRUST_PROXY: "loopback" }))).toBe(home)
    expect(clientAddress(request("2001:db8:1:2::99"), trust({}))).toBe(home)
  })
})

describe("the Store API guard (decision 0046)", () => {
  it("keeps a completed cart's completion for 10 minutes by default, or COMPLETED_CART_GRACE", () => {
    const grace = (env: SettingsEnv) => readBackendConfig(env).completedCartGraceSeconds
    expect(grace({})).toBe(600)
    expect(grace({ COMPLETED_CART_GRACE: "2m" })).toBe(120)
    expect(grace({ COMPLETED_CART_GRACE: "45" })).toBe(45)
  })

  it("decides on the path as Medusa's routes see it: decoded, lower-cased, without empty segments", () => {
    expect(decodedPath("/store/order%73/order_01ABC?fields=email")).toBe("/store/orders/order_01abc")
    expect(decodedPath("/AUTH/%63ustomer/emailpass/register")).toBe("/auth/customer/emailpass/register")
    expect(decodedPath("/store//returns/")).toBe("/store/returns")
    expect(decodedPath("/store/orders/%E0%A4%A")).toBeNull()
  })
})
