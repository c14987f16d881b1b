/**
 * How the legacy import reads from the network (decision 0047): the catalogue's
 * pages and the product pictures come from URLs in data we do not control, so
 * each request is checked before it is made:
 *
 * - https only (plain http only with `allowHttp`, e.g. a legacy backend on this machine);
 * - the host's addresses are resolved first and refused when any is private,
 *   loopback, link-local, unique-local, multicast or otherwise not public (cloud
 *   metadata at 169.254.169.254, the database next door), unless `allowPrivateAddresses`;
 *   the connection then goes to the address that was checked, so a second DNS
 *   answer cannot point it elsewhere;
 * - redirects are not followed by the client: each `Location` is checked like the
 *   first URL (and must stay on `sameOrigin` when given), at most 5 of them;
 * - the body is counted as it arrives and the download stops at `maxBytes`,
 *   whatever Content-Length said.
 */
import dns from "node:dns"
import http from "node:http"
import https from "node:https"
import net from "node:net"

export type NetworkPolicy = {
  /** Allow plain http:// URLs (default: https only). */
  allowHttp?: boolean
  /** Allow hosts that resolve to private, loopback or link-local addresses (default: public only). */
  allowPrivateAddresses?: boolean
}

export type LookupAddress = { address: string; family: number }
/** Resolves a host name to all its addresses (default: the system resolver, like the http client). */
export type Lookup = (hostname: string) => Promise<LookupAddress[]>

export type Fetched = { url: string; status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** Makes one request to an address that was already checked; no redirects. */
export type Transport = (
  url: URL,
  target: LookupAddress,
  options: { maxBytes: number; timeoutMs: number; headers: Record<string, string> }
) => Promise<Omit<Fetched, "url">>

export type GuardedGetOptions = NetworkPolicy & {
  maxBytes: number
  timeoutMs?: number
  headers?: Record<string, string>
  /** Every URL, redirects included, must have this origin (e.g. the legacy backend's). */
  sameOrigin?: string
  lookup?: Lookup
  transport?: Transport
}

export class NetworkRefusal extends Error {
  constructor(message: string) {
    super(message)
    this.name = "NetworkRefusal"
  }
}

const MAX_REDIRECTS = 5

const systemLookup: Lookup = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true })

/** IPv4 ranges that are not the public internet (RFC 6890 and friends). */
const PRIVATE_V4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
]
/** IPv6 ranges that are not the public internet; IPv4-mapped and NAT64 addresses are checked as IPv4. */
const PRIVATE_V6: [string, number][] = [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001:db8::", 32],
  ["2001::", 23],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
]

const blockList = (() => {
  const list = new net.BlockList()
  for (const [address, prefix] of PRIVATE_V4) list.addSubnet(address, prefix, "ipv4")
  for (const [address, prefix] of PRIVATE_V6) list.addSubnet(address, prefix, "ipv6")
  return list
})()

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIPv4(address: string): string | null {
  const lower = address.toLowerCase()
  for (const prefix of ["::ffff:", "64:ff9b::"]) {
    if (!lower.startsWith(prefix)) continue
    const rest = lower.slice(prefix.length)
    if (net.isIPv4(rest)) return rest
    const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest)
    if (hex) {
      const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)]
      return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".")
    }
  }
  return null
}

/** True for addresses of private networks, this machine, link-local and other non-public ranges. */
export function isPrivateAddress(address: string): boolean {
  const plain = address.split("%")[0]
  if (net.isIPv4(plain)) return blockList.check(plain, "ipv4")
  if (!net.isIPv6(plain)) return true
  const v4 = embeddedIPv4(plain)
  return v4 ? blockList.check(v4, "ipv4") : blockList.check(plain, "ipv6")
}

