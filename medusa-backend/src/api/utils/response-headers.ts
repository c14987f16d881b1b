/**
 * Headers on the backend's answers (decision 0047, extending 0040):
 *
 * - every answer: `X-Content-Type-Options: nosniff` and no framing
 *   (`X-Frame-Options: DENY`, CSP `frame-ancestors 'none'`), Medusa Admin's pages
 *   under /app included;
 * - the APIs (`/api`, `/store`, `/admin`, `/auth`): a policy under which an answer
 *   opened as a document runs and loads nothing (`default-src 'none'`), and
 *   `Cache-Control: no-store` (orders, carts, prescription requests, tokens: nothing
 *   personal stays in a browser's or a proxy's cache), except the public catalogue
 *   of the Store API and the pharmacy's disclosures, which are the same for everyone.
 *
 * `backendResponseHeaders` is the middleware of the API namespaces
 * (src/api/middlewares.ts). Medusa Admin's HTML, the uploads and Medusa's own
 * early refusals are answered before any middleware of ours runs, so
 * instrumentation.ts also sets these headers on every request of the server
 * `medusa start` creates (`protectNextHttpServer`).
 */
import type { IncomingMessage, ServerResponse } from "node:http"

const API_PATH = /^\/(api|store|admin|auth)(\/|$)/
/**
 * Store API reads that are the same for every visitor: the storefront's catalogue read model, Medusa's catalogue
 * and the pharmacy's disclosures (decision 0054).
 */
const PUBLIC_CATALOGUE = /^\/store\/(catalog|products|product-categories|collections|regions|currencies|pharmacy-disclosures)(\/|$)/

export const NO_FRAMING_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": "frame-ancestors 'none'",
}

/** The headers of an answer to `path` (without the query string). */
export function responseHeadersFor(path: string): Record<string, string> {
  if (!API_PATH.test(path)) return { ...NO_FRAMING_HEADERS }
  return {
    ...NO_FRAMING_HEADERS,
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    ...(PUBLIC_CATALOGUE.test(path) ? {} : { "Cache-Control": "no-store" }),
  }
}

const pathOf = (url: string | undefined) => (url ?? "/").split("?")[0]

export function setResponseHeaders(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) {
  for (const [name, value] of Object.entries(responseHeadersFor(pathOf(req.originalUrl ?? req.url)))) res.setHeader(name, value)
}

/** Middleware of the API namespaces: the headers are set before anything else answers. */
export function backendResponseHeaders(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: () => void) {
  setResponseHeaders(req, res)
  next()
}

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown
type HttpModule = { createServer: (...args: unknown[]) => unknown }

const WRAPPED = Symbol.for("pharmacy.backend-response-headers")

/**
 * Sets the headers on every request of the next http server this process creates,
 * before its listener (Medusa's Express app) sees the request. `medusa start` creates
 * its server right after instrumentation.ts's `register()`, so that server is
 * Medusa's; the wrapper is removed at that first call and affects no other server.
 *
 * (Medusa's own per-request hook, the start command's `traceRequestHandler`, would
 * do the same but makes Medusa look up each request's route in its whole router
 * first: measured, a /health answer went from ~1-2 ms to ~4-5 ms.)
 * @param httpModule node's `http` module (the one Medusa's start command uses)
 */
export function protectNextHttpServer(httpModule: HttpModule) {
  const createServer = httpModule.createServer as HttpModule["createServer"] & { [WRAPPED]?: boolean }
  if (createServer[WRAPPED]) return
  const wrapped = Object.assign(
    function createProtectedServer(this: unknown, ...args: unknown[]) {
      httpModule.createServer = createServer
      const at = args.findIndex((arg) => typeof arg === "function")
      if (at >= 0) {
        const listener = args[at] as Listener
        args[at] = function protectedListener(this: unknown, req: IncomingMessage, res: ServerResponse) {
          setResponseHeaders(req, res)
          return listener.call(this, req, res)
        }
      }
      return createServer.apply(this, args)
    },
    { [WRAPPED]: true }
  )
  httpModule.createServer = wrapped
}
