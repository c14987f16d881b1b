/**
 * The deployment shape of production (docker-compose.yml): two Medusa servers and one worker
 * of the production build on one PostgreSQL and one Redis. What one server changes, the
 * other serves within a second; stock is never oversold across servers; every order gets
 * exactly one confirmation email although the mail server fails at first; failed sign-ins
 * count across servers, and two-step sign-in may take its steps on different servers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"

import { startDeployment } from "../../scripts/lib/deployment-stack.mjs"
import { startFakeSmtp } from "../support/fake-smtp"
import { totp } from "../support/totp"

type Variant = { id: string; name: string; price: number; stock: number }
type Product = { id: string; name: string; category: string | null; variants: Variant[] }

const ADMIN = { username: process.env.ADMIN_EMAIL || "admin@example.com", password: process.env.ADMIN_PASSWORD || "harbor-health-dev" }
const FRESH_WITHIN_MS = 1000

let smtp: Awaited<ReturnType<typeof startFakeSmtp>>
let deployment: Awaited<ReturnType<typeof startDeployment>>
let A: string
let B: string
let token: string
let categoryId: string
const freshness: Record<string, number> = {}

async function call<T = any>(
  base: string,
  method: string,
  path: string,
  init: { json?: unknown; form?: Record<string, string>; auth?: boolean } = {}
) {
  const headers: Record<string, string> = { "x-publishable-api-key": deployment.publishableKey }
  let body: BodyInit | undefined
  if (init.json !== undefined) {
    headers["content-type"] = "application/json"
    body = JSON.stringify(init.json)
  } else if (init.form) {
    const form = new FormData()
    for (const [k, v] of Object.entries(init.form)) form.set(k, v)
    body = form
  }
  if (init.auth) headers.authorization = `Bearer ${token}`
  const response = await fetch(`${base}${path}`, { method, headers, body })
  const text = await response.text()
  let parsed: any = null
  try {
    parsed = JSON.parse(text)
  } catch {}
  return { status: response.status, body: parsed as T, text }
}

/** Milliseconds until `check` holds, polling every 20 ms; fails after `limit` ms. */
async function msUntil(what: string, check: () => Promise<boolean>, limit = 10_000) {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > limit) throw new Error(`${what}: not seen within ${limit} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
  return Date.now() - started
}

const productOn = async (server: string, id: string) => {
  const answer = await call<Product>(server, "GET", `/api/products/${id}/`)
  return answer.status === 200 ? answer.body : null
}
const categoryListOn = async (server: string) =>
  (await call<{ products: Product[] }>(server, "GET", `/store/catalog/products?category=${categoryId}&limit=100`)).body.products

async function createProduct(server: string, name: string, variant: { name: string; price: number; stock: number }) {
  const product = await call<Product>(server, "POST", "/api/products/", {
    auth: true,
    form: { name, description: "Made by the deployment test", category: categoryId },
  })
  expect(product.status).toBe(201)
  const created = await call<Variant>(server, "POST", `/api/products/${product.body.id}/variants/`, { auth: true, json: variant })
  expect(created.status).toBe(201)
  return { productId: product.body.id, variantId: created.body.id }
}

const order = (server: string, buyer: string, productId: string, variantId: string, price: number) =>
  call(server, "POST", "/api/orders/", {
    json: {
      email: `${buyer}@example.com`,
      phone: "555-010-0000",
      shipping_address: "1 Scale Road, Dallas, Texas 75202, United States",
      items: [{ product: productId, variant: variantId, quantity: 1, price }],
      payment_method: "zelle",
    },
  })

beforeAll(async () => {
  smtp = await startFakeSmtp({ failFirst: 2 })
  deployment = await startDeployment({ smtpUrl: smtp.url })
  ;[A, B] = deployment.servers
  const signIn = await call(A, "POST", "/api/token/", { json: ADMIN })
  expect(signIn.status).toBe(200)
  token = signIn.body.access
  const categories = await call<{ id: string; name: string }[]>(A, "GET", "/api/categories/")
  categoryId = categories.body[0].id
}, 900_000)

afterAll(async () => {
  if (Object.keys(freshness).length) console.log(`freshness (ms until server B served server A's change): ${JSON.stringify(freshness)}`)
  await deployment?.stop()
  await smtp?.stop()
})

