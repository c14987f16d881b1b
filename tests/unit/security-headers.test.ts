import fs from "node:fs"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import express from "express"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  contentSecurityPolicy,
  createNonce,
  imageOrigins,
  isSecureRequest,
  securityHeaders,
} from "../../storefront/server/security-headers.mjs"
import { UPLOAD_HEADERS, protectStaticUploads } from "../../medusa-backend/src/lib/static-uploads"

/** The directives of a policy, by name. */
const directives = (policy: string) =>
  Object.fromEntries(policy.split(";").map((part) => {
    const [name, ...values] = part.trim().split(/\s+/)
    return [name, values]
  }))

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

  it("sends frame, sniffing, referrer and permission limits; HSTS only over HTTPS", () => {
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

  it("knows a request came over HTTPS directly or through a proxy that says so", () => {
    expect(isSecureRequest(request("https"))).toBe(true)
    expect(isSecureRequest(request("http", { "x-forwarded-proto": "https" }))).toBe(true)
    expect(isSecureRequest(request("http", { "x-forwarded-proto": "https, http" }))).toBe(true)
    expect(isSecureRequest(request("http", { "x-forwarded-proto": "http" }))).toBe(false)
    expect(isSecureRequest(request("http"))).toBe(false)
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
    const fakeExpress = { static: express.static }
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
