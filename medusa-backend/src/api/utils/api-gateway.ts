/**
 * The front door of the legacy `/api`: CORS for the origins in API_CORS
 * (comma-separated; default STORE_CORS, else the storefront's
 * http://localhost:3000), preflight answers, and JSON 404/405 for paths and
 * methods the API does not have (instead of Express's HTML page).
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { parseCorsOrigins } from "@medusajs/framework/utils"

import { ApiError } from "./api-errors"

/** Every call of the API (spec §7, plus a few reads staff tools use), with and without the trailing slash. */
export const API_ROUTES: { pattern: RegExp; methods: string[] }[] = [
  { pattern: /^\/api\/products\/?$/, methods: ["GET", "POST"] },
  { pattern: /^\/api\/products\/[^/]+\/?$/, methods: ["GET", "PATCH", "DELETE"] },
  { pattern: /^\/api\/products\/[^/]+\/variants\/?$/, methods: ["GET", "POST"] },
  // The staff area's one-call product save (decision 0035).
  { pattern: /^\/api\/products-with-variants\/?$/, methods: ["POST"] },
  { pattern: /^\/api\/products-with-variants\/[^/]+\/?$/, methods: ["PUT"] },
  { pattern: /^\/api\/variants\/[^/]+\/?$/, methods: ["GET", "PATCH", "DELETE"] },
  { pattern: /^\/api\/categories\/?$/, methods: ["GET", "POST"] },
  { pattern: /^\/api\/categories\/[^/]+\/?$/, methods: ["GET", "PUT", "DELETE"] },
  { pattern: /^\/api\/orders\/?$/, methods: ["GET", "POST"] },
  { pattern: /^\/api\/orders\/[^/]+\/?$/, methods: ["GET"] },
  { pattern: /^\/api\/token\/?$/, methods: ["POST"] },
  { pattern: /^\/api\/token\/refresh\/?$/, methods: ["POST"] },
  { pattern: /^\/api\/token\/logout\/?$/, methods: ["POST"] },
  { pattern: /^\/api\/token\/session\/?$/, methods: ["GET"] },
  // Two-step sign-in (decision 0044): the code step of a sign-in, and enrolling an authenticator app.
  { pattern: /^\/api\/token\/mfa\/?$/, methods: ["POST"] },
  { pattern: /^\/api\/mfa\/?$/, methods: ["GET"] },
  { pattern: /^\/api\/mfa\/totp\/?$/, methods: ["POST"] },
  { pattern: /^\/api\/mfa\/totp\/[^/]+\/verify\/?$/, methods: ["POST"] },
  { pattern: /^\/api\/prescription-request\/?$/, methods: ["POST"] },
  { pattern: /^\/api\/prescription-requests\/?$/, methods: ["GET"] },
  { pattern: /^\/api\/prescription-requests\/[^/]+\/?$/, methods: ["GET"] },
  { pattern: /^\/api\/prescription-requests\/[^/]+\/review\/?$/, methods: ["POST"] },
  { pattern: /^\/api\/orders\/[^/]+\/prescription-review\/?$/, methods: ["POST"] },
  { pattern: /^\/api\/orders\/[^/]+\/mark-paid\/?$/, methods: ["POST"] },
  { pattern: /^\/api\/orders\/[^/]+\/cancel\/?$/, methods: ["POST"] },
]

const ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key, Accept, X-Known-Device"
const EXPOSED_HEADERS = "X-Total-Count, Retry-After, X-Known-Device"

export const requestPath = (req: MedusaRequest) => (req.originalUrl ?? req.url ?? "").split("?")[0]

let origins: { source: string; list: (string | RegExp)[] } | undefined
function allowedOrigins(): (string | RegExp)[] {
  const source = process.env.API_CORS || process.env.STORE_CORS || "http://localhost:3000"
  if (origins?.source !== source) origins = { source, list: parseCorsOrigins(source) }
  return origins.list
}

export function isAllowedOrigin(origin: string): boolean {
  return allowedOrigins().some((allowed) => (typeof allowed === "string" ? allowed === origin : allowed.test(origin)))
}

const methodsOf = (route: { methods: string[] }) => [...route.methods, ...(route.methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"]

/** Sets the CORS response headers when the request comes from an allowed origin. */
export function applyCors(req: MedusaRequest, res: MedusaResponse) {
  const origin = req.headers.origin
  res.vary("Origin")
  if (!origin || !isAllowedOrigin(origin)) return
  res.setHeader("Access-Control-Allow-Origin", origin)
  res.setHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS)
}

export function apiGateway(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const path = requestPath(req)
  const route = API_ROUTES.find((r) => r.pattern.test(path))
  applyCors(req, res)
  if (req.method === "OPTIONS") {
    if (route) {
      const methods = methodsOf(route).join(", ")
      res.setHeader("Allow", methods)
      if (res.getHeader("Access-Control-Allow-Origin")) {
        res.setHeader("Access-Control-Allow-Methods", methods)
        res.setHeader("Access-Control-Allow-Headers", ALLOWED_HEADERS)
        res.setHeader("Access-Control-Max-Age", "600")
      }
    }
    res.status(route ? 204 : 404).end()
    return
  }
  if (!route) throw new ApiError(404, "Not found.")
  if (!methodsOf(route).includes(req.method)) {
    throw new ApiError(405, `Method "${req.method}" not allowed.`, undefined, { Allow: methodsOf(route).join(", ") })
  }
  next()
}