describe("two servers and a worker on one Postgres and Redis", () => {
  it("reports each server ready with its PostgreSQL and Redis", async () => {
    for (const server of [A, B]) {
      const ready = await call(server, "GET", "/health/ready")
      expect(ready.status).toBe(200)
      expect(ready.body).toEqual({ status: "ready", checks: { postgres: "ok", redis: "ok" } })
    }
  })

  it("serves a price change made on one server from the other within a second (detail and category list)", async () => {
    const [listed] = await categoryListOn(B)
    const variant = listed.variants[0]
    await productOn(A, listed.id) // both servers have the catalogue cached
    await productOn(B, listed.id)
    const newPrice = Math.round((variant.price + 11.11) * 100) / 100

    const edited = await call(A, "PATCH", `/api/variants/${variant.id}/`, {
      auth: true,
      json: { name: variant.name, price: newPrice, stock: variant.stock },
    })
    expect(edited.status).toBe(200)
    freshness.price_detail = await msUntil("new price on B's product", async () =>
      (await productOn(B, listed.id))!.variants.some((v) => v.id === variant.id && v.price === newPrice)
    )
    freshness.price_list = await msUntil("new price in B's category list", async () =>
      (await categoryListOn(B)).some((p) => p.variants.some((v) => v.id === variant.id && v.price === newPrice))
    )
    expect(freshness.price_detail).toBeLessThan(FRESH_WITHIN_MS)
    expect(freshness.price_list).toBeLessThan(FRESH_WITHIN_MS)
  })

  it("serves a product created on one server from the other within a second", async () => {
    await categoryListOn(B)
    const { productId } = await createProduct(A, `Scale Test Tablets ${Date.now()}`, { name: "30 tablets", price: 19.5, stock: 10 })
    freshness.new_product_detail = await msUntil("new product on B", async () => (await productOn(B, productId)) !== null)
    freshness.new_product_list = await msUntil("new product in B's category list", async () =>
      (await categoryListOn(B)).some((p) => p.id === productId)
    )
    expect(freshness.new_product_detail).toBeLessThan(FRESH_WITHIN_MS)
    expect(freshness.new_product_list).toBeLessThan(FRESH_WITHIN_MS)
  })

  it("shows a sell-out on one server on the other within a second, and never oversells across servers", async () => {
    // The last unit of one product, sold through A, watched on B.
    const single = await createProduct(A, `Scale Test Last Unit ${Date.now()}`, { name: "Single", price: 12, stock: 1 })
    expect((await productOn(B, single.productId))!.variants[0].stock).toBe(1)
    expect((await order(A, "last-unit", single.productId, single.variantId, 12)).status).toBe(201)
    freshness.sold_out_detail = await msUntil("sold out on B", async () => (await productOn(B, single.productId))!.variants[0].stock === 0)
    freshness.sold_out_list = await msUntil("sold out in B's category list", async () =>
      (await categoryListOn(B)).some((p) => p.id === single.productId && p.variants[0].stock === 0)
    )
    expect(freshness.sold_out_detail).toBeLessThan(FRESH_WITHIN_MS)
    expect(freshness.sold_out_list).toBeLessThan(FRESH_WITHIN_MS)

    // Six buyers, three on each server, for the last two units of another.
    const pair = await createProduct(A, `Scale Test Two Units ${Date.now()}`, { name: "Single", price: 15, stock: 2 })
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => order(i % 2 ? B : A, `buyer-${i}`, pair.productId, pair.variantId, 15))
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(2)
    const refused = answers.filter((a) => a.status !== 201)
    expect(refused).toHaveLength(4)
    for (const answer of refused) {
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
      expect(answer.text).toMatch(/stock|available|sold out/i)
    }
    expect((await productOn(B, pair.productId))!.variants[0].stock).toBe(0)
    expect((await productOn(A, pair.productId))!.variants[0].stock).toBe(0)
  })

  it("emails every order's confirmation exactly once, although the mail server refused the first tries", async () => {
    const orders = await call<{ unique_order_id: string }[]>(A, "GET", "/api/orders/?limit=50", { auth: true })
    expect(orders.status).toBe(200)
    const numbers = orders.body.map((o) => o.unique_order_id)
    expect(numbers).toHaveLength(3)
    const mailsFor = (number: string) => smtp.received.filter((m) => m.subject.includes(number))
    await msUntil("a confirmation for every order", async () => numbers.every((n) => mailsFor(n).length >= 1), 90_000)
    await new Promise((r) => setTimeout(r, 3000)) // a duplicate would arrive with the retries
    expect(smtp.refusedCount()).toBe(2)
    for (const number of numbers) expect(mailsFor(number)).toHaveLength(1)
  }, 120_000)

  it("refuses to start in production without real pay-to handles or a mail server, saying what is missing", async () => {
    const withoutHandles = await deployment.tryServer("server-without-handles", {
      DEV_PLACEHOLDERS: undefined,
      PAYMENT_ZELLE_PAY_TO: "payments@pharmacy.example",
      PAYMENT_CASHAPP_PAY_TO: undefined,
      PAYMENT_APPLEPAY_PAY_TO: undefined,
      PAYMENT_CHIME_PAY_TO: "$PharmacyChime",
    })
    expect(withoutHandles.code).not.toBe(0)
    expect(withoutHandles.code).not.toBe("running")
    expect(withoutHandles.log).toContain("Refusing to start in production: PAYMENT_CASHAPP_PAY_TO, PAYMENT_APPLEPAY_PAY_TO are not set")

    const withoutMail = await deployment.tryServer("server-without-smtp", {
      DEV_PLACEHOLDERS: undefined,
      SMTP_URL: undefined,
      PAYMENT_ZELLE_PAY_TO: "payments@pharmacy.example",
      PAYMENT_CASHAPP_PAY_TO: "$PharmacyCash",
      PAYMENT_APPLEPAY_PAY_TO: "(800) 555-0100",
      PAYMENT_CHIME_PAY_TO: "$PharmacyChime",
    })
    expect(withoutMail.code).not.toBe(0)
    expect(withoutMail.code).not.toBe("running")
    expect(withoutMail.log).toContain("Refusing to start in production: SMTP_URL is not set")
  }, 150_000)

  it("takes two-step sign-in's password on one server and its code on the other (/api, Medusa Admin)", async () => {
    const post = async (base: string, path: string, json: unknown, bearer?: string) => {
      const headers: Record<string, string> = { "content-type": "application/json" }
      if (bearer) headers.authorization = `Bearer ${bearer}`
      const response = await fetch(`${base}${path}`, { method: "POST", headers, body: JSON.stringify(json) })
      return { status: response.status, body: await response.json().catch(() => null) }
    }
    // A staff member of this test, invited as Medusa Admin does, with an authenticator app.
    const adminToken = (await post(A, "/auth/user/emailpass", { email: ADMIN.username, password: ADMIN.password })).body.token
    const member = { email: `two-step-${Date.now()}@example.com`, password: "deployment-lantern-orbit" }
    const invite = await post(A, "/admin/invites", { email: member.email }, adminToken)
    expect(invite.status).toBe(200)
    const registered = await post(B, "/auth/user/emailpass/register", member)
    expect(registered.status).toBe(200)
    const acceptPath = `/admin/invites/accept?token=${encodeURIComponent(invite.body.invite.token)}`
    expect((await post(A, acceptPath, { first_name: "Two", last_name: "Step" }, registered.body.token)).status).toBe(200)
    const { access } = (await post(A, "/api/token/", { username: member.email, password: member.password })).body
    const started = await post(B, "/api/mfa/totp/", {}, access)
    expect(started.status).toBe(201)
    const secret = started.body.secret as string
    expect((await post(A, `/api/mfa/totp/${started.body.factor_id}/verify/`, { code: totp(secret) }, access)).status).toBe(200)

    // The staff area's sign-in: the password on A, the code on B.
    const first = await post(A, "/api/token/", { username: member.email, password: member.password })
    expect(first.body.mfa_required).toBe(true)
    const second = await post(B, "/api/token/mfa/", { mfa_token: first.body.mfa_token, code: totp(secret) })
    expect(second.status).toBe(200)
    expect(second.body.access).toEqual(expect.any(String))

    // Medusa Admin's own: the challenge A opened is verified on B.
    const medusa = await post(A, "/auth/user/emailpass", { email: member.email, password: member.password })
    expect(medusa.body.mfa_required).toBe(true)
    const challengePath = `/auth/mfa/challenges/${medusa.body.mfa_challenge.id}/verify`
    const verified = await post(B, challengePath, { method: "totp", code: totp(secret) }, medusa.body.token)
    expect(verified.status).toBe(200)
    const me = await fetch(`${B}/admin/users/me`, { headers: { authorization: `Bearer ${verified.body.token}` } })
    expect(me.status).toBe(200)
  })

  it("limits failed sign-ins across servers", async () => {
    for (const [i, server] of [A, B, A, B, A].entries()) {
      const failed = await call(server, "POST", "/api/token/", { json: { username: ADMIN.username, password: `wrong-${i}` } })
      expect(failed.status).toBe(401)
    }
    const blocked = await call(B, "POST", "/api/token/", { json: ADMIN })
    expect(blocked.status).toBe(429)
  })
})
