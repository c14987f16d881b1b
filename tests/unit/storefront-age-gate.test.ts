import { afterEach, describe, expect, it, vi } from "vitest"

import { afterVerification, isAgeVerified, requireAgeVerified, verifiedCookieHeader } from "~/lib/age-gate.server"

const cookieOf = (setCookie: string) => setCookie.split(";")[0]

describe("the age gate's server side", () => {
  it("sends an unverified visitor to /age-check, remembering the page", async () => {
    const request = new Request("http://store.test/product/prod_1?ref=home")
    expect(await isAgeVerified(request)).toBe(false)
    const thrown = await requireAgeVerified(request).then(
      () => null,
      (response: Response) => response
    )
    expect(thrown?.status).toBe(302)
    expect(thrown?.headers.get("Location")).toBe("/age-check?redirectTo=%2Fproduct%2Fprod_1%3Fref%3Dhome")
  })

  it("lets a verified visitor through, with the cookie the age check sets", async () => {
    const setCookie = await verifiedCookieHeader(new Request("http://store.test/age-check", { method: "POST" }))
    expect(setCookie).toMatch(/^age_verified=/)
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Lax/)
    expect(setCookie).not.toMatch(/Secure/)
    const request = new Request("http://store.test/shop", { headers: { Cookie: cookieOf(setCookie) } })
    expect(await isAgeVerified(request)).toBe(true)
    await expect(requireAgeVerified(request)).resolves.toBeUndefined()
  })

  it("marks the cookie Secure over HTTPS (never because a client says so), and ignores forged or broken cookies", async () => {
    expect(await verifiedCookieHeader(new Request("https://store.test/age-check"))).toMatch(/; Secure/)
    // The server puts a trusted proxy's X-Forwarded-Proto into the request's URL; a client's own header is not believed.
    expect(
      await verifiedCookieHeader(new Request("http://store.test/age-check", { headers: { "X-Forwarded-Proto": "https" } }))
    ).not.toMatch(/Secure/)
    for (const cookie of ["age_verified=1", "age_verified=ZmFsc2U%3D", "age_verified=%%%"]) {
      expect(await isAgeVerified(new Request("http://store.test/shop", { headers: { Cookie: cookie } }))).toBe(false)
    }
  })

  it("goes to the shop after verification unless a page on this site was asked for", () => {
    expect(afterVerification(null)).toBe("/shop")
    expect(afterVerification("/cart")).toBe("/cart")
    expect(afterVerification("https://elsewhere.example")).toBe("/shop")
    expect(afterVerification("/age-check")).toBe("/shop")
  })
})

describe("cookies in production (decision 0047)", () => {
  const nodeEnv = process.env.NODE_ENV
  afterEach(() => {
    process.env.NODE_ENV = nodeEnv
    vi.resetModules()
  })

  it("are always Secure, whatever X-Forwarded-Proto says (a TLS proxy may speak plain HTTP to the server)", async () => {
    process.env.NODE_ENV = "production"
    vi.resetModules()
    const gate = await import("~/lib/age-gate.server")
    const variants: Record<string, string>[] = [{}, { "X-Forwarded-Proto": "http" }]
    for (const headers of variants) {
      expect(await gate.verifiedCookieHeader(new Request("http://store.test/age-check", { headers }))).toMatch(/; Secure/)
    }
  })
})
