import { describe, expect, it, vi } from "vitest"

// The session cookie is signed with SESSION_SECRET (the storefront server gets one from npm start, docker-compose and the e2e stack).
process.env.SESSION_SECRET = "unit-test-session-secret-0123456789"

const session = await import("~/modules/staff/session.server")
const { requireAdmin, attempt } = await import("~/lib/data/staff/client.server")
const { failureOf } = await import("~/lib/backend-errors.server")
const { FetchError } = await import("@medusajs/js-sdk")

const cookieOf = (setCookie: string) => setCookie.split(";")[0]

/** A request carrying a session with these values. */
async function withSession(
  values: Partial<Record<"access" | "refresh" | "email" | "csrf", string>> & { expiresAt?: number },
  url = "http://store.test/admin/products"
) {
  const s = await session.getAdminSession(new Request(url))
  for (const [key, value] of Object.entries(values)) s.set(key as never, value as never)
  const setCookie = await session.commitAdminSession(new Request(url), s)
  return new Request(url, { headers: { Cookie: cookieOf(setCookie) } })
}

/** The response `requireAdmin` threw (a redirect), or null when it let the request through. */
const redirectOf = (pending: Promise<unknown>) =>
  pending.then(
    () => null,
    (response: Response) => response
  )

/** The staff session a browser holds once it took this response's cookie. */
const sessionAfter = (response: Response) =>
  session.getAdminSession(new Request("http://store.test/admin", { headers: { Cookie: cookieOf(response.headers.get("Set-Cookie")!) } }))

describe("the staff session cookie (issue 7)", () => {
  it("is HttpOnly and SameSite=Lax, Secure over HTTPS (here not production), and holds nothing readable as a token", async () => {
    const s = await session.getAdminSession(new Request("http://store.test/admin"))
    s.set("access", "header.payload.signature")
    const plain = await session.commitAdminSession(new Request("http://store.test/admin"), s)
    expect(plain).toMatch(/^admin_session=/)
    expect(plain).toMatch(/HttpOnly/)
    expect(plain).toMatch(/SameSite=Lax/)
    expect(plain).toMatch(/Path=\//)
    expect(plain).not.toMatch(/Secure/)
    const https = await session.commitAdminSession(new Request("https://store.test/admin"), s)
    expect(https).toMatch(/Secure/)
    // A client's own X-Forwarded-Proto is not believed (a trusted proxy's is in the request's URL).
    const claimed = await session.commitAdminSession(
      new Request("http://store.test/admin", { headers: { "X-Forwarded-Proto": "https" } }),
      s
    )
    expect(claimed).not.toMatch(/Secure/)
  })

  it("is signed: a changed cookie is no session at all", async () => {
    const request = await withSession({ access: "a", refresh: "r", expiresAt: Date.now() + 60_000 })
    expect(session.isSignedIn(await session.getAdminSession(request))).toBe(true)
    const cookie = request.headers.get("Cookie")!
    const [value, signature] = decodeURIComponent(cookie.split("=").slice(1).join("=")).split(".")
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(value, "base64").toString()), email: "boss@example.com" })
    ).toString("base64")
    const tampered = new Request("http://store.test/admin", {
      headers: { Cookie: `admin_session=${encodeURIComponent(`${forged}.${signature}`)}` },
    })
    const read = await session.getAdminSession(tampered)
    expect(read.get("email")).toBeUndefined()
    expect(session.isSignedIn(read)).toBe(false)
  })

  it("counts as signed in only with both tokens and within its lifetime", async () => {
    const s = await session.getAdminSession(new Request("http://store.test/admin"))
    expect(session.isSignedIn(s)).toBe(false)
    s.set("access", "a")
    s.set("refresh", "r")
    s.set("expiresAt", Date.now() + 1000)
    expect(session.isSignedIn(s)).toBe(true)
    s.set("expiresAt", Date.now() - 1)
    expect(session.isSignedIn(s)).toBe(false)
  })
})

