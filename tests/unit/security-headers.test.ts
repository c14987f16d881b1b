import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"

import express from "express"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { protectNextHttpServer, responseHeadersFor } from "../../medusa-backend/src/api/utils/response-headers"
import { protectStaticUploads, UPLOAD_HEADERS } from "../../medusa-backend/src/lib/static-uploads"
import {
  backendPublicOrigin,
  contentSecurityPolicy,
  createNonce,
  imageOrigins,
  isSecureRequest,
  securityHeaders,
  wantsHsts,
} from "../../storefront/server/security-headers.mjs"
import { trustProxySetting } from "../../storefront/server/trust-proxy.mjs"
import { NOT_ORIGINS } from "../support/settings"

/** The directives of a policy, by name. */
const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/)
      return [name, values]
    })
  )

const request = (protocol: string, headers: Record<string, string> = {}) => ({
  protocol,
  get: (name: string) => headers[name.toLowerCase()],
})

describe("the storefront's security headers (decision 0040)", () => {
  it("makes a new unguessable nonce for every response", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce))
    expect(nonces.size).toBe(100)
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16)
  })

  it("allows scripts only from the storefront and with this response's nonce, never inline without it", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc123", imageOrigins: ["https://api.shop.example"] }))
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-abc123'"])
    expect(policy["script-src"]).not.toContain("'unsafe-inline'")
    expect(policy["script-src"]).not.toContain("'unsafe-eval'")
    expect(policy["default-src"]).toEqual(["'self'"])
    expect(policy["object-src"]).toEqual(["'none'"])
    expect(policy["base-uri"]).toEqual(["'self'"])
    expect(policy["form-action"]).toEqual(["'self'"])
    expect(policy["frame-ancestors"]).toEqual(["'none'"])
    expect(policy["img-src"]).toEqual(["'self'", "data:", "https://api.shop.example"])
    // The map on /about-us, and nothing else.
    expect(policy["frame-src"]).toEqual(["https://www.openstreetmap.org"])
  })

  it("takes picture origins from the backend's URL, S3 and CSP_IMG_ORIGINS, once each, ignoring what is not a URL", () => {
    expect(imageOrigins({})).toEqual(["http://localhost:9000"])
    expect(
      imageOrigins({
        MEDUSA_BACKEND_URL: "http://backend:9000/",
        S3_FILE_URL: "https://bucket.s3.example/uploads",
        CSP_IMG_ORIGINS: " https://api.shop.example/static , http://backend:9000, javascript:alert(1), ",
      })
    ).toEqual(["http://backend:9000", "https://bucket.s3.example", "https://api.shop.example"])
  })

  // Issue 20: `npm start` gives the storefront http://127.0.0.1:9000 for its own calls while the pictures
  // are http://localhost:9000/static/...: the policy refused every product picture.
  it("allows pictures from BACKEND_PUBLIC_URL, not from the address the server calls the backend at (decision 0048)", () => {
    const npmStart = { MEDUSA_BACKEND_URL: "http://127.0.0.1:9000", BACKEND_PUBLIC_URL: "http://localhost:9000" }
    expect(imageOrigins(npmStart)).toEqual(["http://localhost:9000"])
    const policy = directives(contentSecurityPolicy({ nonce: "n", imageOrigins: imageOrigins(npmStart) }))
    expect(policy["img-src"]).toEqual(["'self'", "data:", "http://localhost:9000"])
    const compose = { MEDUSA_BACKEND_URL: "http://backend:9000", BACKEND_PUBLIC_URL: "https://api.shop.example/" }
    expect(imageOrigins({ ...compose, CSP_IMG_ORIGINS: "https://old-api.shop.example" })).toEqual([
      "https://api.shop.example",
      "https://old-api.shop.example",
    ])
  })

  it("refuses a BACKEND_PUBLIC_URL that is not an origin, naming it", () => {
    for (const value of NOT_ORIGINS) {
      const refused = /^BACKEND_PUBLIC_URL must be the backend's public origin/
      expect(() => backendPublicOrigin({ BACKEND_PUBLIC_URL: value }), value).toThrow(refused)
    }
    expect(backendPublicOrigin({ BACKEND_PUBLIC_URL: " http://192.168.1.5:9000 " })).toBe("http://192.168.1.5:9000")
  })

  it("sends frame, sniffing, referrer and permission limits; HSTS when told the connection is secure", () => {
    const plain = securityHeaders({ nonce: "n", secure: false })
    expect(plain).toMatchObject({
      "X-Frame-Options": "DENY",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    })
    for (const feature of ["camera", "microphone", "geolocation", "payment"]) {
      expect(plain["Permissions-Policy"]).toContain(`${feature}=()`)
    }
    expect(plain["Content-Security-Policy"]).toContain("'nonce-n'")
    expect(plain).not.toHaveProperty("Strict-Transport-Security")
    expect(securityHeaders({ nonce: "n", secure: true })["Strict-Transport-Security"]).toMatch(/^max-age=\d{7,}/)
  })

  it("knows a request came over HTTPS from Express's protocol only: a client's own X-Forwarded-Proto counts for nothing", () => {
    expect(isSecureRequest(request("https"))).toBe(true)
    // Express sets req.protocol from X-Forwarded-Proto only for a TRUST_PROXY; here the header came from the client.
    expect(isSecureRequest(request("http", { "x-forwarded-proto": "https" }))).toBe(false)
    expect(isSecureRequest(request("http"))).toBe(false)
  })

  it("sends HSTS on every production response, whatever the request says; elsewhere only over HTTPS (decision 0047)", () => {
    expect(wantsHsts(request("http"), { NODE_ENV: "production" })).toBe(true)
    expect(wantsHsts(request("http", { "x-forwarded-proto": "http" }), { NODE_ENV: "production" })).toBe(true)
    expect(wantsHsts(request("http", { "x-forwarded-proto": "https" }), { NODE_ENV: "development" })).toBe(false)
    expect(wantsHsts(request("https"), { NODE_ENV: "development" })).toBe(true)
  })
})

