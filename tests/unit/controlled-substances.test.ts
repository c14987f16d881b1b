/**
 * Controlled substances (issue 25): how a product's schedule is read from its metadata (failing
 * closed), the refusal of such lines unless online ordering is on, and production's refusal to turn
 * it on without the pharmacy's DEA registration.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { describe, expect, it } from "vitest"

import { readControlledSchedule } from "../../medusa-backend/src/lib/catalog/product-flags"
import { readBackendConfig } from "../../medusa-backend/src/lib/config"
import { productionProblems } from "../../medusa-backend/src/lib/deployment-settings"
import {
  assertNoControlledSubstances,
  controlledSubstanceMessage,
} from "../../medusa-backend/src/workflows/order/utils/controlled-substances"
import type { LineProduct } from "../../medusa-backend/src/workflows/order/utils/order-caps"

describe("a product's controlled-substance schedule", () => {
  it("reads II to V in any case, absent or blank as none, and anything else as II (fails closed)", () => {
    expect(readControlledSchedule({ controlled_schedule: "IV" })).toBe("IV")
    expect(readControlledSchedule({ controlled_schedule: " v " })).toBe("V")
    expect(readControlledSchedule({})).toBeNull()
    expect(readControlledSchedule(null)).toBeNull()
    expect(readControlledSchedule({ controlled_schedule: "" })).toBeNull()
    expect(readControlledSchedule({ controlled_schedule: "4" })).toBe("II")
    expect(readControlledSchedule({ controlled_schedule: "yes" })).toBe("II")
    expect(readControlledSchedule({ controlled_schedule: true })).toBe("II")
  })
})

describe("lines of a controlled substance", () => {
  const products = new Map<string, LineProduct>([
    ["v_phen", { title: "Phentermine 37.5 mg Tablets", prescription: true, controlled_schedule: "IV", refrigerated: false }],
    ["v_strips", { title: "Test Strips", prescription: false, controlled_schedule: null, refrigerated: false }],
  ])

  it("are refused with a sentence naming the product and what to do, unless online ordering is on", () => {
    const lines = [
      { variant_id: "v_strips", quantity: 1 },
      { variant_id: "v_phen", quantity: 1 },
    ]
    // Type and message (a MedusaError also carries the time it was made, which no other one shares).
    expect(() => assertNoControlledSubstances(lines, products, false)).toThrow(
      expect.objectContaining({ type: MedusaError.Types.NOT_ALLOWED, message: controlledSubstanceMessage("Phentermine 37.5 mg Tablets") })
    )
    expect(controlledSubstanceMessage("Phentermine 37.5 mg Tablets")).toBe(
      "Phentermine 37.5 mg Tablets is a controlled substance and cannot be ordered online. Call the pharmacy to order it."
    )
    expect(() => assertNoControlledSubstances(lines, products, true)).not.toThrow()
    expect(() => assertNoControlledSubstances([{ variant_id: "v_strips", quantity: 3 }, null], products, false)).not.toThrow()
  })

  it("may be sold online in production only with the pharmacy's DEA registration", () => {
    const production = {
      NODE_ENV: "production",
      JWT_SECRET: "a".repeat(16) + "b".repeat(16) + "c".repeat(8),
      COOKIE_SECRET: "d".repeat(20) + "e".repeat(20),
      ORDER_STATUS_LINK_SECRET: "f".repeat(20) + "g".repeat(20),
      DEV_PLACEHOLDERS: "true",
      CONTROLLED_SUBSTANCES_ONLINE: "true",
    }
    const problem = expect.stringContaining("CONTROLLED_SUBSTANCES_ONLINE is true but DEA_REGISTRATION_NUMBER is not set")
    expect(productionProblems(readBackendConfig(production))).toContainEqual(problem)
    expect(productionProblems(readBackendConfig({ ...production, DEA_REGISTRATION_NUMBER: "ab1234563" }))).not.toContainEqual(problem)
    expect(productionProblems(readBackendConfig({ ...production, CONTROLLED_SUBSTANCES_ONLINE: "false" }))).not.toContainEqual(problem)
    expect(() => readBackendConfig({ DEA_REGISTRATION_NUMBER: "12345" })).toThrow(
      /DEA_REGISTRATION_NUMBER must be two letters and seven digits/
    )
  })
})
