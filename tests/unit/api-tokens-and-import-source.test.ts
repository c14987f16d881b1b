import http from "node:http"
import type { AddressInfo } from "node:net"

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"

import { parseLifetime, readBackendConfig, settingProblems, type SettingsEnv } from "../../medusa-backend/src/lib/config"
import { checkUrl, guardedGet, isPrivateAddress, type Transport } from "../../migrations/legacy-import/guarded-fetch"
import { listOf, readLegacySource } from "../../migrations/legacy-import/source"

const tokenLifetimes = (env: SettingsEnv) => readBackendConfig(env).tokenLifetimes
const throttleSettings = (env: SettingsEnv) => readBackendConfig(env).signInLimits

describe("token lifetimes and sign-in limits from the environment", () => {
  it("default to 15 minutes (access) and 7 days (refresh), and accept seconds or s/m/h/d", () => {
    expect(tokenLifetimes({})).toEqual({ access: 900, refresh: 604800 })
    expect(tokenLifetimes({ API_ACCESS_TOKEN_TTL: "5m", API_REFRESH_TOKEN_TTL: "1d" })).toEqual({ access: 300, refresh: 86400 })
    expect(parseLifetime("90", 1)).toBe(90)
    expect(parseLifetime("12h", 1)).toBe(43200)
    expect(parseLifetime("", 42)).toBe(42)
    expect(() => parseLifetime("soon", 1)).toThrow('Invalid token lifetime "soon"')
    expect(() => parseLifetime("0", 1)).toThrow("at least one second")
    // Durations as the ms package reads them (decision 0051).
    expect(parseLifetime("1 week", 1)).toBe(604800)
    expect(parseLifetime("1.5h", 1)).toBe(5400)
    expect(parseLifetime(" 15M ", 1)).toBe(900)
    expect(() => parseLifetime("-1h", 1)).toThrow("at least one second")
    expect(settingProblems({ API_ACCESS_TOKEN_TTL: "soon" })).toEqual([
      'API_ACCESS_TOKEN_TTL: Invalid token lifetime "soon": use seconds or a number with s, m, h or d',
    ])
  })

  it("sign-in limits default to 5 per client and 20 per account in 15 minutes", () => {
    expect(throttleSettings({})).toEqual({ maxPerClient: 5, maxPerAccount: 20, windowSeconds: 900 })
    expect(throttleSettings({ API_LOGIN_MAX_FAILURES: "3", API_LOGIN_WINDOW_SECONDS: "60" })).toEqual({
      maxPerClient: 3,
      maxPerAccount: 20,
      windowSeconds: 60,
    })
    expect(throttleSettings({ API_LOGIN_WINDOW_SECONDS: "30m" }).windowSeconds).toBe(1800)
    // A value that is not one stops the start, naming it (it used to fall back to the default silently).
    expect(settingProblems({ API_LOGIN_MAX_FAILURES_PER_ACCOUNT: "x", API_LOGIN_MAX_FAILURES: "0" })).toEqual([
      'API_LOGIN_MAX_FAILURES must be a whole number from 1 to 100000 (got "0"); unset it for the default (5).',
      'API_LOGIN_MAX_FAILURES_PER_ACCOUNT must be a whole number from 1 to 100000 (got "x"); unset it for the default (20).',
    ])
  })
})

