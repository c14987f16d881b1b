/**
 * The front door of the legacy `/api`: CORS with the `cors` package for the origins in API_CORS
 * (comma-separated, Medusa's syntax; default STORE_CORS, else the storefront's http://localhost:3000;
 * `apiCorsOrigins` of src/lib/config.ts), bearer tokens only (no credentials); preflight answers;
 * and JSON 404/405 for paths and methods the route table (src/api/api-routes.ts) does not have,
 * instead of Express's HTML page.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import cors from "cors"

import { backendConfig } from "../../lib/config"
import { allowedMethods, apiRouteOf } from "../api-routes"
import { ApiError } from "./api-errors"

const ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key, Accept, X-Known-Device"
const EXPOSED_HEADERS = "X-Total-Count, Retry-After, X-Known-Device"

export const requestPath = (req: MedusaRequest) => (req.originalUrl ?? req.url ?? "").split("?")[0]

function isAllowedOrigin(origin: string): boolean {
  return backendConfig().apiCorsOrigins.some((allowed) => (typeof allowed === "string" ? allowed === origin : allowed.test(origin)))
}

/**
 * Every answer varies by Origin and names an allowed origin back; a preflight for a path of the
 * table also gets its methods, the request headers the API reads, and a 10-minute lifetime. An
 * origin that is not allowed gets none of these (browsers then refuse it).
 */
const corsMiddleware = cors<MedusaRequest>((req, callback) => {
  const origin = req.headers.origin
  const allowed = !!origin && isAllowedOrigin(origin)
  const route = req.method === "OPTIONS" && allowed ? apiRouteOf(requestPath(req)) : undefined
  callback(null, {
    origin: backendConfig().apiCorsOrigins,
    methods: route ? allowedMethods(route).join(", ") : "",
    allowedHeaders: route ? ALLOWED_HEADERS : [],
    maxAge: route ? 600 : undefined,
    exposedHeaders: allowed ? EXPOSED_HEADERS : undefined,
    // The gateway answers preflights itself: 404 for a path the API does not have.
    preflightContinue: true,
  })
})

/** Sets the CORS response headers (for an allowed origin). */
export function applyCors(req: MedusaRequest, res: MedusaResponse) {
  corsMiddleware(req, res, () => {})
}

export function apiGateway(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const route = apiRouteOf(requestPath(req))
  applyCors(req, res)
  if (req.method === "OPTIONS") {
    if (route) res.setHeader("Allow", allowedMethods(route).join(", "))
    res.status(route ? 204 : 404).end()
    return
  }
  if (!route) throw new ApiError(404, "Not found.")
  const methods = allowedMethods(route)
  if (!methods.includes(req.method)) {
    throw new ApiError(405, `Method "${req.method}" not allowed.`, undefined, { Allow: methods.join(", ") })
  }
  next()
}
