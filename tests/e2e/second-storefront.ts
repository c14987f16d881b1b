import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"

import { freePort } from "../../scripts/lib/postgres.mjs"
import { stopServer } from "../../scripts/lib/stack.mjs"
import { startStorefront } from "../../scripts/lib/test-stack.mjs"

/** A second storefront of the same build whose backend calls go to `backendUrl`, at `url`; `stop()` when done. */
async function secondStorefront(publishableKey: string, backendUrl: string, backendPublicUrl: string, label: string) {
  const port = await freePort()
  const storefront = await startStorefront({
    port,
    backendUrl,
    backendPublicUrl,
    publishableKey,
    logFile: path.join(fs.mkdtempSync(path.join(os.tmpdir(), `sf-${label}-`)), "storefront.log"),
  })
  return { url: `http://localhost:${port}`, stop: () => stopServer(storefront) }
}

/** A second storefront whose backend is down (a free port nobody listens on). */
export async function storefrontWithBackendDown(publishableKey: string) {
  const deadBackend = `http://127.0.0.1:${await freePort()}`
  return secondStorefront(publishableKey, deadBackend, deadBackend, "backend-down")
}

/** A request of the storefront to the backend, as the proxy holds it. */
export type BackendCall = { method: string; path: string; headers: Record<string, string>; body: string }

/**
 * A second storefront whose calls to the backend pass through a proxy in this test process:
 * `beforeForward` runs before each call goes on to the real backend, so a test can make something
 * happen exactly between two of the storefront's calls (a race, replayed in a fixed order).
 */
export async function storefrontBehindProxy(
  publishableKey: string,
  backendUrl: string,
  beforeForward: (call: BackendCall) => Promise<void>
) {
  const proxy = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string" && !["host", "connection", "content-length"].includes(name)) headers[name] = value
      }
      const call = { method: req.method ?? "GET", path: req.url ?? "/", headers, body: Buffer.concat(chunks).toString("utf8") }
      await beforeForward(call)
      const answer = await fetch(new URL(call.path, backendUrl), {
        method: call.method,
        headers,
        body: ["GET", "HEAD"].includes(call.method) ? undefined : call.body,
      })
      const body = Buffer.from(await answer.arrayBuffer())
      const answerHeaders: Record<string, string> = {}
      // fetch has decoded the body: its length and encoding are this proxy's to say.
      answer.headers.forEach((value, name) => {
        if (!["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name)) answerHeaders[name] = value
      })
      res.writeHead(answer.status, answerHeaders).end(body)
    } catch (error) {
      res.writeHead(502).end(String(error))
    }
  })
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve))
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  const storefront = await secondStorefront(publishableKey, proxyUrl, backendUrl, "proxied")
  return {
    url: storefront.url,
    stop: async () => {
      await storefront.stop()
      await new Promise((resolve) => proxy.close(resolve))
    },
  }
}