describe("reading a legacy catalogue", () => {
  it("accepts the list shapes legacy answers come in (spec §8)", () => {
    expect(listOf([1, 2])).toEqual({ items: [1, 2], next: null })
    expect(listOf({ count: 3, next: "http://x/api/products/?page=2", results: [1] })).toEqual({
      items: [1],
      next: "http://x/api/products/?page=2",
    })
    expect(listOf({ products: [1] }).items).toEqual([1])
    expect(listOf({ whatever: [1, 2, 3] }).items).toEqual([1, 2, 3])
    expect(() => listOf({ detail: "nope" })).toThrow("No array found")
  })

  /** A legacy backend on the public internet, as the import sees it (a fake resolver and transport). */
  const publicHost = (pages: Record<string, unknown>) => ({
    lookup: async (host: string) => (host.endsWith("example.com") ? [{ address: "93.184.216.34", family: 4 }] : []),
    transport: (async (url: URL) => {
      const body = pages[url.toString()]
      return { status: body ? 200 : 404, headers: {}, body: Buffer.from(JSON.stringify(body ?? null)) }
    }) as Transport,
  })

  it("follows pages and makes relative picture URLs absolute", async () => {
    const pages: Record<string, unknown> = {
      "https://legacy.example.com/api/categories/": [{ id: 1, name: "Insulin" }],
      "https://legacy.example.com/api/products/": { next: "/api/products/?page=2", results: [{ id: 1, image: "/media/a.png" }] },
      "https://legacy.example.com/api/products/?page=2": {
        next: null,
        results: [
          { id: 2, image: "https://cdn.example.com/b.jpg" },
          { id: 3, image: null },
        ],
      },
    }
    const data = await readLegacySource("https://legacy.example.com/api/", publicHost(pages))
    expect(data).toEqual({
      categories: [{ id: 1, name: "Insulin" }],
      products: [
        { id: 1, image: "https://legacy.example.com/media/a.png" },
        { id: 2, image: "https://cdn.example.com/b.jpg" },
        { id: 3, image: null },
      ],
    })
    await expect(readLegacySource("https://legacy.example.com/broken", publicHost(pages))).rejects.toThrow("answered 404")
  })
})

