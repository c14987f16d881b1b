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
 * names `loopback`, `linklocal`, `uniquelocal` (proxy-addr's, as Express). Parsed with the
 * backend's settings (`trustProxy`, src/lib/config.ts), so a bad value stops the start.
 *
 * An IPv6 client is its /64 network: one home or one server gets a whole /64 (2^64
 * addresses) and can use a new one for every request, so counting addresses would
 * count nothing (decision 0047). IPv4 clients, IPv4-mapped IPv6 included, are their address.
 */
import type { IncomingMessage } from "node:http"
import { isIPv6 } from "node:net"

import proxyAddr from "proxy-addr"

import { backendConfig, type Trust } from "../../lib/config"

/** The eight 16-bit groups of an IPv6 address (zone dropped, a dotted IPv4 tail as two groups); null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split("%")[0].toLowerCase()
  if (!isIPv6(text)) return null
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number)
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split("::")
  const parse = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : [])
  const left = parse(head)
  const right = tail === undefined ? [] : parse(tail)
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right]
  return groups.length === 8 ? groups : null
}

/**
 * The key limits count a client under: an IPv4 address as it is (also when written
 * as IPv4-mapped IPv6, ::ffff:192.0.2.1), an IPv6 address as its /64 network
 * (`2001:db8:1:2::/64`). Anything else (a name, "unknown") is kept as is.
 */
export function clientKeyOf(address: string): string {
  const groups = ipv6Groups(address)
  if (!groups) return address
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".")
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`
}

/**
 * The calling client, as limits count it: the TCP peer, or what trusted proxies say
 * it is; an IPv6 client by its /64 (`clientKeyOf`).
 */
export function clientAddress(req: IncomingMessage, trust: Trust = backendConfig().trustProxy): string {
  if (!req.socket?.remoteAddress) return "unknown"
  return clientKeyOf(proxyAddr(req, trust))
}
