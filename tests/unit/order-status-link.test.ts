/**
 * The signed order status link (issue 23, decision 0050): a token opens exactly its order, for
 * the order's email and key version, until it expires; and the one "how to pay" block
 * (src/shared/payment-block.ts) that the email, the status page and the confirmation page show.
 */
import { describe, expect, it } from "vitest"

import { readBackendConfig, settingProblems, type SettingsEnv } from "../../medusa-backend/src/lib/config"
import { startSettingProblems } from "../../medusa-backend/src/lib/deployment-settings"
import {
  orderStatusLink,
  signStatusToken,
  statusLinkSecret as secretOf,
  statusLinkVersion,
  statusTokenOpens,
  statusTokenOrderId,
} from "../../medusa-backend/src/lib/orders/status-link"
import { paymentBlock } from "../../medusa-backend/src/shared/payment-block"
import { productionSettings } from "../support/settings"

const secret = "0b9d5c3e8f1a2b4c6d7e9f0a1b2c3d4e5f6a7b8c9d0e1f2a"
const statusLinkSecret = (env: SettingsEnv) => secretOf(readBackendConfig(env))
const statusLinkTtlDays = (env: SettingsEnv) => readBackendConfig(env).orderStatusLinks.ttlDays
const storefrontPublicOrigin = (env: SettingsEnv) => readBackendConfig(env).storefrontOrigin
const order = { id: "order_01JTESTORDER0000000000000", email: "Pat.Lee@Example.com", version: 1 }
const now = new Date("2026-11-25T12:00:00Z")
const inDays = (days: number) => new Date(now.getTime() + days * 86400_000)

describe("order status token", () => {
  const token = signStatusToken(order, inDays(180), secret)

  it("opens its order, with the email in any case, and names the order id", () => {
    expect(statusTokenOrderId(token)).toBe(order.id)
    expect(statusTokenOpens(token, order, secret, now)).toBe(true)
    expect(statusTokenOpens(token, { ...order, email: " pat.lee@example.COM " }, secret, now)).toBe(true)
    // The email is in the MAC, not in the token.
    expect(token.toLowerCase()).not.toContain("pat")
  })

  it("opens nothing when any character is changed, removed or added", () => {
    const alphabet = "ABCabc019_-."
    for (let i = 0; i < token.length; i++) {
      for (const c of alphabet) {
        if (c === token[i]) continue
        const tampered = token.slice(0, i) + c + token.slice(i + 1)
        expect(statusTokenOpens(tampered, order, secret, now), tampered).toBe(false)
      }
      expect(statusTokenOpens(token.slice(0, i) + token.slice(i + 1), order, secret, now)).toBe(false)
    }
    expect(statusTokenOpens(`${token}A`, order, secret, now)).toBe(false)
    expect(statusTokenOpens(`0${token}`, order, secret, now)).toBe(false)
    expect(statusTokenOpens("", order, secret, now)).toBe(false)
  })

  it("opens nothing once expired", () => {
    const short = signStatusToken(order, inDays(1), secret)
    expect(statusTokenOpens(short, order, secret, inDays(0.99))).toBe(true)
    expect(statusTokenOpens(short, order, secret, inDays(1))).toBe(false)
    expect(statusTokenOpens(short, order, secret, inDays(2))).toBe(false)
  })

  it("opens nothing after the order's key version was bumped (revoked), and a new one opens", () => {
    expect(statusTokenOpens(token, { ...order, version: 2 }, secret, now)).toBe(false)
    const renewed = signStatusToken({ ...order, version: 2 }, inDays(180), secret)
    expect(statusTokenOpens(renewed, { ...order, version: 2 }, secret, now)).toBe(true)
    // A token whose version was edited to the current one is no token.
    expect(statusTokenOpens(token.replace(/\.1\./, ".2."), { ...order, version: 2 }, secret, now)).toBe(false)
  })

  it("opens nothing for another order, the same order with another email, or another secret", () => {
    const other = { id: "order_01JOTHERORDER000000000000", email: order.email, version: 1 }
    expect(statusTokenOpens(token, other, secret, now)).toBe(false)
    expect(statusTokenOpens(signStatusToken(other, inDays(180), secret), order, secret, now)).toBe(false)
    // Another order's token with this order's id written in: the MAC no longer matches.
    const forged = signStatusToken(other, inDays(180), secret).replace(other.id, order.id)
    expect(statusTokenOpens(forged, order, secret, now)).toBe(false)
    expect(statusTokenOpens(token, { ...order, email: "someone.else@example.com" }, secret, now)).toBe(false)
    expect(statusTokenOpens(token, { ...order, email: "" }, secret, now)).toBe(false)
    expect(statusTokenOpens(token, order, `${secret}x`, now)).toBe(false)
  })

  it("reads the order's key version from its metadata (1 when unset)", () => {
    expect(statusLinkVersion(null)).toBe(1)
    expect(statusLinkVersion({})).toBe(1)
    expect(statusLinkVersion({ status_link_version: 3 })).toBe(3)
    expect(statusLinkVersion({ status_link_version: "x" })).toBe(1)
  })
})