describe("anti-forgery checks of admin forms", () => {
  it("accepts the session's token only, compared in constant time", async () => {
    const s = await session.getAdminSession(new Request("http://store.test/admin"))
    expect(session.validCsrfToken(s, "anything")).toBe(false) // no session token yet
    const { token, created } = session.ensureCsrfToken(s)
    expect(created).toBe(true)
    expect(session.ensureCsrfToken(s)).toEqual({ token, created: false })
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(session.validCsrfToken(s, token)).toBe(true)
    expect(session.validCsrfToken(s, `${token}x`)).toBe(false)
    expect(session.validCsrfToken(s, null)).toBe(false)
    expect(session.validCsrfToken(s, new File(["x"], "x"))).toBe(false)
  })

  it("accepts posts from this host (or a proxy's forwarded host) and refuses other origins", () => {
    const post = (headers: Record<string, string>) =>
      new Request("http://store.test/admin/categories", { method: "POST", headers: { Host: "store.test", ...headers } })
    expect(session.sameOrigin(post({ Origin: "http://store.test" }))).toBe(true)
    expect(session.sameOrigin(post({ Origin: "https://store.test" }))).toBe(true) // a TLS proxy in front
    expect(session.sameOrigin(post({}))).toBe(true) // no Origin: the form token decides
    expect(session.sameOrigin(post({ Origin: "https://evil.example" }))).toBe(false)
    expect(session.sameOrigin(post({ Origin: "null" }))).toBe(false)
    expect(session.sameOrigin(post({ Origin: "https://shop.example", "X-Forwarded-Host": "shop.example" }))).toBe(true)
  })
})