describe("the storefront's TRUST_PROXY (decision 0047)", () => {
  it("is off by default, or a list of addresses, ranges and names", () => {
    expect(trustProxySetting("")).toBe(false)
    expect(trustProxySetting("off")).toBe(false)
    expect(trustProxySetting("loopback, 10.0.0.0/8, 172.31.250.10")).toEqual(["loopback", "10.0.0.0/8", "172.31.250.10"])
  })

  it("refuses anything else with a message naming the variable (the server exits at start)", () => {
    expect(() => trustProxySetting("the load balancer")).toThrow(/^TRUST_PROXY is invalid \("the load balancer"\): .*Use off, or addresses/)
    expect(() => trustProxySetting("10.0.0.0/40")).toThrow(/^TRUST_PROXY is invalid/)
  })
})

describe("the backend's uploads under /static (decision 0040)", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "static-uploads-"))
  const uploads = path.join(root, "static")
  const other = path.join(root, "public")
  let server: ReturnType<ReturnType<typeof express>["listen"]>
  let base = ""

  beforeAll(async () => {
    fs.mkdirSync(uploads)
    fs.mkdirSync(other)
    fs.writeFileSync(path.join(uploads, "picture.svg"), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    fs.writeFileSync(path.join(other, "app.js"), "console.log(1)")
    // A copy of express's export, so this test never changes the real module.
    // (express.static's own type has no index signature; the wrapper only needs it callable.)
    const fakeExpress = { static: express.static } as unknown as NonNullable<Parameters<typeof protectStaticUploads>[1]>
    protectStaticUploads(() => uploads, fakeExpress)
    protectStaticUploads(() => uploads, fakeExpress) // twice: wrapped once
    const app = express()
    app.use("/static", fakeExpress.static(uploads) as express.RequestHandler)
    app.use("/public", fakeExpress.static(other) as express.RequestHandler)
    server = app.listen(0)
    await new Promise((resolve) => server.once("listening", resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(() => {
    server?.close()
    fs.rmSync(root, { recursive: true, force: true })
  })

  it("sends every uploaded file with nosniff and a sandboxing policy", async () => {
    const response = await fetch(`${base}/static/picture.svg`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("image/svg+xml")
    for (const [name, value] of Object.entries(UPLOAD_HEADERS)) expect(response.headers.get(name)).toBe(value)
    expect(UPLOAD_HEADERS["Content-Security-Policy"]).toBe("default-src 'none'; sandbox")
    expect(UPLOAD_HEADERS["X-Content-Type-Options"]).toBe("nosniff")
  })

  it("leaves other directories as they were", async () => {
    const response = await fetch(`${base}/public/app.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-security-policy")).toBeNull()
  })
})

describe("the backend's headers on every answer (decision 0047)", () => {
  it("never caches API answers but the public catalogue, never sniffs, never frames", () => {
    for (const path of [
      "/api/orders/",
      "/api/products/",
      "/store/carts/cart_1",
      "/store/prescription-requests",
      "/admin/orders",
      "/auth/user/emailpass",
    ]) {
      expect(responseHeadersFor(path), path).toEqual({
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
        "Cache-Control": "no-store",
      })
    }
    for (const path of ["/store/catalog/products", "/store/products", "/store/regions", "/store/pharmacy-disclosures"])
      expect(responseHeadersFor(path)).not.toHaveProperty("Cache-Control")
    // Medusa Admin's pages and assets: no framing, no sniffing; their own caching.
    expect(responseHeadersFor("/app/orders")).toEqual({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Content-Security-Policy": "frame-ancestors 'none'",
    })
    expect(responseHeadersFor("/apple")).not.toHaveProperty("Cache-Control")
  })

  it("reach what Medusa serves before any middleware (Medusa Admin under /app): the server `medusa start` creates next", async () => {
    // A copy of node's http module, so this test never changes the real one.
    const httpModule = { createServer: http.createServer } as Parameters<typeof protectNextHttpServer>[0]
    protectNextHttpServer(httpModule)
    protectNextHttpServer(httpModule) // twice: wrapped once
    const app = express()
    // Medusa Admin's HTML, as @medusajs/admin-bundler's serve() sends it.
    app.get("/app*", (_req, res) => {
      res.setHeader("Cache-Control", "no-cache")
      res.send("<!doctype html><title>Medusa</title>")
    })
    // What `medusa start` does right after instrumentation.ts's register().
    const medusa = httpModule.createServer((req: http.IncomingMessage, res: http.ServerResponse) => void app(req, res)) as http.Server
    // Only that server: the next one is left as it was.
    const other = httpModule.createServer((_req: http.IncomingMessage, res: http.ServerResponse) => void res.end("other")) as http.Server
    expect(httpModule.createServer).toBe(http.createServer)
    const listen = (server: http.Server) =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
      )
    try {
      const response = await fetch(`${await listen(medusa)}/app/login`)
      expect(response.status).toBe(200)
      expect(response.headers.get("x-frame-options")).toBe("DENY")
      expect(response.headers.get("x-content-type-options")).toBe("nosniff")
      expect(response.headers.get("content-security-policy")).toBe("frame-ancestors 'none'")
      expect(response.headers.get("cache-control")).toBe("no-cache")
      expect((await fetch(await listen(other))).headers.get("x-frame-options")).toBeNull()
    } finally {
      medusa.close()
      other.close()
    }
  })
})
