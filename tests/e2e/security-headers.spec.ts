/**
 * Security headers (issue 15, decision 0040): the storefront's pages (a
 * shopper's and the staff area's) carry a Content-Security-Policy whose nonce
 * is on every inline script Remix sends, also when the page comes from the
 * micro-cache, plus frame, sniffing, referrer and permission limits, and HSTS
 * always in production; the backend's uploads under /static are sent with
 * nosniff and a sandbox, and all its answers with nosniff and no framing. Every
 * other spec fails on a policy violation (fixtures.ts); the last test here
 * shows that this check works.
 */
import type { APIRequestContext, APIResponse } from "@playwright/test"

import { expect, test } from "./fixtures"
import { catalog, verifyAge } from "./helpers"

const STAFF = { email: "admin@example.com", password: "harbor-health-dev" }

/** The directives of a Content-Security-Policy, by name. */
function directives(response: APIResponse) {
  const policy = response.headers()["content-security-policy"]
  expect(policy, `${response.url()} has a Content-Security-Policy`).toBeTruthy()
  return Object.fromEntries(
    policy.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/)
      return [name, values]
    })
  )
}

/** The nonce of the policy; every inline script of the HTML carries it (JSON-LD data blocks are not scripts). */
async function expectNoncedPage(response: APIResponse, backendUrl: string) {
  expect(response.status(), response.url()).toBe(200)
  const headers = response.headers()
  expect(headers["x-frame-options"]).toBe("DENY")
  expect(headers["x-content-type-options"]).toBe("nosniff")
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin")
  for (const feature of ["camera", "microphone", "geolocation", "payment"]) {
    expect(headers["permissions-policy"]).toContain(`${feature}=()`)
  }
  // The production server always sends HSTS (decision 0047); browsers ignore it on plain HTTP, e.g. on localhost here.
  expect(headers["strict-transport-security"]).toMatch(/^max-age=\d{7,}/)

  const csp = directives(response)
  expect(csp["default-src"]).toEqual(["'self'"])
  expect(csp["object-src"]).toEqual(["'none'"])
  expect(csp["base-uri"]).toEqual(["'self'"])
  expect(csp["form-action"]).toEqual(["'self'"])
  expect(csp["frame-ancestors"]).toEqual(["'none'"])
  expect(csp["img-src"]).toEqual(["'self'", "data:", new URL(backendUrl).origin])
  expect(csp["script-src"]).toHaveLength(2)
  expect(csp["script-src"][0]).toBe("'self'")
  const nonce = /^'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(csp["script-src"][1])?.[1]
  expect(nonce, "script-src has a nonce and no 'unsafe-inline'").toBeTruthy()

  const html = await response.text()
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1])
  const executable = scripts.filter((attributes) => !/type="application\/ld\+json"/.test(attributes))
  expect(executable.length, "Remix's inline scripts").toBeGreaterThan(0)
  for (const attributes of executable) expect(attributes).toContain(`nonce="${nonce}"`)
  return nonce!
}

test("a shopper's page and the staff area's carry the policy, its nonce on every script, and the other headers", async ({
  request,
  backendUrl,
}) => {
  const admin = await request.get("/admin")
  const adminNonce = await expectNoncedPage(admin, backendUrl)

  // /shop behind the age gate: its redirect has the headers too.
  const gate = await request.get("/shop", { maxRedirects: 0 })
  expect(gate.status()).toBe(302)
  expect(gate.headers()["x-frame-options"]).toBe("DENY")
  expect(directives(gate)["frame-ancestors"]).toEqual(["'none'"])
  const verify = await request.post("/age-check", { form: { age: "over18" }, maxRedirects: 0 })
  expect(verify.status()).toBe(302)

  // The micro-cache (0017) answers the same HTML for a couple of seconds: with the policy of the render it came from.
  const first = await request.get("/shop")
  const second = await request.get("/shop")
  const firstNonce = await expectNoncedPage(first, backendUrl)
  const secondNonce = await expectNoncedPage(second, backendUrl)
  if (second.headers()["x-page-cache"] !== "miss") expect(secondNonce).toBe(firstNonce)

  // A page that is never cached gets a new nonce every time.
  const again = await request.get("/admin")
  expect(await expectNoncedPage(again, backendUrl)).not.toBe(adminNonce)

  // Built files and pictures of the storefront are not sniffed either.
  const favicon = await request.get("/favicon.svg")
  expect(favicon.headers()["x-content-type-options"]).toBe("nosniff")
})

test("in production, HSTS and Secure cookies do not depend on what X-Forwarded-Proto says (decision 0047)", async ({ request }) => {
  const variants: Record<string, string>[] = [{}, { "X-Forwarded-Proto": "http" }, { "X-Forwarded-Proto": "https" }]
  for (const headers of variants) {
    const page = await request.get("/faq", { headers })
    expect(page.headers()["strict-transport-security"], JSON.stringify(headers)).toMatch(/^max-age=\d{7,}/)
    const verified = await request.post("/age-check", { form: { age: "over18" }, headers, maxRedirects: 0 })
    expect(verified.status()).toBe(302)
    expect(verified.headers()["set-cookie"], JSON.stringify(headers)).toMatch(/^age_verified=.*; Secure/)
  }
})

