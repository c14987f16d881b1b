import { MedusaError } from "@medusajs/framework/utils"
import { describe, expect, it } from "vitest"

import { describeError, withoutInternalIds } from "../../medusa-backend/src/api/utils/api-errors"

describe("messages of the /api never show internal ids", () => {
  it("drops id lists, 'with id' phrases and bare ids, and keeps a sentence", () => {
    expect(
      withoutInternalIds(
        "Cannot remove following inventory item(s) since they have reservations: [iitem_01KB1ZJ6Y8J8WQ0G3V8Y5F7M2C, iitem_01KB1ZJ6Y8J8WQ0G3V8Y5F7M2D]."
      )
    ).toBe("Cannot remove following inventory item(s) since they have reservations.")
    expect(withoutInternalIds("Product with id: prod_01KB1ZJ6Y8J8WQ0G3V8Y5F7M2C was not found")).toBe("Product was not found")
    expect(withoutInternalIds("Plain message: stays (as it is).")).toBe("Plain message: stays (as it is).")
  })

  it("applies to Medusa's errors and to field messages", () => {
    const described = describeError(
      new MedusaError(MedusaError.Types.NOT_FOUND, "Variant with id: variant_01KB1ZJ6Y8J8WQ0G3V8Y5F7M2C was not found")
    )
    expect(described).toEqual({ status: 404, detail: "Variant was not found" })
  })
})
