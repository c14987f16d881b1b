/**
 * Who the shopper is, for the backend's per-client limits (failed sign-ins, anonymous orders
 * and prescription requests): the storefront calls the backend on shoppers' behalf, so it
 * passes each shopper's address on as `X-Forwarded-For`, and the backend believes it because
 * the storefront is one of its TRUST_PROXY addresses. The address comes from the storefront's
 * own server (server/index.mjs puts it in the load context: the TCP peer, or what the proxies
 * in the storefront's own TRUST_PROXY say). Never from a header the browser sent.
 * See docs/decisions/0042-trust-and-abuse-limits.md.
 */
import type { AppLoadContext } from "@remix-run/node"

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The shopper's address as the storefront server determined it. */
    clientAddress?: string
  }
}

/** Headers for a backend call made for this shopper. */
export function shopperHeaders(context: AppLoadContext | undefined): Record<string, string> {
  const address = context?.clientAddress
  return typeof address === "string" && address ? { "x-forwarded-for": address } : {}
}
