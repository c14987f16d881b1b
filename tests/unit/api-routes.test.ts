/**
 * The legacy /api's one route table (decision 0051): it and the route files agree, its paths
 * match with and without the trailing slash, and who may call what is what the README says.
 */
import fs from "node:fs"
import path from "node:path"

import { describe, expect, it } from "vitest"

import { allowedMethods, API_ROUTES, apiRouteOf, pathPattern } from "../../medusa-backend/src/api/api-routes"

const API_DIR = path.resolve(__dirname, "../../medusa-backend/src/api/api")

/** Every route file under src/api/api as "<path> <METHOD>" (Medusa's file routing: `[id]` is `:id`). */
function routeFileCalls(): string[] {
  const calls: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/^route\.(ts|js)$/.test(entry.name)) {
        const segments = path.relative(API_DIR, dir).split(path.sep).filter(Boolean)
        const routePath = ["/api", ...segments.map((s) => s.replace(/^\[(.+)\]$/, ":$1"))].join("/")
        const source = fs.readFileSync(full, "utf8")
        for (const match of source.matchAll(/^export (?:async function|const) (GET|POST|PUT|PATCH|DELETE)\b/gm)) {
          calls.push(`${routePath} ${match[1]}`)
        }
      }
    }
  }
  walk(API_DIR)
  return calls.sort()
}

const tableCalls = () => API_ROUTES.flatMap((route) => Object.keys(route.methods).map((method) => `${route.path} ${method}`)).sort()

describe("the /api route table", () => {
  it("lists exactly the calls the route files serve", () => {
    expect(tableCalls()).toEqual(routeFileCalls())
    expect(new Set(API_ROUTES.map((route) => route.path)).size).toBe(API_ROUTES.length)
  })

  it("matches each path with and without the trailing slash, and nothing below it", () => {
    expect(pathPattern("/api/orders/:id/cancel")).toEqual(/^\/api\/orders\/[^/]+\/cancel\/?$/)
    expect(apiRouteOf("/api/products")?.path).toBe("/api/products")
    expect(apiRouteOf("/api/products/")?.path).toBe("/api/products")
    expect(apiRouteOf("/api/products/prod_1/")?.path).toBe("/api/products/:id")
    expect(apiRouteOf("/api/products/prod_1/variants")?.path).toBe("/api/products/:id/variants")
    expect(apiRouteOf("/api/products-with-variants/prod_1/")?.path).toBe("/api/products-with-variants/:id")
    expect(apiRouteOf("/api/orders/HH-2222-3333/prescription-review/")?.path).toBe("/api/orders/:id/prescription-review")
    for (const unknown of ["/api", "/api/", "/api/nothing-here/", "/api/products//", "/api/products/1/2/", "/api/token/session/x"]) {
      expect(apiRouteOf(unknown), unknown).toBeUndefined()
    }
  })

  it("allows each path's methods, HEAD with GET, and OPTIONS", () => {
    expect(allowedMethods(apiRouteOf("/api/products/")!)).toEqual(["GET", "POST", "HEAD", "OPTIONS"])
    expect(allowedMethods(apiRouteOf("/api/token/")!)).toEqual(["POST", "OPTIONS"])
    expect(allowedMethods(apiRouteOf("/api/variants/v1/")!)).toEqual(["GET", "PATCH", "DELETE", "HEAD", "OPTIONS"])
  })

  it("opens to everyone only the catalogue's reads, placing orders, prescription requests and signing in", () => {
    const byGuard = (guard: string) =>
      API_ROUTES.flatMap((route) =>
        Object.entries(route.methods)
          .filter(([, call]) => call.guard === guard)
          .map(([method]) => `${method} ${route.path}`)
      ).sort()
    expect(byGuard("public")).toEqual(
      [
        "GET /api/products",
        "GET /api/products/:id",
        "GET /api/products/:id/variants",
        "GET /api/variants/:id",
        "GET /api/categories",
        "GET /api/categories/:id",
        "POST /api/orders",
        "POST /api/prescription-request",
        "POST /api/token",
        "POST /api/token/refresh",
        "POST /api/token/logout",
        "POST /api/token/mfa",
      ].sort()
    )
    expect(byGuard("pharmacist")).toEqual(
      [
        "GET /api/orders/:id/prescription-evidence",
        "GET /api/orders/:id/prescription-documents/:document_id",
        "GET /api/prescription-requests",
        "GET /api/prescription-requests/:id",
        "POST /api/prescription-requests/:id/review",
        "POST /api/orders/:id/prescription-review",
      ].sort()
    )
    // Two staff lists are a pharmacist's for one filter: the held orders and the prescription review queue (issue 24).
    const asks = (path: string, query: Record<string, string>) =>
      API_ROUTES.find((route) => route.path === path)!.methods.GET!.pharmacistWhen!({ validatedQuery: query } as never)
    expect(asks("/api/orders", { status: "awaiting_prescription_review" })).toBe(true)
    expect(asks("/api/orders", {})).toBe(false)
    expect(asks("/api/order-queues", { queue: "awaiting_prescription_review" })).toBe(true)
    expect(asks("/api/order-queues", { queue: "ready_to_ship" })).toBe(false)
    // Anonymous writes other than signing in are limited per client (sign-in has limits of its own, login-throttle.ts).
    for (const route of API_ROUTES) {
      for (const [method, call] of Object.entries(route.methods)) {
        if (call.guard === "public" && method === "POST" && !route.path.startsWith("/api/token"))
          expect(call.limit, route.path).toBeDefined()
      }
    }
  })
})
