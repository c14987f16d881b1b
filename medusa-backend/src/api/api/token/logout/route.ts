import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import { ApiError } from "../../../utils/api-errors"
import { endApiSession, InvalidTokenError } from "../../../utils/api-tokens"

/**
 * POST /api/token/logout/: {refresh} (or the access token as `Authorization: Bearer`) ends the
 * staff session on the server: its access and refresh tokens stop working on every server at
 * once. 204; 401 for a token that is not ours. Ending an already ended session is not an error.
 */
export async function POST(req: MedusaRequest<{ refresh?: string }>, res: MedusaResponse) {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1]
  const token = req.validatedBody?.refresh || bearer
  if (!token) throw new ApiError(400, "Send the refresh token to end its session.", { refresh: "This field is required." })
  try {
    await endApiSession(req.scope, token)
  } catch (error) {
    if (error instanceof InvalidTokenError) throw new ApiError(401, `Given token not valid: ${error.message}.`)
    throw error
  }
  res.status(204).end()
}
