import { MedusaError } from "@medusajs/framework/utils"

/** What a customer is told when stock ran out while the order was placed. */
export const JUST_SOLD_OUT = "Some items in your order just sold out. Please review your cart and try again."

/** Medusa's messages for an invalid promotion or a lost stock race, in words a customer can act on. */
export function customerFacingError(error: unknown): unknown {
  // Workflow errors arrive as plain objects, not always Error instances.
  const message = String((error as { message?: unknown } | null)?.message ?? "")
  if (/promotion code .* is invalid/i.test(message)) {
    return new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid discount code")
  }
  if (/not enough stock available|does not have the required inventory/i.test(message)) {
    return new MedusaError(MedusaError.Types.NOT_ALLOWED, JUST_SOLD_OUT)
  }
  return error
}
