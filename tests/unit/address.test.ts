import { formatShippingAddress, isUnitedStates, parseShippingAddress } from "@shared/address"
import { describe, expect, it } from "vitest"

describe("shipping address strings", () => {
  const fields = {
    address: "12 Elm Street",
    apartment: "Apt 4B",
    city: "Springfield",
    state: "Illinois",
    zipCode: "62704",
    country: "United States",
  }

  it("format as the legacy single string and parse back", () => {
    const text = formatShippingAddress(fields)
    expect(text).toBe("12 Elm Street, Apt 4B, Springfield, Illinois 62704, United States")
    expect(parseShippingAddress(text)).toEqual(fields)
  })

  it("leave out an empty apartment and handle ZIP+4 and multi-word states", () => {
    const text = formatShippingAddress({ ...fields, apartment: "", state: "New York", zipCode: "10001-1234" })
    expect(text).toBe("12 Elm Street, Springfield, New York 10001-1234, United States")
    expect(parseShippingAddress(text)).toMatchObject({ state: "New York", zipCode: "10001-1234", apartment: undefined })
  })

  it("return null for strings too short to ship to", () => {
    expect(parseShippingAddress("12 Elm Street, Springfield")).toBeNull()
  })

  it("recognise the United States however it is written", () => {
    for (const name of ["United States", "USA", "us", "United States of America"]) expect(isUnitedStates(name)).toBe(true)
    expect(isUnitedStates("Canada")).toBe(false)
  })
})
