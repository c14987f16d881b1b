import { MedusaError } from "@medusajs/framework/utils"
import { describe, expect, it } from "vitest"

import { asLockConflict } from "../../medusa-backend/src/api/utils/api-error-handler"
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

describe("a lock another request holds is a 409 conflict, whatever the locking provider", () => {
  it("maps the in-memory and Postgres providers' plain errors, keeps Redis' conflict, and leaves other errors alone", () => {
    const conflict = (error: unknown) => {
      const mapped = asLockConflict(error)
      return mapped instanceof MedusaError && mapped.type === MedusaError.Types.CONFLICT
    }
    expect(conflict(new Error('Failed to acquire lock for key "cart_01KB1ZJ6Y8J8WQ0G3V8Y5F7M2C"'))).toBe(true) // in-memory, Postgres
    expect(conflict(new Error('"cart_01KB1ZJ6Y8J8WQ0G3V8Y5F7M2C" is already locked.'))).toBe(true) // Postgres
    expect(conflict({ message: "Timed-out acquiring lock." })).toBe(true) // as a workflow's serialized error
    const redis = new MedusaError(MedusaError.Types.CONFLICT, "Timed-out acquiring lock.")
    expect(asLockConflict(redis)).toBe(redis)
    const other = new Error("Failed to acquire a database connection")
    expect(asLockConflict(other)).toBe(other)
    expect(describeError(asLockConflict(new Error('Failed to acquire lock for key "x"'))).status).toBe(409)
  })
})
