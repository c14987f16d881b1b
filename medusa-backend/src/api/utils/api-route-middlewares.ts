/**
 * The middlewares of each `/api` call, built from its line in the route table (src/api/api-routes.ts).
 * Always in this order, so a refused request costs as little as possible and reveals nothing:
 * who (a staff token, then the pharmacist role) before anything is counted or read; the
 * per-client limit before the body is parsed; the body or query validated; a pharmacist check
 * that depends on the validated query last.
 */
import type { MiddlewareFunction, MiddlewareRoute } from "@medusajs/framework/http"

import { API_ROUTES, type ApiCall, type ApiMethod, type ApiRoute } from "../api-routes"
import { multipartFields, multipartForm, requireStaff } from "./api-request"
import { requirePharmacist, requirePharmacistWhen } from "./pharmacist"
import { limitPerClient } from "./request-limits"
import { validateBody, validateQuery } from "./validate"

/** What runs before the route's handler for one call. */
export function callMiddlewares(call: ApiCall): MiddlewareFunction[] {
  return [
    ...(call.guard === "public" ? [] : [requireStaff]),
    ...(call.guard === "pharmacist" ? [requirePharmacist] : []),
    ...(call.limit ? [limitPerClient(call.limit)] : []),
    ...(call.body ? [call.upload === "image" ? multipartForm : multipartFields, validateBody(call.body)] : []),
    ...(call.query ? [validateQuery(call.query)] : []),
    ...(call.pharmacistWhen ? [requirePharmacistWhen(call.pharmacistWhen)] : []),
  ]
}

/** `defineMiddlewares` entries for every call of the table that needs any (a public read without a query needs none). */
export function apiRouteMiddlewares(routes: readonly ApiRoute[] = API_ROUTES): MiddlewareRoute[] {
  return routes.flatMap((route) =>
    (Object.entries(route.methods) as [ApiMethod, ApiCall][]).flatMap(([method, call]) => {
      const middlewares = callMiddlewares(call)
      return middlewares.length ? [{ matcher: route.path, methods: [method], middlewares }] : []
    })
  )
}
