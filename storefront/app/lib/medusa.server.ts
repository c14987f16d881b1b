/**
 * The storefront's only way to the backend: Medusa's JS SDK, used from loaders
 * and actions (server side), never from the browser.
 *
 * The SDK's own errors keep only the message and the HTTP status; Medusa's
 * answers also say what kind of error it was (`type`: not_found, not_allowed,
 * invalid_data...; sometimes a `code`). The client's `fetch` is replaced by one
 * that builds the same requests and throws `MedusaApiError` with both, so the
 * data layer (app/lib/data) decides by type and code, never by message text.
 */
import Medusa, { FetchError } from "@medusajs/js-sdk"
import { stringify } from "qs"

import { config } from "./config.server"

export const sdk = new Medusa({
  baseUrl: config.backendUrl,
  publishableKey: config.publishableKey,
  auth: { type: "jwt", jwtTokenStorageMethod: "nostore" },
})

/** A refused request, with Medusa's error type and code. Still a FetchError for older callers. */
export class MedusaApiError extends FetchError {
  constructor(
    message: string,
    statusText: string,
    status: number,
    readonly type: string | null,
    readonly code: string | null,
    /** Seconds from the answer's Retry-After (a 429 of a per-client limit), when it sent a number. */
    readonly retryAfter: number | null = null
  ) {
    super(message, statusText, status)
    this.name = "MedusaApiError"
  }
}

/** Retry-After in seconds (the backend's limits send whole seconds; an HTTP date is not used by them). */
function retryAfterSeconds(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return null
  return Number(value.trim())
}

type FetchInit = Parameters<typeof sdk.client.fetch>[1]

const DEFAULT_TIMEOUT_MS = 15_000

/** The SDK's request (headers, JSON body, query string), with typed errors. */
async function typedFetch<T>(input: RequestInfo | URL, init?: FetchInit): Promise<T> {
  const headers = new Headers({ "content-type": "application/json", accept: "application/json" })
  if (config.publishableKey) headers.set("x-publishable-api-key", config.publishableKey)
  for (const [name, value] of Object.entries((init?.headers ?? {}) as Record<string, string | null>)) {
    if (value === null) headers.delete(name)
    else headers.set(name, value)
  }
  let url: RequestInfo | URL = input
  if (typeof input === "string" || input instanceof URL) {
    const base = new URL(config.backendUrl)
    const target = new URL(`${base.pathname.replace(/\/$/, "")}/${input.toString().replace(/^\//, "")}`, base.origin)
    if (init?.query) target.search = stringify({ ...Object.fromEntries(target.searchParams), ...init.query }, { skipNulls: true })
    url = target
  }
  let body = init?.body as BodyInit | Record<string, unknown> | undefined
  if (body !== undefined && headers.get("content-type")?.includes("application/json")) body = JSON.stringify(body)
  const response = await fetch(url, {
    ...(init as RequestInit),
    headers,
    body: body as BodyInit | undefined,
    // A backend that does not answer within this long is treated as down.
    signal: init?.signal ?? AbortSignal.timeout(DEFAULT_TIMEOUT_MS),
  })
  if (response.status >= 300) {
    const error = (await response.json().catch(() => ({}))) as { message?: string; type?: string; code?: string }
    throw new MedusaApiError(
      error.message ?? response.statusText,
      response.statusText,
      response.status,
      error.type ?? null,
      error.code ?? null,
      retryAfterSeconds(response.headers.get("retry-after"))
    )
  }
  return (headers.get("accept")?.includes("application/json") ? await response.json() : response) as T
}

sdk.client.fetch = typedFetch as typeof sdk.client.fetch
