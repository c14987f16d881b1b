import { describe, expect, it } from "vitest"

import { US_STATE_CODES, US_STATES } from "../../medusa-backend/src/shared/address"
import { parseRxShipStates, rxShipStateRefusal, shipsRxTo, stateName } from "../../medusa-backend/src/shared/rx-ship-states"

describe("the states prescription items ship to (issue 25)", () => {
  it("serves every state by default (no key, or a key cleared in Medusa Admin) and for 'all'", () => {
    for (const value of [undefined, null, "", "  ", "all", " ALL "]) {
      const served = parseRxShipStates(value)
      expect(served).toEqual({ all: true })
      expect(shipsRxTo(served, "Guam")).toBe(true)
    }
  })

  it("reads a list by postal code or name, in any case, and matches addresses written either way", () => {
    const served = parseRxShipStates("TX, ok; Louisiana\nus-fl")
    expect(served).toEqual({ all: false, states: ["Texas", "Oklahoma", "Louisiana", "Florida"] })
    expect(shipsRxTo(served, "Texas")).toBe(true)
    expect(shipsRxTo(served, "tx")).toBe(true)
    expect(shipsRxTo(served, "US-LA")).toBe(true)
    expect(shipsRxTo(served, "Illinois")).toBe(false)
    expect(shipsRxTo(served, "")).toBe(false)
    expect(shipsRxTo(served, null)).toBe(false)
  })

  it("fails closed: a value with an unknown state, an empty list or a non-text value serves no state, and says why", () => {
    for (const value of ["TX, Texsa", ", ;", 42, { TX: true }]) {
      const served = parseRxShipStates(value)
      expect(served.all).toBe(false)
      expect(shipsRxTo(served, "Texas")).toBe(false)
      expect(served.all === false && served.problem).toMatch(/pharmacy_rx_ship_states/)
    }
  })

  it("knows every state of the checkout's list by its code", () => {
    expect(Object.values(US_STATE_CODES)).toEqual(US_STATES)
    for (const [code, name] of Object.entries(US_STATE_CODES)) {
      expect(stateName(code)).toBe(name)
      expect(stateName(name.toUpperCase())).toBe(name)
    }
  })

  it("tells the customer where it cannot go and what to do", () => {
    expect(rxShipStateRefusal("il")).toBe(
      "We cannot ship prescription items to Illinois. Remove them from your cart or choose a shipping address in a state we serve."
    )
    expect(rxShipStateRefusal(null)).toMatch(/^Prescription items need a shipping address in a US state we serve\./)
  })
})
