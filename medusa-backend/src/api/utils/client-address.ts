/**
 * Who is calling, for limits per client (sign-in failures, anonymous orders and
 * prescription requests). See docs/decisions/0042-trust-and-abuse-limits.md.
 *
 * `X-Forwarded-For` is written by whoever sends the request, so it is believed only
 * from a proxy the operator named in TRUST_PROXY: the storefront server (which passes
 * the shopper's address on), a load balancer. Without TRUST_PROXY the client is the
 * TCP peer, whatever the header says. Medusa's own `req.ip` trusts one hop from anyone
 * ("trust proxy" = 1), so it is not used here.
 *
 * TRUST_PROXY: off (default) | a comma-separated list of addresses, CIDR ranges and the
 * names `loopback`, `linklocal`, `uniquelocal` (proxy-addr's, as Express).
 */
import type { IncomingMessage } from "node:http"
import proxyAddr from "proxy-addr"

type Trust = (address: string, hop: number) => boolean

let compiled: { source: string; trust: Trust } | undefined

function trustFunction(source: string): Trust {
  if (compiled?.source === source) return compiled.trust
  const list = source
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
  const none = !list.length || list.some((entry) => ["off", "false", "0", "none"].includes(entry.toLowerCase()))
  let trust: Trust
  if (none) {
    trust = () => false
  } else {
    try {
      trust = proxyAddr.compile(list)
    } catch (error) {
      throw new Error(`TRUST_PROXY is invalid ("${source}"): ${(error as Error).message}`)
    }
  }
  compiled = { source, trust }
  return trust
}

/** Fails at start on a TRUST_PROXY value that is not a list of addresses or ranges. */
export function checkTrustProxySetting(env: NodeJS.ProcessEnv = process.env) {
  trustFunction(env.TRUST_PROXY ?? "")
}

/** The calling client's address: the TCP peer, or what trusted proxies say it is. */
export function clientAddress(req: IncomingMessage, env: NodeJS.ProcessEnv = process.env): string {
  if (!req.socket?.remoteAddress) return "unknown"
  const address = proxyAddr(req, trustFunction(env.TRUST_PROXY ?? ""))
  // One client, however its address is written (::ffff:127.0.0.1 is 127.0.0.1).
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address
}
