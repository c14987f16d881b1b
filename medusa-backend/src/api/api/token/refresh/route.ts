import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { ApiError } from "../../../utils/api-errors"
import { InvalidTokenError, refreshApiTokens } from "../../../utils/api-tokens"

/**
 * POST /api/token/refresh/: {refresh} -> {access, refresh}. The refresh token rotates (as
 * simplejwt's ROTATE_REFRESH_TOKENS): use the new one next time; presenting a replaced one
 * again ends the session. Legacy clients that read only `access` keep working until the
 * old refresh token's few seconds of grace are over, then sign in again.
 */
export async function POST(req: MedusaRequest<{ refresh: string }>, res: MedusaResponse) {
  try {
    res.json(await refreshApiTokens(req.scope, req.validatedBody.refresh))
  } catch (error) {
    if (error instanceof InvalidTokenError) throw new ApiError(401, `Given token not valid: ${error.message}.`)
    throw error
  }
}
