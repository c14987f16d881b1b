/**
 * The pure parts of decision 0045: strict product flags, the caps against
 * hoarding and their settings, the unpaid-order TTL setting, and the rule the
 * fulfilment gate applies to an order's lines and review.
 */
import { describe, expect, it } from "vitest"

import { flagValueErrors, parseFlagValue, readProductFlags } from "../../medusa-backend/src/lib/catalog/product-flags"
import { readBackendConfig, settingProblems, type SettingsEnv } from "../../medusa-backend/src/lib/config"
import { orderCapViolation } from "../../medusa-backend/src/lib/orders/order-caps"
import {
  assertMayShip,
  mayShip,
  type OrderPrescriptionFacts,
  prescriptionStateOf,
} from "../../medusa-backend/src/lib/orders/order-prescription"

describe("product flags parse strictly (decision 0002, amended by 0045)", () => {
  it("reads true, false and absent; an unknown prescription value is prescription-only, never a silent no", () => {
    for (const value of [true, 1, "true", "1"]) expect(parseFlagValue(value)).toBe(true)
    for (const value of [false, 0, "false", "0", undefined, null]) expect(parseFlagValue(value)).toBe(false)
    for (const value of ["yes", "no", "TRUE", "", 2, {}, []]) expect(parseFlagValue(value)).toBe("invalid")
    expect(readProductFlags({ prescription: "no" })).toEqual({ prescription: true, is_popular: false, refrigerated: false })
    expect(readProductFlags({ prescription: "false", is_popular: "maybe" })).toEqual({
      prescription: false,
      is_popular: false,
      refrigerated: false,
    })
    expect(readProductFlags(null)).toEqual({ prescription: false, is_popular: false, refrigerated: false })
    // Refrigerated fails closed too (decision 0059): a value nobody can read ships by cold chain.
    expect(readProductFlags({ refrigerated: "cold" }).refrigerated).toBe(true)
    expect(readProductFlags({ refrigerated: "false" }).refrigerated).toBe(false)
  })

  it("refuses an unknown value on write, naming the flag", () => {
    expect(flagValueErrors({ prescription: true, is_popular: "0", ops_note: "anything" })).toEqual({})
    expect(flagValueErrors({ prescription: "yes" })).toEqual({
      "metadata.prescription": "metadata.prescription must be true or false (got a value that is neither); the product was not changed.",
    })
    expect(Object.keys(flagValueErrors({ prescription: "", is_popular: 3 }))).toEqual(["metadata.prescription", "metadata.is_popular"])
  })
})

const orderCapsFromEnv = (env: SettingsEnv) => readBackendConfig(env).orderCaps
const unpaidOrderTtlDays = (env: SettingsEnv) => readBackendConfig(env).unpaidOrderTtlDays

describe("caps against hoarding", () => {
  const caps = orderCapsFromEnv({})
  const rx = (quantity: number, variant_id = "v_rx") => ({ variant_id, quantity, prescription: true, product_title: "Semaglutide Pen" })
  const otc = (quantity: number, variant_id = "v_otc") => ({ variant_id, quantity, prescription: false, product_title: "Test Strips" })

  it("default to 10 units of a prescription medicine, 25 of anything else, 50 in an order", () => {
    expect(caps).toEqual({ prescription_units_per_line: 10, units_per_line: 25, units_per_order: 50 })
    expect(orderCapViolation([rx(10), otc(25), otc(15, "v2")], caps)).toBeNull()
    expect(orderCapViolation([rx(11)], caps)).toBe(
      "You can order at most 10 units of a prescription medicine per order (Semaglutide Pen: 11 units requested)."
    )
    expect(orderCapViolation([otc(26)], caps)).toBe(
      "You can order at most 25 units of one product per order (Test Strips: 26 units requested)."
    )
    expect(orderCapViolation([otc(25), otc(25, "v2"), otc(1, "v3")], caps)).toBe(
      "You can order at most 50 units in one order (51 units requested). Please remove some items."
    )
  })

  it("count lines of the same variant together", () => {
    expect(orderCapViolation([rx(6), rx(5)], caps)).toMatch(/at most 10 units of a prescription medicine/)
  })

  it("are settings parsed strictly: a bad value names its variable", () => {
    expect(orderCapsFromEnv({ ORDER_MAX_UNITS_PER_RX_LINE: "4", ORDER_MAX_UNITS_PER_LINE: " 8 ", ORDER_MAX_UNITS_PER_ORDER: "" })).toEqual({
      prescription_units_per_line: 4,
      units_per_line: 8,
      units_per_order: 50,
    })
    for (const bad of ["0", "-1", "2.5", "ten", "1e3", "100001"]) {
      expect(settingProblems({ ORDER_MAX_UNITS_PER_ORDER: bad })).toEqual([
        expect.stringMatching(/^ORDER_MAX_UNITS_PER_ORDER must be a whole number/),
      ])
    }
  })
})

