// The storefront's production server: what `remix-serve` does (compression,
// immutable built assets, the Remix handler), plus a micro-cache of the
// busiest public pages (decision 0017) and security headers on every response,
// with a Content-Security-Policy nonce that Remix puts on its inline scripts
// (decision 0040), and request bodies capped before they are read (decision 0046:
// 64 KB for shopper forms, 8 MB for the staff product form's picture; server/body-limit.mjs).
//
//   node server/index.mjs [build/server/index.js]
//   PORT (3000), HOST (all interfaces; `npm start` sets 127.0.0.1), PAGE_CACHE_SECONDS (2; 0 turns the cache off),
//   BACKEND_PUBLIC_URL (where browsers load the backend's pictures; decision 0048),
//   CSP_IMG_ORIGINS (more origins pictures may come from)
import path from "node:path"
import { pathToFileURL } from "node:url"

import { createRequestHandler, installGlobals } from "@remix-run/node"
import compression from "compression"
import express from "express"
import morgan from "morgan"

import { createRemixHandler, refuseLargeBodies } from "./body-limit.mjs"
import { createPageCache, isCacheablePath } from "./page-cache.mjs"
import { contentSecurityPolicy, createNonce, imageOrigins, securityHeaders, wantsHsts } from "./security-headers.mjs"
import { trustProxySetting } from "./trust-proxy.mjs"

installGlobals({ nativeFetch: true })

/** Checked before anything else: a bad TRUST_PROXY or BACKEND_PUBLIC_URL stops the start with a message naming it (0047, 0048). */
let trustProxy
let pictureOrigins
try {
  trustProxy = trustProxySetting()
  pictureOrigins = imageOrigins()
} catch (error) {
  console.error(`[storefront] Refusing to start: ${error.message}`)
  process.exit(1)
}

const buildPath = path.resolve(process.argv[2] || "build/server/index.js")
const build = await import(pathToFileURL(buildPath).href)
const mode = process.env.NODE_ENV === "development" ? "development" : "production"
const pageCacheSeconds = Number(process.env.PAGE_CACHE_SECONDS ?? 2)

/** The only cookie these pages read: the age check's (its value is part of the key). */
const AGE_COOKIE = /(?:^|;\s*)age_verified=([^;]*)/

const pageCache = createPageCache({ ttlMs: pageCacheSeconds * 1000 })
const renderRemix = createRequestHandler(build, mode)

/** A fresh nonce and the security headers for every response; Remix reads the nonce from its load context. */
function setSecurityHeaders(req, res, next) {
  const nonce = createNonce()
  res.locals.cspNonce = nonce
  res.set(securityHeaders({ nonce, secure: wantsHsts(req), imageOrigins: pictureOrigins }))
  next()
}

/**
 * What loaders and actions learn from this server: the CSP nonce, and who the shopper is (the
 * TCP peer, or what the proxies named in TRUST_PROXY say) for the backend's per-client limits
 * (app/lib/shopper.server.ts). Cached pages are rendered for everyone: no shopper there.
 * @returns {import("@remix-run/node").AppLoadContext}
 */
const loadContext = (nonce, clientAddress) => ({ cspNonce: nonce, clientAddress })

/**
 * Renders a page for the cache. Its Content-Security-Policy (with the nonce
 * that is in its HTML) is kept with it: whoever gets this page gets that policy.
 */
async function renderPage(req, nonce) {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host")}`)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : [value ?? ""]) headers.append(name, one)
  }
  const response = await renderRemix(new Request(url, { headers }), loadContext(nonce))
  return {
    status: response.status,
    headers: [...response.headers.entries(), ["content-security-policy", contentSecurityPolicy({ nonce, imageOrigins: pictureOrigins })]],
    body: Buffer.from(await response.arrayBuffer()),
  }
}

function servePageFromCache(req, res, next) {
  if (pageCacheSeconds <= 0 || req.method !== "GET" || !isCacheablePath(req.path)) return next()
  const ageCookie = AGE_COOKIE.exec(req.get("cookie") ?? "")?.[1] ?? ""
  const key = `${req.get("host")}${req.originalUrl}\n${ageCookie}`
  pageCache
    .get(key, () => renderPage(req, res.locals.cspNonce))
    .then(({ page, state }) => {
      res.status(page.status)
      for (const [name, value] of page.headers) {
        // Replaces this response's own policy: the nonce must be the one in the cached HTML.
        if (name.toLowerCase() === "content-security-policy") res.set(name, value)
        else res.append(name, value)
      }
      res.set("X-Page-Cache", state)
      res.end(page.body)
    })
    .catch(next)
}

const app = express()
app.disable("x-powered-by")
app.set("trust proxy", trustProxy)
app.use(setSecurityHeaders)
app.use(compression())
const clientDir = path.join(path.dirname(buildPath), "..", "client")
// Built assets have content hashes in their names; the rest (favicon, images) may change in place.
app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }))
// The rest of the public folder (favicon, pictures): only paths with a file extension, so a page
// request never costs a file-system lookup.
const publicFiles = express.static(clientDir, { maxAge: "1d", index: false })
app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
app.use(morgan("tiny"))
app.use(refuseLargeBodies)
app.use(servePageFromCache)
app.all("*", createRemixHandler({ build, mode, getLoadContext: (req, res) => loadContext(res.locals.cspNonce, req.ip) }))

const port = Number(process.env.PORT || 3000)
const server = app.listen(port, process.env.HOST, () => {
  console.log(`[storefront] http://localhost:${port} (page cache ${pageCacheSeconds > 0 ? `${pageCacheSeconds} s` : "off"})`)
})

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => server.close(() => process.exit(0)))
}