/** Refuses a URL the policy does not allow, before anything is resolved or sent. */
export function checkUrl(text: string, policy: NetworkPolicy & { sameOrigin?: string }): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new NetworkRefusal(`Not a URL: ${text}`)
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && policy.allowHttp)) {
    throw new NetworkRefusal(
      url.protocol === "http:"
        ? `Refusing ${url.href}: only https:// URLs are fetched (--allow-http for a legacy backend without TLS).`
        : `Refusing ${url.href}: only https:// URLs are fetched.`
    )
  }
  if (url.username || url.password) throw new NetworkRefusal(`Refusing ${url.origin}: URLs with credentials are not fetched.`)
  if (policy.sameOrigin && url.origin !== policy.sameOrigin) {
    throw new NetworkRefusal(`Refusing ${url.href}: it leaves ${policy.sameOrigin}, the legacy backend being imported.`)
  }
  return url
}

/** The checked address to connect to: every address of the host must be public (unless allowed). */
async function resolveChecked(url: URL, policy: NetworkPolicy, lookup: Lookup): Promise<LookupAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, "")
  const addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await lookup(host)
  if (!addresses.length) throw new NetworkRefusal(`Refusing ${url.origin}: the host has no address.`)
  if (!policy.allowPrivateAddresses) {
    const inside = addresses.find((a) => isPrivateAddress(a.address))
    if (inside) {
      throw new NetworkRefusal(
        `Refusing ${url.origin}: it resolves to ${inside.address}, a private, loopback or link-local address ` +
          "(--allow-private-addresses for a legacy backend on this machine or network)."
      )
    }
  }
  return addresses[0]
}

/** The node:http(s) transport: connects to the checked address, counts the body, stops at maxBytes. */
export const nodeTransport: Transport = (url, target, { maxBytes, timeoutMs, headers }) =>
  new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http
    const request = client.request(
      url,
      {
        method: "GET",
        headers,
        timeout: timeoutMs,
        // The address checked above, never a second DNS answer (TLS still verifies the host name).
        lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
          options?.all ? callback(null, [target]) : callback(null, target.address, target.family)) as never,
      },
      (response) => {
        if (Number(response.headers["content-length"] ?? 0) > maxBytes) {
          request.destroy()
          reject(new NetworkRefusal(`Refusing ${url.href}: the answer is larger than ${maxBytes} bytes.`))
          return
        }
        const chunks: Buffer[] = []
        let received = 0
        response.on("data", (chunk: Buffer) => {
          received += chunk.length
          if (received > maxBytes) {
            request.destroy()
            reject(new NetworkRefusal(`Refusing ${url.href}: the answer is larger than ${maxBytes} bytes.`))
            return
          }
          chunks.push(chunk)
        })
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
        response.on("error", reject)
      }
    )
    request.on("timeout", () => request.destroy(new Error(`GET ${url.href} timed out after ${timeoutMs} ms`)))
    request.on("error", reject)
    request.end()
  })

/**
 * GET `url` under the policy: checks the URL and its host's addresses, follows
 * up to 5 redirects by hand with the same checks, and stops reading at maxBytes.
 * Throws NetworkRefusal for what the policy refuses.
 */
export async function guardedGet(url: string, options: GuardedGetOptions): Promise<Fetched> {
  const lookup = options.lookup ?? systemLookup
  const transport = options.transport ?? nodeTransport
  let current = url
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const checked = checkUrl(current, options)
    const target = await resolveChecked(checked, options, lookup)
    const answer = await transport(checked, target, {
      maxBytes: options.maxBytes,
      timeoutMs: options.timeoutMs ?? 20_000,
      headers: options.headers ?? {},
    })
    if (answer.body.length > options.maxBytes) {
      throw new NetworkRefusal(`Refusing ${checked.href}: the answer is larger than ${options.maxBytes} bytes.`)
    }
    const location = answer.headers.location
    if (answer.status >= 300 && answer.status < 400 && location) {
      current = new URL(Array.isArray(location) ? location[0] : location, checked).toString()
      continue
    }
    return { url: checked.toString(), ...answer }
  }
  throw new NetworkRefusal(`Refusing ${url}: more than ${MAX_REDIRECTS} redirects.`)
}
