/** The carriers' tracking number formats and links (issue 24), as the staff area and the backend check them. */
import { fieldErrors } from "@shared/schemas/fields"
import { orderShipSchema } from "@shared/schemas/order-shipment"
import { type Carrier, normalizeTrackingNumber, trackingLabel, trackingNumberProblem } from "@shared/shipping-carriers"
import { describe, expect, it } from "vitest"

const valid = (carrier: Carrier, number: string) => trackingNumberProblem(carrier, normalizeTrackingNumber(carrier, number)) === null

describe("tracking numbers", () => {
  it("USPS: 20 to 22 digits, or two letters, nine digits and US", () => {
    for (const n of ["94001118995625378663", "940011189956253786636", "9400111899562537866361", "EC123456789US", "ec123456789us"]) {
      expect(valid("usps", n), n).toBe(true)
    }
    for (const n of ["9400111899562537866", "94001118995625378663611", "EC123456789GB", "E1234567890US", "1Z999AA10123456784"]) {
      expect(valid("usps", n), n).toBe(false)
    }
  })

  it("UPS: 1Z and 16 letters or digits", () => {
    expect(valid("ups", "1Z999AA10123456784")).toBe(true)
    expect(valid("ups", "1z 999 aa1 0123 4567 84")).toBe(true)
    for (const n of ["1Z999AA1012345678", "1Z999AA101234567845", "2Z999AA10123456784", "1Z999AA1012345678-"])
      expect(valid("ups", n), n).toBe(false)
  })

  it("FedEx: 12, 15 or 20 digits", () => {
    for (const n of ["123456789012", "123456789012345", "12345678901234567890"]) expect(valid("fedex", n), n).toBe(true)
    for (const n of ["12345678901", "1234567890123", "1234567890123456", "12345678901A"]) expect(valid("fedex", n), n).toBe(false)
  })

  it("DHL: 10 digits", () => {
    expect(valid("dhl", "1234567890")).toBe(true)
    for (const n of ["123456789", "12345678901", "JJD0123456"]) expect(valid("dhl", n), n).toBe(false)
  })

  it("another carrier: 4 to 40 letters, digits or hyphens, kept as typed", () => {
    for (const n of ["Ab-1", "LSO-4471x", "a".repeat(40)]) expect(valid("other", n), n).toBe(true)
    for (const n of ["abc", "a".repeat(41), "no/slash", "dots.no", "ünï"]) expect(valid("other", n), n).toBe(false)
    expect(normalizeTrackingNumber("other", " Lso 4471x ")).toBe("Lso4471x")
    expect(normalizeTrackingNumber("ups", " 1z 999 ")).toBe("1Z999")
  })

  it("the label: the carrier's tracking page, none for another carrier, and no label document", () => {
    expect(trackingLabel("usps", "EC123456789US")).toEqual({
      tracking_number: "EC123456789US",
      tracking_url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=EC123456789US",
      label_url: "",
    })
    expect(trackingLabel("fedex", "123456789012").tracking_url).toBe("https://www.fedex.com/fedextrack/?trknbr=123456789012")
    expect(trackingLabel("other", "Ab-1")).toEqual({ tracking_number: "Ab-1", tracking_url: "", label_url: "" })
  })
})

describe("the ship request", () => {
  it("answers the number as the carrier writes it", () => {
    expect(orderShipSchema.parse({ carrier: "ups", tracking_number: " 1z999aa1 0123456784 " })).toEqual({
      carrier: "ups",
      tracking_number: "1Z999AA10123456784",
    })
  })

  it("names the field and the carrier's format", () => {
    const wrong = orderShipSchema.safeParse({ carrier: "dhl", tracking_number: "12345" })
    expect(fieldErrors(wrong.error!)).toEqual({ tracking_number: "Enter a valid DHL tracking number (10 digits)" })
    const nothing = orderShipSchema.safeParse({})
    expect(fieldErrors(nothing.error!)).toEqual({
      carrier: "Choose the carrier: USPS, UPS, FedEx, DHL or other",
      tracking_number: "Tracking number is required",
    })
    const tooLong = orderShipSchema.safeParse({ carrier: "other", tracking_number: "1".repeat(61) })
    expect(fieldErrors(tooLong.error!)).toEqual({ tracking_number: "Tracking number must be at most 60 characters" })
  })
})
