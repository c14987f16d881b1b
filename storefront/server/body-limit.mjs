// Request body limits of the storefront server (decision 0046). Shopper forms are a few fields,
// so a body over 64 KB is refused with 413 before it is read; only the staff product form (one
// picture of at most 5 MB and its fields, decision 0032) may send more, up to 8 MB, and an order status
// page's prescription upload (at most 10 MB, issue 24) up to 10 MB and 64 KB. A declared
// Content-Length over the limit is refused at once, unread; a body without one (chunked) is
// counted as it streams: past the limit the request is answered 413, the rest is read and
// dropped (never kept), and what Remix had received fails to parse, so no action runs on half a form.
//
// Remix's Express adapter reads the request stream itself, so this module also hands Remix the
// request (the adapter's own steps, with the counted body in place of the raw stream).
import { Transform } from "node:stream"

import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable } from "@remix-run/node"

export const SHOPPER_BODY_LIMIT = 64 * 1024
export const STAFF_UPLOAD_LIMIT = 8 * 1024 * 1024
/** A patient's prescription document (issue 24): the backend's 10 MB and the form's few bytes around it. */
export const DOCUMENT_UPLOAD_LIMIT = 10 * 1024 * 1024 + 64 * 1024

/** The staff product form's pages (new product, edit product), and their client-side submissions (`.data`). */
const STAFF_UPLOAD_PATH = /^\/admin\/(?:add-product|products)(?:\.data)?\/?$/i

/** An order status page (its upload form posts to it), and its client-side submissions (`.data`). */
const DOCUMENT_UPLOAD_PATH = /^\/order-status\/[^/]+?(?:\.data)?\/?$/i

/** The most a request to `path` may send, in bytes. */
export function bodyLimitFor(path) {
  if (STAFF_UPLOAD_PATH.test(path)) return STAFF_UPLOAD_LIMIT
  return DOCUMENT_UPLOAD_PATH.test(path) ? DOCUMENT_UPLOAD_LIMIT : SHOPPER_BODY_LIMIT
}

const hasBody = (req) => req.method !== "GET" && req.method !== "HEAD"
const inWords = (bytes) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`)

/** Answers 413 (a short page, or JSON to a client that asks for it) and closes the connection after it. */
function refuse(req, res, limit) {
  res.locals.bodyRefused = true
  if (res.headersSent) return
  const message = `What you sent is too large: the limit is ${inWords(limit)}. Please send less and try again.`
  res.status(413).set({ "Cache-Control": "no-store", Connection: "close" })
  if (req.accepts(["html", "json"]) === "json") {
    res.json({ message })
    return
  }
  res
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Request too large</title></head>` +
        `<body><h1>Request too large</h1><p>${message}</p><p><a href="/">Back to the shop</a></p></body></html>`
    )
}

/** Express middleware: refuses a body whose declared length is over its path's limit, before reading a byte of it. */
export function refuseLargeBodies(req, res, next) {
  if (!hasBody(req)) return next()
  const limit = bodyLimitFor(req.path)
  res.locals.bodyLimit = limit
  const declared = req.headers["content-length"]
  if (declared !== undefined && Number(declared) > limit) return refuse(req, res, limit)
  next()
}

/**
 * The request's body as a stream that ends in an error (and a 413 answer) once it passes the limit;
 * `onRefused` runs first (Remix's request is aborted, so the failed read is not logged as a server error).
 */
export function limitedBody(req, res, limit = res.locals.bodyLimit ?? bodyLimitFor(req.path), onRefused = () => {}) {
  let received = 0
  const counter = new Transform({
    transform(chunk, _encoding, done) {
      received += chunk.length
      if (received <= limit) return done(null, chunk)
      req.unpipe(counter)
      req.resume() // the rest is read and dropped
      refuse(req, res, limit)
      onRefused()
      done(Object.assign(new Error(`Request body over ${limit} bytes`), { status: 413 }))
    },
  })
  req.once("error", (error) => counter.destroy(error))
  req.pipe(counter)
  return counter
}

/** Remix's Express handler (@remix-run/express 2.17's steps), reading the body through `limitedBody`. */
export function createRemixHandler({ build, mode, getLoadContext }) {
  const handleRequest = createRequestHandler(build, mode)
  return async (req, res, next) => {
    try {
      const response = await handleRequest(remixRequest(req, res), await getLoadContext?.(req, res))
      // Answered 413 while Remix read the body: its own answer (an error) is not sent.
      if (res.locals.bodyRefused) return
      await sendRemixResponse(res, response)
    } catch (error) {
      if (res.locals.bodyRefused) return
      next(error)
    }
  }
}

function remixRequest(req, res) {
  // req.hostname has no port: take it from X-Forwarded-Host or Host, as the adapter does.
  const [, forwardedPort] = req.get("X-Forwarded-Host")?.split(":") ?? []
  const [, hostPort] = req.get("host")?.split(":") ?? []
  const port = [Number.parseInt(forwardedPort, 10), Number.parseInt(hostPort, 10)].find(Number.isSafeInteger) ?? ""
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`)
  let controller = new AbortController()
  const headers = new Headers()
  for (const [name, values] of Object.entries(req.headers)) {
    if (!values) continue
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value)
  }
  const init = { method: req.method, headers, signal: controller.signal }
  if (hasBody(req)) {
    init.body = createReadableStreamFromReadable(limitedBody(req, res, undefined, () => controller?.abort()))
    init.duplex = "half"
  }
  // Abort loaders and actions once no answer can be written (`close` without `finish`).
  res.on("finish", () => (controller = null))
  res.on("close", () => controller?.abort())
  return new Request(url.href, init)
}

async function sendRemixResponse(res, response) {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers.entries()) res.append(name, value)
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders()
  if (response.body) await writeReadableStreamToWritable(response.body, res)
  else res.end()
}
