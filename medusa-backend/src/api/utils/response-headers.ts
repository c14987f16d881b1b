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
 *   of the Store API, which is the same for everyone.
 *
 * `backendResponseHeaders` is the middleware of the API namespaces
 * (src/api/middlewares.ts). Medusa Admin's HTML, the uploads and Medusa's own
 * early refusals are answered before any middleware of ours runs, so
 * instrumentation.ts also sets these headers on every request when the server
 * starts (`protectEveryResponse`).
 */
import type { IncomingMessage, ServerResponse } from "node:http"

const API_PATH = /^\/(api|store|admin|auth)(\/|$)/
/** Store API reads that are the same for every visitor: the storefront's catalogue read model and Medusa's catalogue. */
const PUBLIC_CATALOGUE = /^\/store\/(catalog|products|product-categories|collections|regions|currencies)(\/|$)/

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

/** Medusa's hook around every request it serves (what its OpenTelemetry support uses); `handler` serves the request. */
type RequestTracer = ((
  handler: () => Promise<void>,
  req: IncomingMessage,
  res: ServerResponse,
  handlerPath?: string
) => Promise<unknown>) & { [key: symbol]: unknown }
type StartCommand = { traceRequestHandler?: RequestTracer }

const WRAPPED = Symbol.for("pharmacy.backend-response-headers")

/**
 * Sets the headers on every request `medusa start` serves, before Medusa's Express
 * app sees it: its http server calls the start command's `traceRequestHandler`
 * for each request when one is set. An existing tracer (OpenTelemetry) keeps
 * running. Safe to call twice.
 * @param startCommand the loaded `@medusajs/medusa/commands/start` module
 */
export function protectEveryResponse(startCommand: StartCommand) {
  const previous = startCommand.traceRequestHandler
  if (previous?.[WRAPPED]) return
  const tracer: RequestTracer = Object.assign(
    async (handler: () => Promise<void>, req: IncomingMessage, res: ServerResponse, handlerPath?: string) => {
      setResponseHeaders(req, res)
      return previous ? previous(handler, req, res, handlerPath) : handler()
    },
    { [WRAPPED]: true } as Record<symbol, unknown>
  )
  startCommand.traceRequestHandler = tracer
}