describe("UNPAID_ORDER_TTL_DAYS", () => {
  it("defaults to 3 days and refuses what is not a positive number of days", () => {
    expect(unpaidOrderTtlDays({})).toBe(3)
    expect(unpaidOrderTtlDays({ UNPAID_ORDER_TTL_DAYS: "1.5" })).toBe(1.5)
    for (const bad of ["0", "-2", "three", "7d", "400"]) {
      expect(settingProblems({ UNPAID_ORDER_TTL_DAYS: bad })).toEqual([expect.stringMatching(/^UNPAID_ORDER_TTL_DAYS must be/)])
    }
  })
})

describe("the fulfilment gate's rule", () => {
  const line = (id: string, product_id: string | null, quantity = 1, created_at = "2026-11-01T10:00:00Z") => ({
    id,
    product_id,
    variant_id: null,
    quantity,
    created_at,
  })
  const facts = (over: Partial<OrderPrescriptionFacts>): OrderPrescriptionFacts => ({
    order_id: "order_1",
    lines: [],
    review: null,
    recorded: new Map(),
    product_rx: new Map([
      ["prod_rx", true],
      ["prod_otc", false],
    ]),
    ...over,
  })
  const approved = (approved_items: Record<string, number> | null, reviewed_at = "2026-11-02T10:00:00Z") => ({
    id: "rxord_1",
    status: "approved" as const,
    approved_items,
    reviewed_at,
  })
  const ships = (f: OrderPrescriptionFacts) => {
    const state = prescriptionStateOf(f)
    let allowed = true
    try {
      assertMayShip(state)
    } catch {
      allowed = false
    }
    // The staff area's "ready to ship" queue decides with the same rule (issue 24).
    expect(mayShip(state)).toBe(allowed)
    return allowed
  }

  it("ships an order without prescription lines, and refuses one with an unknown product", () => {
    expect(ships(facts({ lines: [line("i1", "prod_otc")] }))).toBe(true)
    expect(ships(facts({ lines: [line("i1", "prod_gone")] }))).toBe(false)
    expect(ships(facts({ lines: [line("i1", null)] }))).toBe(true) // a custom line is not a catalogue product
  })

  it("keeps a line prescription-only when its product's flag was switched off after ordering", () => {
    const flipped = new Map([["prod_rx", false]])
    const f = facts({ lines: [line("i1", "prod_rx")], recorded: new Map([["i1", true]]), product_rx: flipped })
    expect(prescriptionStateOf(f)).toMatchObject({ requires_prescription: true, prescription_items: { i1: 1 } })
    expect(ships(f)).toBe(false)
    expect(ships({ ...f, review: approved({ i1: 1 }) })).toBe(true)
  })

  it("needs an approved review whenever a review exists or a prescription line ever did", () => {
    expect(ships(facts({ lines: [line("i1", "prod_otc")], review: { ...approved(null), status: "pending" } }))).toBe(false)
    // The prescription line left the order (an edit removed it): the record of it stays.
    expect(
      ships(
        facts({
          lines: [line("i2", "prod_otc")],
          recorded: new Map([
            ["i1", true],
            ["i2", false],
          ]),
        })
      )
    ).toBe(false)
  })

  it("an approval covers the lines and units it saw: a line added or enlarged later is not approved", () => {
    const lines = [line("i1", "prod_rx", 2), line("i2", "prod_rx", 1, "2026-11-03T10:00:00Z")]
    expect(prescriptionStateOf(facts({ lines, review: approved({ i1: 2 }) })).uncovered_item_ids).toEqual(["i2"])
    expect(() => assertMayShip(prescriptionStateOf(facts({ lines, review: approved({ i1: 2 }) })))).toThrow(
      /after its prescription was approved/
    )
    expect(ships(facts({ lines: [line("i1", "prod_rx", 3)], review: approved({ i1: 2 }) }))).toBe(false)
    expect(ships(facts({ lines: [line("i1", "prod_rx", 2), line("i3", "prod_otc", 5)], review: approved({ i1: 2 }) }))).toBe(true)
    // Approved before approvals recorded their lines: the lines the order had then.
    expect(ships(facts({ lines, review: approved(null) }))).toBe(false)
    expect(ships(facts({ lines: [lines[0]], review: approved(null) }))).toBe(true)
  })

  it("says why it refuses", () => {
    const rx = [line("i1", "prod_rx")]
    expect(() => assertMayShip(prescriptionStateOf(facts({ lines: rx })))).toThrow(/until a pharmacist approves its prescription/)
    const rejected = { ...approved(null), status: "rejected" as const }
    expect(() => assertMayShip(prescriptionStateOf(facts({ lines: rx, review: rejected })))).toThrow(/was rejected/)
  })
})
