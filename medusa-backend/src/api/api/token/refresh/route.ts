import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { InvalidTokenError, signApiToken, verifyApiToken } from "../../../utils/api-tokens"
import { ApiError } from "../../../utils/api-errors"

/** POST /api/token/refresh/: {refresh} -> {access}. Only a refresh token is accepted. */
export async function POST(req: MedusaRequest<{ refresh: string }>, res: MedusaResponse) {
  try {
    const staff = await verifyApiToken(req.scope, req.validatedBody.refresh, "refresh")
    res.json({ access: signApiToken(req.scope, staff, "access") })
  } catch (error) {
    if (error instanceof InvalidTokenError) throw new ApiError(401, `Given token not valid: ${error.message}.`)
    throw error
  }
}
