// The storefront's production server: what `remix-serve` does (compression,
// immutable built assets, the Remix handler), plus a micro-cache of the
// busiest public pages (decision 0017).
//
//   node server/index.mjs [build/server/index.js]
//   PORT (3000), HOST (all interfaces), PAGE_CACHE_SECONDS (2; 0 turns the cache off)
import path from "node:path"
import { pathToFileURL } from "node:url"
import { createRequestHandler as createExpressHandler } from "@remix-run/express"
import { createRequestHandler, installGlobals } from "@remix-run/node"
import compression from "compression"
import express from "express"
import morgan from "morgan"
import { createPageCache } from "./page-cache.mjs"

installGlobals({ nativeFetch: true })

const buildPath = path.resolve(process.argv[2] || "build/server/index.js")
const build = await import(pathToFileURL(buildPath).href)
const mode = process.env.NODE_ENV === "development" ? "development" : "production"
const pageCacheSeconds = Number(process.env.PAGE_CACHE_SECONDS ?? 2)

/** Documents that look the same to every visitor who passed the age gate. */
const CACHEABLE_PATH = /^\/(?:shop|product\/[^/]+)?$/
/** The only cookie these pages read: the age check's (its value is part of the key). */
const AGE_COOKIE = /(?:^|;\s*)age_verified=([^;]*)/

const pageCache = createPageCache({ ttlMs: pageCacheSeconds * 1000 })
const renderRemix = createRequestHandler(build, mode)

async function renderPage(req) {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host")}`)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : [value ?? ""]) headers.append(name, one)
  }
  const response = await renderRemix(new Request(url, { headers }))
  return {
    status: response.status,
    headers: [...response.headers.entries()],
    body: Buffer.from(await response.arrayBuffer()),
  }
}

function servePageFromCache(req, res, next) {
  if (pageCacheSeconds <= 0 || req.method !== "GET" || !CACHEABLE_PATH.test(req.path)) return next()
  const ageCookie = AGE_COOKIE.exec(req.get("cookie") ?? "")?.[1] ?? ""
  const key = `${req.get("host")}${req.originalUrl}\n${ageCookie}`
  pageCache
    .get(key, () => renderPage(req))
    .then(({ page, state }) => {
      res.status(page.status)
      for (const [name, value] of page.headers) res.append(name, value)
      res.set("X-Page-Cache", state)
      res.end(page.body)
    })
    .catch(next)
}

const app = express()
app.disable("x-powered-by")
app.use(compression())
const clientDir = path.join(path.dirname(buildPath), "..", "client")
// Built assets have content hashes in their names; the rest (favicon, images) may change in place.
app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }))
app.use(express.static(clientDir, { maxAge: "1d" }))
app.use(morgan("tiny"))
app.use(servePageFromCache)
app.all("*", createExpressHandler({ build, mode }))

const port = Number(process.env.PORT || 3000)
const server = app.listen(port, process.env.HOST, () => {
  console.log(`[storefront] http://localhost:${port} (page cache ${pageCacheSeconds > 0 ? `${pageCacheSeconds} s` : "off"})`)
})

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => server.close(() => process.exit(0)))
}