describe("where staff go", () => {
  it("after login: the admin page asked for, else the dashboard, never elsewhere", () => {
    expect(session.afterLogin(null)).toBe("/admin/dashboard")
    expect(session.afterLogin("/admin/products?page=2")).toBe("/admin/products?page=2")
    expect(session.afterLogin("/admin")).toBe("/admin/dashboard")
    expect(session.afterLogin("/shop")).toBe("/admin/dashboard")
    expect(session.afterLogin("//evil.example/admin/x")).toBe("/admin/dashboard")
    expect(session.afterLogin("https://evil.example/admin/x")).toBe("/admin/dashboard")
  })

  it("without a session: to /admin, remembering the page of a GET (not Remix's internal parameters)", () => {
    expect(session.loginRedirectPath(new Request("http://store.test/admin/products?sort=name_asc&_routes=routes%2Fadmin"))).toBe(
      "/admin?redirectTo=%2Fadmin%2Fproducts%3Fsort%3Dname_asc"
    )
    expect(session.loginRedirectPath(new Request("http://store.test/admin/categories", { method: "POST" }))).toBe("/admin")
  })

  it("requireAdmin: no session goes to the login page; an expired one is ended with a message", async () => {
    const none = await redirectOf(requireAdmin(new Request("http://store.test/admin/categories")))
    expect(none?.status).toBe(302)
    expect(none?.headers.get("Location")).toBe("/admin?redirectTo=%2Fadmin%2Fcategories")

    const expired = await withSession({ access: "a", refresh: "r", email: "pat@example.com", expiresAt: Date.now() - 1000 })
    const ended = await redirectOf(requireAdmin(expired))
    expect(ended?.status).toBe(302)
    const next = await sessionAfter(ended!)
    expect(next.get("access")).toBeUndefined()
    expect(next.get("refresh")).toBeUndefined()
    expect(next.get("notice")).toBe(session.SESSION_EXPIRED_MESSAGE)
    expect(next.get("csrf")).toBeTruthy()
  })

  /** The backend's answers to the staff area's session check (GET /api/token/session/) and refresh. */
  const backendAnswers = (session: number, refresh: number) =>
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname
      const status = path.startsWith("/api/token/refresh") ? refresh : session
      const body =
        status === 200
          ? { user_id: "user_1", email: "pat@example.com" }
          : { detail: "Given token not valid.", message: "Given token not valid." }
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })
    })

  it("requireAdmin: a live session (the backend says so) gives the staff member, and only a changed session is sent back", async () => {
    backendAnswers(200, 200)
    try {
      const admin = await requireAdmin(
        await withSession({ access: "a", refresh: "r", email: "pat@example.com", expiresAt: Date.now() + 60_000 })
      )
      expect(admin.email).toBe("pat@example.com")
      expect((await admin.headers()).get("Set-Cookie")).toBeNull()
      expect((await admin.headers()).get("Cache-Control")).toBe("private, no-store")
      admin.notice("Category added")
      expect((await admin.headers()).get("Set-Cookie")).toMatch(/^admin_session=/)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it("requireAdmin: a cookie whose session the backend ended (logout elsewhere, a copied cookie) is signed out", async () => {
    backendAnswers(401, 401)
    try {
      const ended = await redirectOf(
        requireAdmin(await withSession({ access: "a", refresh: "r", email: "pat@example.com", expiresAt: Date.now() + 60_000 }))
      )
      expect(ended?.status).toBe(302)
      const next = await sessionAfter(ended!)
      expect(next.get("access")).toBeUndefined()
      expect(next.get("notice")).toBe(session.SESSION_EXPIRED_MESSAGE)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe("failures of backend calls, in the terms of spec §8", () => {
  it("tells a response (with its detail), no response and anything else apart", () => {
    expect(failureOf(new FetchError("Category not found.", "Not Found", 404))).toEqual({
      kind: "response",
      status: 404,
      detail: "Category not found.",
    })
    // The SDK puts the status text where the body had no message.
    expect(failureOf(new FetchError("Bad Gateway", "Bad Gateway", 502))).toEqual({ kind: "response", status: 502, detail: null })
    expect(failureOf(new TypeError("fetch failed"))).toEqual({ kind: "network" })
    expect(failureOf(new DOMException("The operation timed out.", "TimeoutError"))).toEqual({ kind: "network" })
    expect(failureOf(new Error("boom"))).toEqual({ kind: "unexpected" })
  })

  it("attempt() reports failures but lets redirects (sign-outs) through", async () => {
    const logged = console.error
    console.error = () => {}
    try {
      expect(await attempt("x", async () => 1)).toEqual({ ok: true, value: 1 })
      expect(await attempt("x", async () => Promise.reject(new TypeError("fetch failed")))).toEqual({
        ok: false,
        failure: { kind: "network" },
      })
      const redirect = new Response(null, { status: 302 })
      await expect(attempt("x", async () => Promise.reject(redirect))).rejects.toBe(redirect)
    } finally {
      console.error = logged
    }
  })
})

describe("SESSION_SECRET in production (decision 0047)", () => {
  it("refuses an example value from the README, a short one or none, naming the variable", () => {
    expect(session.sessionSecretProblem({ NODE_ENV: "production", SESSION_SECRET: "change-me-to-a-third-long-random-string" })).toMatch(
      /^SESSION_SECRET is an example value from the documentation/
    )
    expect(session.sessionSecretProblem({ NODE_ENV: "production", SESSION_SECRET: "sixteen-chars-ok" })).toMatch(
      /^SESSION_SECRET is too short \(16 bytes\)/
    )
    expect(session.sessionSecretProblem({ NODE_ENV: "production" })).toMatch(/^SESSION_SECRET is not set/)
    expect(session.sessionSecretProblem({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) })).toBeNull()
    expect(session.sessionSecretProblem({ NODE_ENV: "development", SESSION_SECRET: "short" })).toBeNull()
  })

  it("stops the server when it loads the build (the module's import fails with the message)", async () => {
    const saved = { NODE_ENV: process.env.NODE_ENV, SESSION_SECRET: process.env.SESSION_SECRET }
    process.env.NODE_ENV = "production"
    process.env.SESSION_SECRET = "change-me-to-a-third-long-random-string"
    vi.resetModules()
    try {
      await expect(import("~/modules/staff/session.server")).rejects.toThrow(/^Refusing to start: SESSION_SECRET is an example value/)
    } finally {
      Object.assign(process.env, saved)
      vi.resetModules()
    }
  })
})
