import { describe, expect, it } from "vitest"

import { expectedShipDate, formatShipDate } from "../../medusa-backend/src/shared/ship-date"
import { SHIPPING_CHOICES, shippingChoice } from "../../medusa-backend/src/shared/shipping-options"

const twoDay = shippingChoice("two-day")!
const nextDay = shippingChoice("next-day")!
const standard = shippingChoice("standard")!
const coldChain = shippingChoice("cold-chain")!

describe("the expected ship date (issue 25: 1 pm Eastern cut-off, business days, cold chain never in transit over a weekend)", () => {
  it("ships the same day before 1 pm Eastern on a business day, and the next business day from 1 pm", () => {
    // Tuesday 2026-11-17, EST (UTC-5): 12:59 is 17:59Z, 13:00 is 18:00Z.
    expect(expectedShipDate(new Date("2026-11-17T17:59:59Z"), twoDay)).toBe("2026-11-17")
    expect(expectedShipDate(new Date("2026-11-17T18:00:00Z"), twoDay)).toBe("2026-11-18")
    // 10:00 Eastern is before the cut-off although it is 15:00 UTC; 23:30 Eastern on Sunday is still Sunday (Monday in UTC).
    expect(expectedShipDate(new Date("2026-11-17T15:00:00Z"), nextDay)).toBe("2026-11-17")
    expect(expectedShipDate(new Date("2026-11-16T04:30:00Z"), nextDay)).toBe("2026-11-16")
  })

  it("does not count weekends: Friday afternoon, Saturday and Sunday orders ship on Monday", () => {
    expect(expectedShipDate(new Date("2026-11-20T17:00:00Z"), twoDay)).toBe("2026-11-20") // Friday 12:00 EST
    expect(expectedShipDate(new Date("2026-11-20T19:00:00Z"), twoDay)).toBe("2026-11-23") // Friday 14:00 EST
    expect(expectedShipDate(new Date("2026-11-21T15:00:00Z"), nextDay)).toBe("2026-11-23") // Saturday morning
    expect(expectedShipDate(new Date("2026-11-22T16:00:00Z"), nextDay)).toBe("2026-11-23") // Sunday 11:00 EST
  })

  it("follows daylight saving time: the cut-off is 17:00 UTC under EDT and 18:00 UTC under EST", () => {
    // Friday 2026-03-06 is EST: 17:30Z is 12:30, before the cut-off.
    expect(expectedShipDate(new Date("2026-03-06T17:30:00Z"), twoDay)).toBe("2026-03-06")
    // Monday 2026-03-09, the first business day of EDT (DST began Sunday 03-08): 17:30Z is 13:30, after it.
    expect(expectedShipDate(new Date("2026-03-09T17:30:00Z"), twoDay)).toBe("2026-03-10")
    expect(expectedShipDate(new Date("2026-03-09T16:59:00Z"), twoDay)).toBe("2026-03-09")
    // Monday 2026-11-02, the first business day of EST again (DST ended Sunday 11-01): 17:30Z is 12:30, before it.
    expect(expectedShipDate(new Date("2026-11-02T17:30:00Z"), twoDay)).toBe("2026-11-02")
    // Friday 2026-10-30 is still EDT: 17:30Z is 13:30, after the cut-off, so it ships Monday.
    expect(expectedShipDate(new Date("2026-10-30T17:30:00Z"), twoDay)).toBe("2026-11-02")
  })

  it("packs Standard orders the next business day (spec: processing 1-2 business days)", () => {
    expect(expectedShipDate(new Date("2026-11-17T15:00:00Z"), standard)).toBe("2026-11-18") // Tuesday morning: Wednesday
    expect(expectedShipDate(new Date("2026-11-19T20:00:00Z"), standard)).toBe("2026-11-23") // Thursday afternoon: Monday
  })

  it("ships cold chain only Monday to Wednesday (2 days in transit, never over a weekend)", () => {
    expect(expectedShipDate(new Date("2026-11-16T15:00:00Z"), coldChain)).toBe("2026-11-16") // Monday morning
    expect(expectedShipDate(new Date("2026-11-18T17:59:00Z"), coldChain)).toBe("2026-11-18") // Wednesday 12:59
    expect(expectedShipDate(new Date("2026-11-18T18:00:00Z"), coldChain)).toBe("2026-11-23") // Wednesday 13:00: Thursday would arrive Saturday
    expect(expectedShipDate(new Date("2026-11-19T15:00:00Z"), coldChain)).toBe("2026-11-23") // Thursday morning
    expect(expectedShipDate(new Date("2026-11-20T15:00:00Z"), coldChain)).toBe("2026-11-23") // Friday morning
    expect(expectedShipDate(new Date("2026-11-21T15:00:00Z"), coldChain)).toBe("2026-11-23") // Saturday
    // The same Friday morning order ships that day by 2-Day: only cold chain avoids weekend transit.
    expect(expectedShipDate(new Date("2026-11-20T15:00:00Z"), twoDay)).toBe("2026-11-20")
  })

  it("never answers a weekend day, for any option, over a whole fortnight of hours", () => {
    for (const choice of SHIPPING_CHOICES) {
      for (let hour = 0; hour < 14 * 24; hour++) {
        const at = new Date(Date.UTC(2026, 10, 14) + hour * 3_600_000)
        const day = new Date(`${expectedShipDate(at, choice)}T12:00:00Z`).getUTCDay()
        expect(day === 0 || day === 6, `${choice.code} at ${at.toISOString()}`).toBe(false)
        if (choice.avoidWeekendTransit) expect(day, `${choice.code} at ${at.toISOString()}`).toBeLessThanOrEqual(3)
      }
    }
  })

  it("writes the date as the pages and emails show it", () => {
    expect(formatShipDate("2026-11-23", new Date("2026-11-20T12:00:00Z"))).toBe("Monday, November 23")
    expect(formatShipDate("2027-01-04", new Date("2026-12-31T12:00:00Z"))).toBe("Monday, January 4, 2027")
  })
})
