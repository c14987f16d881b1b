import { MedusaError } from "@medusajs/framework/utils"

/** Invalid input found by a business rule (not by a schema): 400, with a message per field when there is one. */
export class InputError extends MedusaError {
  constructor(
    message: string,
    readonly errors?: Record<string, string>
  ) {
    super(MedusaError.Types.INVALID_DATA, message)
  }
}