describe("the legacy import's network policy (decision 0047)", () => {
  const publicLookup = async () => [{ address: "93.184.216.34", family: 4 }]

  it("fetches only https; http only when allowed", () => {
    expect(() => checkUrl("http://legacy.example.com/api/", {})).toThrow(/only https:\/\/ URLs are fetched \(--allow-http/)
    expect(() => checkUrl("ftp://legacy.example.com/x", { allowHttp: true })).toThrow(/only https/)
    expect(() => checkUrl("https://user:pw@legacy.example.com/", {})).toThrow(/credentials/)
    expect(checkUrl("http://legacy.example.com/api/", { allowHttp: true }).protocol).toBe("http:")
  })

  it("knows the addresses that are not the public internet", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.250.10",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::5",
      "::ffff:10.0.0.1",
      "::ffff:a00:1",
      "64:ff9b::7f00:1",
      "224.0.0.1",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true)
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"])
      expect(isPrivateAddress(address), address).toBe(false)
  })

  it("refuses a host that resolves to a private address (cloud metadata, the network next door), before connecting", async () => {
    const transport = vi.fn() as unknown as Transport
    const inside = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.5", family: 4 },
    ]
    await expect(guardedGet("https://legacy.example.com/api/products/", { maxBytes: 100, lookup: inside, transport })).rejects.toThrow(
      /resolves to 10\.0\.0\.5, a private, loopback or link-local address/
    )
    await expect(guardedGet("https://169.254.169.254/latest/meta-data/", { maxBytes: 100, transport })).rejects.toThrow(
      /169\.254\.169\.254/
    )
    await expect(guardedGet("https://[::1]:9000/api/", { maxBytes: 100, transport })).rejects.toThrow(/private/)
    expect(transport).not.toHaveBeenCalled()
  })

  it("connects to the address it checked, not to a second DNS answer", async () => {
    const seen: string[] = []
    const transport: Transport = async (_url, target) => {
      seen.push(target.address)
      return { status: 200, headers: {}, body: Buffer.from("[]") }
    }
    await guardedGet("https://legacy.example.com/api/categories/", { maxBytes: 100, lookup: publicLookup, transport })
    expect(seen).toEqual(["93.184.216.34"])
  })

  it("refuses `next` links to another origin", async () => {
    const pages: Record<string, unknown> = {
      "https://legacy.example.com/api/categories/": [],
      "https://legacy.example.com/api/products/": { next: "https://elsewhere.example.com/api/products/?page=2", results: [] },
    }
    const transport: Transport = async (url) => ({
      status: 200,
      headers: {},
      body: Buffer.from(JSON.stringify(pages[url.toString()] ?? null)),
    })
    await expect(readLegacySource("https://legacy.example.com", { lookup: publicLookup, transport })).rejects.toThrow(
      /Refusing https:\/\/elsewhere\.example\.com\/api\/products\/\?page=2: it leaves https:\/\/legacy\.example\.com/
    )
  })

  describe("against a real server on this machine", () => {
    let server: http.Server
    let base = ""
    const aborted: string[] = []

    beforeAll(async () => {
      server = http.createServer((req, res) => {
        req.socket.on("close", () => !res.writableEnded && aborted.push(req.url ?? ""))
        if (req.url === "/api/categories/") return res.writeHead(200, { "content-type": "application/json" }).end("[]")
        if (req.url === "/redirect-to-metadata") return res.writeHead(302, { location: "http://169.254.169.254/latest/" }).end()
        if (req.url === "/redirect-home") return res.writeHead(301, { location: "/api/categories/" }).end()
        if (req.url === "/huge") {
          // No Content-Length: only counting the bytes as they arrive stops this.
          res.writeHead(200, { "content-type": "image/png" })
          const chunk = Buffer.alloc(64 * 1024, 1)
          const pump = () => {
            while (res.write(chunk)) if (res.destroyed) return
            res.once("drain", pump)
          }
          return pump()
        }
        if (req.url === "/declared-huge") return res.writeHead(200, { "content-length": String(50 * 1024 * 1024) }).end()
        res.writeHead(404).end()
      })
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    })
    afterAll(() => {
      server.closeAllConnections()
      server.close()
    })
    const local = { allowHttp: true, allowPrivateAddresses: true }

    it("refuses it unless both http and private addresses are allowed", async () => {
      await expect(guardedGet(`${base}/api/categories/`, { maxBytes: 100 })).rejects.toThrow(/only https/)
      await expect(guardedGet(`${base}/api/categories/`, { maxBytes: 100, allowHttp: true })).rejects.toThrow(/127\.0\.0\.1, a private/)
      expect((await guardedGet(`${base}/api/categories/`, { maxBytes: 100, ...local })).body.toString()).toBe("[]")
    })

    it("follows redirects by hand, each checked: on the same origin yes, to cloud metadata no", async () => {
      const home = await guardedGet(`${base}/redirect-home`, { maxBytes: 100, ...local, sameOrigin: base })
      expect(home.url).toBe(`${base}/api/categories/`)
      await expect(guardedGet(`${base}/redirect-to-metadata`, { maxBytes: 100, ...local, sameOrigin: base })).rejects.toThrow(/leaves/)
      // A public host that redirects to cloud metadata: the redirect is checked like the first URL.
      const redirecting: Transport = async () => ({
        status: 302,
        headers: { location: "http://169.254.169.254/latest/meta-data/" },
        body: Buffer.alloc(0),
      })
      await expect(
        guardedGet("https://legacy.example.com/media/a.png", {
          maxBytes: 100,
          allowHttp: true,
          lookup: publicLookup,
          transport: redirecting,
        })
      ).rejects.toThrow(/Refusing http:\/\/169\.254\.169\.254: it resolves to 169\.254\.169\.254/)
    })

    it("stops a download at its size limit, whatever the server sends, and refuses a declared size over it", async () => {
      await expect(guardedGet(`${base}/huge`, { maxBytes: 256 * 1024, ...local })).rejects.toThrow("the answer is larger than 262144 bytes")
      await expect.poll(() => aborted).toContain("/huge")
      await expect(guardedGet(`${base}/declared-huge`, { maxBytes: 1024, ...local })).rejects.toThrow("larger than 1024 bytes")
    })
  })
})