describe("order status link settings", () => {
  it("lives 180 days by default, never less than 120", () => {
    expect(statusLinkTtlDays({})).toBe(180)
    expect(statusLinkTtlDays({ ORDER_STATUS_LINK_TTL_DAYS: "120" })).toBe(120)
    for (const value of ["119", "30", "abc", "150.5", "-200"]) {
      expect(settingProblems({ ORDER_STATUS_LINK_TTL_DAYS: value }), value).toEqual([
        expect.stringMatching(/^ORDER_STATUS_LINK_TTL_DAYS must be/),
      ])
    }
  })

  it("is the storefront's public origin + /order-status/<token>, the token valid for the TTL", () => {
    const env = { ORDER_STATUS_LINK_SECRET: secret, STOREFRONT_PUBLIC_URL: "https://shop.example/" }
    const link = orderStatusLink(order, readBackendConfig(env), now)
    const prefix = "https://shop.example/order-status/"
    expect(link.startsWith(prefix)).toBe(true)
    const token = link.slice(prefix.length)
    expect(statusTokenOpens(token, order, statusLinkSecret(env), inDays(179.9))).toBe(true)
    expect(statusTokenOpens(token, order, statusLinkSecret(env), inDays(180))).toBe(false)
  })

  it("takes STOREFRONT_PUBLIC_URL as an origin only, else STORE_CORS's first origin, else localhost:3000", () => {
    expect(storefrontPublicOrigin({})).toBe("http://localhost:3000")
    expect(storefrontPublicOrigin({ STORE_CORS: "https://shop.example,https://www.shop.example" })).toBe("https://shop.example")
    for (const value of ["shop.example", "https://shop.example/orders", "ftp://shop.example", "https://user:pw@shop.example"]) {
      expect(settingProblems({ STOREFRONT_PUBLIC_URL: value }), value).toEqual([expect.stringMatching(/^STOREFRONT_PUBLIC_URL must be/)])
    }
  })

  it("needs a strong secret, the storefront's origin and a support address in production", () => {
    const production = productionSettings(secret)
    expect(startSettingProblems(production)).toEqual([])
    expect(startSettingProblems({ ...production, ORDER_STATUS_LINK_SECRET: "short" })).toEqual([
      expect.stringMatching(/^ORDER_STATUS_LINK_SECRET is too short \(5 bytes\)/),
    ])
    expect(startSettingProblems({ ...production, ORDER_STATUS_LINK_SECRET: undefined })).toEqual([
      expect.stringMatching(/^ORDER_STATUS_LINK_SECRET is not set/),
    ])
    expect(startSettingProblems({ ...production, STOREFRONT_PUBLIC_URL: "", SUPPORT_EMAIL: "" })).toEqual([
      expect.stringMatching(/^STOREFRONT_PUBLIC_URL is not set/),
      expect.stringMatching(/^SUPPORT_EMAIL is not set/),
    ])
    // A local run of the production build keeps the development defaults (DEV_PLACEHOLDERS), not the secret's check.
    expect(startSettingProblems({ ...production, STOREFRONT_PUBLIC_URL: "", SUPPORT_EMAIL: "", DEV_PLACEHOLDERS: "true" })).toEqual([])
    expect(startSettingProblems({ ORDER_STATUS_LINK_TTL_DAYS: "30" })).toEqual([expect.stringMatching(/^ORDER_STATUS_LINK_TTL_DAYS/)])
    expect(() => statusLinkSecret({ NODE_ENV: "production" })).toThrow(/ORDER_STATUS_LINK_SECRET is not set/)
    // Development without one: a key derived from JWT_SECRET, stable across restarts.
    expect(statusLinkSecret({ JWT_SECRET: "a" })).toBe(statusLinkSecret({ JWT_SECRET: "a" }))
    expect(statusLinkSecret({ JWT_SECRET: "a" })).not.toBe(statusLinkSecret({ JWT_SECRET: "b" }))
  })
})

describe("the how-to-pay block", () => {
  const input = {
    order_number: "HH-7K3M-9Q2X",
    total: 77.756,
    placed_at: "2026-11-25T15:10:00Z",
    payment_method: "pp_zelle_manual",
    pay_to: "payments@harborhealth.example",
    has_prescription_items: false,
    ttl_days: 3,
  }

  it("names the method, the handle, the exact amount, the memo and the pay-by date (placed + UNPAID_ORDER_TTL_DAYS)", () => {
    const block = paymentBlock(input)
    expect(block).toMatchObject({
      method: "Zelle",
      pay_to: "payments@harborhealth.example",
      amount: 77.76,
      amount_text: "$77.76",
      memo: "Order HH-7K3M-9Q2X",
      pay_by: "2026-11-28T15:10:00.000Z",
      pay_by_text: "Saturday, November 28, 2026 at 10:10 AM Eastern Time",
    })
    expect(block.instruction).toBe(
      'Send $77.76 with Zelle to payments@harborhealth.example and write "Order HH-7K3M-9Q2X" in the memo, ' +
        "so that it arrives by Saturday, November 28, 2026 at 10:10 AM Eastern Time."
    )
    expect(block.next_steps).toEqual([
      "We ship your order as soon as your payment has arrived.",
      "An order still unpaid on Saturday, November 28, 2026 at 10:10 AM Eastern Time is canceled.",
    ])
    expect(paymentBlock({ ...input, ttl_days: 0.5, payment_method: "cashapp" })).toMatchObject({
      method: "CashApp",
      pay_by: "2026-11-26T03:10:00.000Z",
    })
  })

  it("says a pharmacist reviews prescription items first", () => {
    expect(paymentBlock({ ...input, has_prescription_items: true }).next_steps.slice(0, 2)).toEqual([
      "A pharmacist reviews the prescription items of your order; we contact you if we need anything.",
      "We ship your order once your payment has arrived and the prescription review is approved.",
    ])
  })
})
