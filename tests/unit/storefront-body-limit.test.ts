/**
 * The storefront server's request body limits (issue 21, decision 0046), on a real Express server
 * on loopback with the storefront's own middleware: 64 KB for shopper forms, 8 MB for the staff
 * product form; a declared length over the limit is refused unread, a chunked body is counted.
 * tests/e2e/abuse-limits.spec.ts replays the audit's 2 MB post against the built storefront.
 */
import http from "node:http"
import type { AddressInfo } from "node:net"

import express from "express"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import {
  bodyLimitFor,
  DOCUMENT_UPLOAD_LIMIT,
  limitedBody,
  refuseLargeBodies,
  SHOPPER_BODY_LIMIT,
  STAFF_UPLOAD_LIMIT,
} from "../../storefront/server/body-limit.mjs"

let server: http.Server
let port: number
/** Requests whose body the app started to read. */
const read: string[] = []

beforeAll(async () => {
  const app = express()
  app.use(refuseLargeBodies)
  // Stands for Remix: reads the whole (limited) body and answers its size.
  app.post("*", (req, res) => {
    read.push(req.path)
    const chunks: Buffer[] = []
    limitedBody(req as never, res as never)
      .on("data", (chunk: Buffer) => chunks.push(chunk))
      .on("end", () => res.json({ bytes: Buffer.concat(chunks).length }))
      .on("error", () => {
        // Answered 413 by the limit.
      })
  })
  server = app.listen(0, "127.0.0.1")
  await new Promise((resolve) => server.once("listening", resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

/** A POST of `size` bytes, with Content-Length or chunked (written in 16 KB pieces). */
function post(path: string, size: number, { chunked = false, accept = "text/html" } = {}) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { "content-type": "application/x-www-form-urlencoded", accept }
    if (!chunked) headers["content-length"] = size
    const request = http.request({ host: "127.0.0.1", port, path, method: "POST", headers }, (response) => {
      let body = ""
      response.setEncoding("utf8")
      response.on("data", (chunk) => (body += chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }))
    })
    request.on("error", reject)
    const piece = Buffer.alloc(16 * 1024, "a")
    let sent = 0
    const write = () => {
      while (sent < size) {
        const part = piece.subarray(0, Math.min(piece.length, size - sent))
        sent += part.length
        if (!request.write(part)) return void request.once("drain", write)
      }
      request.end()
    }
    write()
  })
}

describe("the storefront's request body limits", () => {
  it("are 64 KB for shopper forms and 8 MB for the staff product form only", () => {
    expect(SHOPPER_BODY_LIMIT).toBe(64 * 1024)
    expect(STAFF_UPLOAD_LIMIT).toBe(8 * 1024 * 1024)
    for (const path of ["/age-check", "/checkout.data", "/cart", "/insulin-form", "/admin", "/admin/categories", "/admin/order-details"]) {
      expect(bodyLimitFor(path), path).toBe(SHOPPER_BODY_LIMIT)
    }
    for (const path of ["/admin/add-product", "/admin/add-product.data", "/admin/products", "/admin/products.data"]) {
      expect(bodyLimitFor(path), path).toBe(STAFF_UPLOAD_LIMIT)
    }
  })

  it("let an order status page take a prescription document of 10 MB (issue 24), nothing else under /order-status", () => {
    expect(DOCUMENT_UPLOAD_LIMIT).toBe(10 * 1024 * 1024 + 64 * 1024)
    for (const path of ["/order-status/order_01.1790000000.1.abc", "/order-status/order_01.1790000000.1.abc.data"]) {
      expect(bodyLimitFor(path), path).toBe(DOCUMENT_UPLOAD_LIMIT)
    }
    for (const path of ["/order-status", "/order-status/a/b", "/order-confirmation"])
      expect(bodyLimitFor(path), path).toBe(SHOPPER_BODY_LIMIT)
  })

  it("refuse a 2 MB form post to /age-check with 413 before reading it; a normal post goes through", async () => {
    const refused = await post("/age-check", 2 * 1024 * 1024)
    expect(refused.status).toBe(413)
    expect(refused.body).toContain("What you sent is too large: the limit is 64 KB. Please send less and try again.")
    expect(refused.headers["cache-control"]).toBe("no-store")
    expect(read).not.toContain("/age-check")
    expect(await post("/age-check", 20)).toMatchObject({ status: 200, body: JSON.stringify({ bytes: 20 }) })
    expect((await post("/age-check", SHOPPER_BODY_LIMIT)).status).toBe(200)
  })

  it("count a chunked body as it streams: over the limit, 413 (JSON when asked for)", async () => {
    const refused = await post("/checkout.data", 200 * 1024, { chunked: true, accept: "application/json" })
    expect(refused.status).toBe(413)
    expect(JSON.parse(refused.body)).toEqual({ message: "What you sent is too large: the limit is 64 KB. Please send less and try again." })
    const small = await post("/checkout.data", 10 * 1024, { chunked: true })
    expect(small).toMatchObject({ status: 200, body: JSON.stringify({ bytes: 10 * 1024 }) })
  })

  it("let the staff product form send a 5 MB picture with its fields, and no more than 8 MB", async () => {
    expect(await post("/admin/add-product", 5 * 1024 * 1024 + 4096)).toMatchObject({ status: 200 })
    expect((await post("/admin/products", 9 * 1024 * 1024)).status).toBe(413)
    expect((await post("/admin/products", 9 * 1024 * 1024, { chunked: true })).status).toBe(413)
  })
})