test("the backend's answers are not sniffed or framed, and personal ones are not cached (decision 0047)", async ({
  request,
  backendUrl,
  publishableKey,
}) => {
  // Answered by Medusa itself before any middleware of the app: headers from instrumentation.ts.
  const health = await request.get(`${backendUrl}/health`)
  expect(health.headers()).toMatchObject({ "x-content-type-options": "nosniff", "x-frame-options": "DENY" })
  expect(health.headers()["content-security-policy"]).toContain("frame-ancestors 'none'")
  const staffOnly = await request.get(`${backendUrl}/api/orders/?limit=20`)
  expect(staffOnly.status()).toBe(401)
  expect(staffOnly.headers()).toMatchObject({ "cache-control": "no-store", "x-content-type-options": "nosniff", "x-frame-options": "DENY" })
  const noKey = await request.get(`${backendUrl}/store/carts/cart_01JABCDEFGHJKMNPQRSTVWXYZ0`)
  expect(noKey.status()).toBe(400)
  expect(noKey.headers()).toMatchObject({ "cache-control": "no-store", "x-content-type-options": "nosniff", "x-frame-options": "DENY" })
  const catalogue = await request.get(`${backendUrl}/store/catalog/products?limit=1`, {
    headers: { "x-publishable-api-key": publishableKey },
  })
  expect(catalogue.status()).toBe(200)
  expect(catalogue.headers()["x-content-type-options"]).toBe("nosniff")
  expect(catalogue.headers()["cache-control"]).not.toBe("no-store")
})

/** Medusa's own admin API as the seeded staff user. */
async function medusaAdmin(request: APIRequestContext, backendUrl: string) {
  const signedIn = await request.post(`${backendUrl}/auth/user/emailpass`, { data: STAFF })
  expect(signedIn.status(), await signedIn.text()).toBe(200)
  const { token } = await signedIn.json()
  return { authorization: `Bearer ${token}` }
}

const UPLOAD_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; sandbox",
  "cross-origin-resource-policy": "same-site",
}

test("uploads under the backend's /static are sent with nosniff and a sandbox: an uploaded SVG's script never runs", async ({
  page,
  request,
  backendUrl,
  publishableKey,
  cspViolations,
}) => {
  // A picture the seed uploaded, as the shop shows it.
  const { products } = await catalog(request, backendUrl, publishableKey)
  const picture = products.find((product) => product.image?.startsWith(`${backendUrl}/static/`))?.image
  expect(picture, "a seeded product picture under /static").toBeTruthy()
  const seeded = await request.get(picture!)
  expect(seeded.status()).toBe(200)
  expect(seeded.headers()).toMatchObject(UPLOAD_HEADERS)

  // Staff may upload any file through Medusa's /admin/uploads: an SVG with a script, say.
  const headers = await medusaAdmin(request, backendUrl)
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>document.documentElement.setAttribute("data-ran", "yes")</script></svg>'
  const uploaded = await request.post(`${backendUrl}/admin/uploads`, {
    headers,
    multipart: { files: { name: "e2e-upload.svg", mimeType: "image/svg+xml", buffer: Buffer.from(svg) } },
  })
  expect(uploaded.status(), await uploaded.text()).toBe(200)
  const [file] = (await uploaded.json()).files as { id: string; url: string }[]
  try {
    expect(file.url).toMatch(new RegExp(`^${backendUrl}/static/`))
    const served = await request.get(file.url)
    expect(served.status()).toBe(200)
    expect(served.headers()["content-type"]).toMatch(/^image\/svg\+xml/)
    expect(served.headers()).toMatchObject(UPLOAD_HEADERS)

    // Opened directly, it is a document of its own: the sandbox keeps its script from running.
    await page.goto(file.url)
    await expect(page.locator("svg")).toBeAttached()
    expect(await page.locator("svg").getAttribute("data-ran")).toBeNull()
    // Whatever the browser reported about that refused script is expected here.
    cspViolations.splice(0, cspViolations.length, ...cspViolations.filter((violation) => !violation.includes(file.url)))
  } finally {
    await request.delete(`${backendUrl}/admin/uploads/${file.id}`, { headers })
  }
})

test("the browser enforces the policy: Remix's scripts run, an injected inline script does not, and the violation is caught", async ({
  page,
  cspViolations,
}) => {
  await verifyAge(page)
  await page.goto("/shop")
  // Remix's nonced inline scripts ran: the page hydrated.
  await expect.poll(() => page.evaluate(() => typeof (window as { __remixContext?: unknown }).__remixContext)).toBe("object")
  await page.evaluate(() => {
    const script = document.createElement("script")
    script.textContent = "window.__injected = true"
    document.body.append(script)
  })
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0)
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined()
  expect(cspViolations.join("\n")).toMatch(/script-src/)
  // Provoked on purpose: the fixture's check at the end of the test must not count it.
  cspViolations.length = 0
})
