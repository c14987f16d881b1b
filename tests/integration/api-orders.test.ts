/**
 * Contract tests of the legacy /api order and form calls (spec §3, §7):
 * POST /api/orders/, GET /api/orders/{id}/ and /api/orders/, and
 * POST /api/prescription-request/.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { seedAll } from "../../medusa-backend/src/scripts/seed"
import type { CatalogProduct } from "../../medusa-backend/src/shared/catalog"
import { apiCaller, randomKey, staffTokens, storeFingerprint, type Call } from "./api-helpers"
import { BACKEND_DIR, createTestProduct, sellable, setupStore } from "./helpers"
import { full, medication } from "./prescription-requests"

const ADDRESS = "12 Elm Street, Apt 4, Springfield, Illinois 62704, United States"

medusaIntegrationTestRunner({
  cwd: BACKEND_DIR,
  testSuite: ({ getContainer, api, dbConnection }) => {
    let call: Call
    let token: string
    let strips: CatalogProduct // seeded, $ prices, plenty of stock
    let last3: Awaited<ReturnType<typeof createTestProduct>>

    beforeAll(async () => {
      const container = getContainer()
      await seedAll(container)
      last3 = await createTestProduct(container, await setupStore(container), { price: 12, stock: 3, title: "Last Three Lancets" })
      call = apiCaller(api)
      token = (await staffTokens(call)).access
      strips = (await call("GET", "/api/products/?search=test%20strips")).body.find((p: CatalogProduct) => p.variants.every((v) => v.stock > 20))
    })

    /** The spec's order payload, as the legacy checkout sends it. */
    const payload = (lines: [CatalogProduct | { id: string; variants: { id: string; price: number }[] }, number][], extra: Record<string, unknown> = {}) => {
      const items = lines.map(([p, quantity]) => ({ product: p.id, variant: p.variants[0].id, quantity, price: p.variants[0].price }))
      const subtotal = items.reduce((sum, i) => sum + i.price * i.quantity, 0)
      const shipping = subtotal > 75 ? 0 : 9.99
      return {
        email: "pat.lee@example.com",
        phone: "555-123-4567",
        shipping_address: ADDRESS,
        items,
        total_price: Math.round((subtotal + shipping + subtotal * 0.08) * 100) / 100,
        payment_method: "zelle",
        ...extra,
      }
    }

    describe("POST /api/orders/", () => {
      it("places a guest order from the legacy payload and answers unique_order_id with the server's totals", async () => {
        const price = strips.variants[0].price
        const answer = await call("POST", "/api/orders/", { json: payload([[strips, 2]]) })
        expect(answer.status).toBe(201)
        const subtotal = price * 2
        expect(answer.body).toEqual({
          unique_order_id: expect.stringMatching(/^HH-[2-9A-Z]{4}-[2-9A-Z]{4}$/),
          status: "awaiting_payment",
          email: "pat.lee@example.com",
          shipping_address: ADDRESS,
          payment_method: "zelle",
          total_price: answer.body.totals.total,
          totals: {
            subtotal,
            discount: 0,
            shipping: subtotal > 75 ? 0 : 9.99,
            tax: expect.any(Number),
            total: expect.any(Number),
          },
        })
        const { rows } = await dbConnection.raw(`SELECT email FROM "order" WHERE custom_display_id = ?`, [answer.body.unique_order_id])
        expect(rows).toHaveLength(1)
        // Without the trailing slash, with the storefront's extensions (name, discount code).
        const other = await call("POST", "/api/orders", {
          json: payload([[strips, 4]], { first_name: "Pat", last_name: "Lee", discount_code: "DISCOUNT10", total_price: undefined }),
        })
        expect(other.status).toBe(201)
        expect(other.body.totals.discount).toBe(Math.round(price * 4 * 10) / 100)
        const { rows: addresses } = await dbConnection.raw(
          `SELECT a.first_name, a.last_name, a.address_1, a.address_2, a.city, a.province, a.postal_code, a.country_code
             FROM "order" o JOIN order_address a ON a.id = o.shipping_address_id WHERE o.custom_display_id = ?`,
          [other.body.unique_order_id]
        )
        expect(addresses[0]).toEqual({
          first_name: "Pat",
          last_name: "Lee",
          address_1: "12 Elm Street",
          address_2: "Apt 4",
          city: "Springfield",
          province: "Illinois",
          postal_code: "62704",
          country_code: "us",
        })
      })

      it("refuses a tampered item price or total with 400 and writes nothing", async () => {
        const before = await storeFingerprint(dbConnection)
        const cheap = payload([[strips, 1]])
        cheap.items[0].price = 0.01
        const tamperedPrice = await call("POST", "/api/orders/", { json: cheap })
        expect(tamperedPrice.status).toBe(400)
        expect(tamperedPrice.body.detail).toMatch(/^The price of .+ is \d+\.\d\d, not 0\.01$/)
        const tamperedTotal = await call("POST", "/api/orders/", { json: { ...payload([[strips, 1]]), total_price: 1 } })
        expect(tamperedTotal.status).toBe(400)
        expect(tamperedTotal.body.detail).toMatch(/^total_price 1\.00 does not match the order total \d+\.\d\d$/)
        expect(await storeFingerprint(dbConnection)).toEqual(before)
        // A cent of client rounding is fine.
        const good = payload([[strips, 1]])
        const rounded = await call("POST", "/api/orders/", { json: { ...good, total_price: (good.total_price as number) - 0.01 } })
        expect(rounded.status).toBe(201)
      })

      it("refuses invalid payloads with field messages, and writes nothing", async () => {
        const before = await storeFingerprint(dbConnection)
        const good = payload([[strips, 1]])
        const cases: [Record<string, unknown>, Record<string, string>][] = [
          [{ ...good, email: "not-an-email" }, { email: "Enter a valid email address" }],
          [{ ...good, phone: "" }, { phone: "Phone is required" }],
          [{ ...good, payment_method: "bitcoin" }, { payment_method: "payment_method must be one of zelle, cashapp, applepay, chime" }],
          [{ ...good, items: [] }, { items: "Your cart is empty" }],
          [{ ...good, items: [{ ...good.items[0], quantity: 0 }] }, { "items.0.quantity": "quantity must be at least 1" }],
          [{ ...good, items: [{ ...good.items[0], quantity: 1.5 }] }, { "items.0.quantity": "quantity must be a whole number" }],
          [{ ...good, shipping_address: "somewhere" }, { shipping_address: "Enter the shipping address as: street, optional apartment, city, state ZIP, country" }],
          [{ ...good, shipping_address: "1 Rue de Rivoli, Paris, IDF 75001, France" }, { shipping_address: "We ship to the United States only" }],
          [{ ...good, total_price: "lots" }, { total_price: "total_price must be a number" }],
        ]
        for (const [json, errors] of cases) {
          const answer = await call("POST", "/api/orders/", { json })
          expect(answer.status, JSON.stringify(errors)).toBe(400)
          expect(answer.body.errors).toEqual(errors)
        }
        const unknownVariant = await call("POST", "/api/orders/", { json: { ...good, items: [{ ...good.items[0], variant: "variant_nope" }] } })
        expect(unknownVariant.status).toBe(400)
        // Never an internal id in a message.
        expect(unknownVariant.body.detail).toBe("A product in your order is no longer available.")
        const badCode = await call("POST", "/api/orders/", { json: { ...good, total_price: undefined, discount_code: "SAVE50" } })
        expect(badCode.status).toBe(400)
        expect(badCode.body.detail).toBe("Invalid discount code")
        const tooMany = await call("POST", "/api/orders/", {
          json: { ...good, total_price: undefined, items: [{ product: last3.product_id, variant: last3.variant_id, quantity: 4 }] },
        })
        expect(tooMany.status).toBe(400)
        expect(tooMany.body.detail).toBe("Not enough stock for Last Three Lancets (Standard): 3 available")
        expect(await storeFingerprint(dbConnection)).toEqual(before)
      })

      it("returns the same order for a repeated Idempotency-Key, and 409 when the key is reused for another order", async () => {
        const key = randomKey()
        const json = payload([[strips, 1]])
        const first = await call("POST", "/api/orders/", { json, headers: { "idempotency-key": key } })
        const again = await call("POST", "/api/orders/", { json, headers: { "idempotency-key": key } })
        expect(first.status).toBe(201)
        expect(again.status).toBe(201)
        expect(again.body.unique_order_id).toBe(first.body.unique_order_id)
        const { rows } = await dbConnection.raw(`SELECT count(*)::int AS n FROM "order" WHERE custom_display_id = ?`, [first.body.unique_order_id])
        expect(rows[0].n).toBe(1)

        const reused = await call("POST", "/api/orders/", { json: { ...json, payment_method: "chime" }, headers: { "idempotency-key": key } })
        expect(reused.status).toBe(409)
        expect(reused.body.detail).toBe("This Idempotency-Key was already used for a different order")
        const badKey = await call("POST", "/api/orders/", { json, headers: { "idempotency-key": "short" } })
        expect(badKey.status).toBe(400)
      })

      it("never oversells: 8 concurrent orders for the last 3 units make exactly 3 orders", async () => {
        const product = { id: last3.product_id, variants: [{ id: last3.variant_id, price: 12 }] }
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) => call("POST", "/api/orders/", { json: payload([[product, 1]], { email: `buyer${i}@example.com` }) }))
        )
        expect(answers.filter((a) => a.status === 201)).toHaveLength(3)
        const refused = answers.filter((a) => a.status !== 201)
        expect(refused).toHaveLength(5)
        for (const answer of refused) {
          expect(answer.status).toBe(400)
          expect(answer.body.detail).toMatch(/sold out|Not enough stock/)
        }
        expect(await sellable(dbConnection, last3.inventory_item_id)).toBe(0)
      })
    })

    describe("GET /api/orders/{id}/ and /api/orders/", () => {
      it("shows staff the full admin view of an order by its unique_order_id", async () => {
        const placed = (await call("POST", "/api/orders/", { json: payload([[strips, 3]], { first_name: "Pat" }) })).body
        const answer = await call("GET", `/api/orders/${placed.unique_order_id}/`, { token })
        expect(answer.status).toBe(200)
        expect(answer.body).toEqual({
          unique_order_id: placed.unique_order_id,
          email: "pat.lee@example.com",
          phone: "555-123-4567",
          shipping_address: ADDRESS,
          payment_method: "zelle",
          status: "awaiting_payment",
          paid: false,
          total_price: placed.total_price,
          totals: placed.totals,
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          requires_prescription: false,
          prescription_review: null,
          items: [
            {
              product: { id: strips.id, name: strips.name },
              variant: { id: strips.variants[0].id, name: strips.variants[0].name },
              quantity: 3,
              price: strips.variants[0].price,
            },
          ],
        })
        // Lower case and no trailing slash find it too.
        expect((await call("GET", `/api/orders/${placed.unique_order_id.toLowerCase()}`, { token })).body.unique_order_id).toBe(placed.unique_order_id)
        expect((await call("GET", "/api/orders/HH-2222-3333/", { token })).status).toBe(404)

        const list = await call("GET", "/api/orders/?limit=10", { token })
        expect(list.status).toBe(200)
        expect(list.body[0].unique_order_id).toBe(placed.unique_order_id)
        expect(Number(list.headers.get("x-total-count"))).toBeGreaterThanOrEqual(1)
      })

      it("tells anyone else nothing about the order (401), not even whether it exists", async () => {
        const placed = (await call("POST", "/api/orders/", { json: payload([[strips, 1]]) })).body
        for (const id of [placed.unique_order_id, "HH-2222-3333"]) {
          const answer = await call("GET", `/api/orders/${id}/`)
          expect(answer.status).toBe(401)
          expect(answer.body).toEqual({
            detail: "Authentication credentials were not provided.",
            message: "Authentication credentials were not provided.",
          })
        }
      })

      it("shows an order with a prescription-only product as awaiting review", async () => {
        const rx = (await call("GET", "/api/products/?search=semaglutide")).body.find((p: CatalogProduct) => p.prescription && p.variants[0].stock > 0)
        const placed = (await call("POST", "/api/orders/", { json: payload([[rx, 1]]) })).body
        expect(placed.status).toBe("awaiting_prescription_review")
        expect((await call("GET", `/api/orders/${placed.unique_order_id}/`, { token })).body.status).toBe("awaiting_prescription_review")
      })
    })

    describe("POST /api/prescription-request/", () => {
      it("stores each of the three forms for a guest and echoes nothing the visitor typed", async () => {
        for (const json of [medication, { ...medication, formType: "insulin" }, full]) {
          const answer = await call("POST", "/api/prescription-request/", { json })
          expect(answer.status).toBe(201)
          expect(answer.body).toEqual({
            id: expect.any(String),
            formType: json.formType,
            status: "received",
            created_at: expect.any(String),
            detail: "Your request was received. Our pharmacy team will contact you.",
          })
          expect(JSON.stringify(answer.body)).not.toContain(json.email)
        }
        // HTML form posts work too (checkbox "on").
        const form = await call("POST", "/api/prescription-request", {
          form: { ...Object.fromEntries(Object.entries(full).map(([k, v]) => [k, String(v)])), agreeToTerms: "on", thyroidCancer: "false" },
        })
        expect(form.status).toBe(201)
        const { rows } = await dbConnection.raw("SELECT count(*)::int AS n FROM prescription_request")
        expect(rows[0].n).toBe(4)
      })

      it("refuses missing or invalid fields with 400 and field messages, storing nothing", async () => {
        const before = await storeFingerprint(dbConnection)
        const cases: [unknown, Record<string, string>][] = [
          [{ ...full, agreeToTerms: false }, { agreeToTerms: "Please agree to the terms and conditions to continue." }],
          [{ ...full, email: "", dateOfBirth: "", phone: "", state: "" }, {
            email: "Email is required",
            dateOfBirth: "Date of birth is required",
            phone: "Phone is required",
            state: "State is required",
          }],
          [{ ...medication, age: 0 }, { age: "Age must be at least 1" }],
          [{ ...medication, name: " " }, { name: "Name is required" }],
          [{ ...medication, formType: "vitamins" }, { formType: "formType must be one of insulin, weight_loss, prescription" }],
          [{ ...medication, duration: "Forever" }, { duration: "Duration must be Less Than A Year or More Than A Year" }],
        ]
        for (const [json, errors] of cases) {
          const answer = await call("POST", "/api/prescription-request/", { json })
          expect(answer.status, JSON.stringify(errors)).toBe(400)
          expect(answer.body.errors).toEqual(errors)
          expect(answer.body.detail).toBe(Object.values(errors).join("; "))
        }
        expect(await storeFingerprint(dbConnection)).toEqual(before)
      })
    })
  },
})
