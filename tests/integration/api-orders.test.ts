/**
 * Contract tests of the legacy /api order and form calls (spec §3, §7):
 * POST /api/orders/, GET /api/orders/{id}/ and /api/orders/, and
 * POST /api/prescription-request/. Also (issue 21, decision 0047): staff lists
 * without health data and every detail read audited; an idempotency key that
 * survives a crash between the order and its record; the recovery job.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import type { CatalogProduct } from "../../medusa-backend/src/shared/catalog"
import { full, medication } from "../support/prescription-forms"
import { randomKey, storeFingerprint } from "./api-helpers"
import { sellable } from "./helpers"
import { integrationSuite } from "./suite"

const ADDRESS = "12 Elm Street, Apt 4, Springfield, Illinois 62704, United States"

integrationSuite(
  { catalogue: "seeded", staff: "signed-in", products: { last3: { price: 12, stock: 3, title: "Last Three Lancets" } } },
  (suite, { getContainer, dbConnection }) => {
    const { call } = suite
    const { last3 } = suite.products
    let strips: CatalogProduct // seeded, $ prices, plenty of stock

    beforeAll(async () => {
      strips = (await call("GET", "/api/products/?search=test%20strips")).body.find((p: CatalogProduct) =>
        p.variants.every((v) => v.stock > 20)
      )
    })

    /** The spec's order payload, as the legacy checkout sends it. */
    const payload = (
      lines: [CatalogProduct | { id: string; prescription?: boolean; variants: { id: string; price: number }[] }, number][],
      extra: Record<string, unknown> = {}
    ) => {
      const items = lines.map(([p, quantity]) => ({ product: p.id, variant: p.variants[0].id, quantity, price: p.variants[0].price }))
      const subtotal = items.reduce((sum, i) => sum + i.price * i.quantity, 0)
      // Standard shipping: the products ordered here are not refrigerated (those ship by cold chain, decision 0059).
      const shipping = subtotal > 75 ? 0 : 9.99
      // 8 % on what is not prescription-only (decision 0060).
      const taxable = lines.reduce((sum, [p, quantity]) => sum + (p.prescription ? 0 : p.variants[0].price * quantity), 0)
      return {
        email: "pat.lee@example.com",
        phone: "555-123-4567",
        shipping_address: ADDRESS,
        items,
        total_price: Math.round((subtotal + shipping + taxable * 0.08) * 100) / 100,
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
          [
            { ...good, shipping_address: "somewhere" },
            { shipping_address: "Enter the shipping address as: street, optional apartment, city, state ZIP, country" },
          ],
          [
            { ...good, shipping_address: "1 Rue de Rivoli, Paris, IDF 75001, France" },
            { shipping_address: "We ship to the United States only" },
          ],
          [{ ...good, total_price: "lots" }, { total_price: "total_price must be a number" }],
        ]
        for (const [json, errors] of cases) {
          const answer = await call("POST", "/api/orders/", { json })
          expect(answer.status, JSON.stringify(errors)).toBe(400)
          expect(answer.body.errors).toEqual(errors)
        }
        const unknownVariant = await call("POST", "/api/orders/", {
          json: { ...good, items: [{ ...good.items[0], variant: "variant_nope" }] },
        })
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
        const { rows } = await dbConnection.raw(`SELECT count(*)::int AS n FROM "order" WHERE custom_display_id = ?`, [
          first.body.unique_order_id,
        ])
        expect(rows[0].n).toBe(1)

        const reused = await call("POST", "/api/orders/", {
          json: { ...json, payment_method: "chime" },
          headers: { "idempotency-key": key },
        })
        expect(reused.status).toBe(409)
        expect(reused.body.detail).toBe("This Idempotency-Key was already used for a different order")
        const badKey = await call("POST", "/api/orders/", { json, headers: { "idempotency-key": "short" } })
        expect(badKey.status).toBe(400)
      })

      it("never oversells: 8 concurrent orders for the last 3 units make exactly 3 orders", async () => {
        const product = { id: last3.product_id, variants: [{ id: last3.variant_id, price: 12 }] }
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            call("POST", "/api/orders/", { json: payload([[product, 1]], { email: `buyer${i}@example.com` }) })
          )
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
        // The view lists the customer's emails: the confirmation, once its subscriber has sent it.
        let answer = await call("GET", `/api/orders/${placed.unique_order_id}/`, { token: suite.token })
        for (let i = 0; i < 100 && answer.body.emails?.[0]?.status !== "sent"; i++) {
          await new Promise((r) => setTimeout(r, 100))
          answer = await call("GET", `/api/orders/${placed.unique_order_id}/`, { token: suite.token })
        }
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
          // Unpaid: nothing may ship yet, nothing has (issue 24).
          may_ship: false,
          may_mark_delivered: false,
          shipments: [],
          emails: [
            {
              kind: "order-confirmation",
              label: "Order confirmation",
              status: "sent",
              tries: 1,
              first_try_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
              last_try_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
            },
          ],
        })
        // Lower case and no trailing slash find it too.
        expect(
          (await call("GET", `/api/orders/${placed.unique_order_id.toLowerCase()}`, { token: suite.token })).body.unique_order_id
        ).toBe(placed.unique_order_id)
        expect((await call("GET", "/api/orders/HH-2222-3333/", { token: suite.token })).status).toBe(404)

        const list = await call("GET", "/api/orders/?limit=10", { token: suite.token })
        expect(list.status).toBe(200)
        expect(list.body[0]).toEqual({
          unique_order_id: placed.unique_order_id,
          email: "pat.lee@example.com",
          status: "awaiting_payment",
          paid: false,
          total_price: placed.total_price,
          totals: placed.totals,
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        })
        expect(Number(list.headers.get("x-total-count"))).toBeGreaterThanOrEqual(1)
      })

      it("lists orders for staff without address, phone or medicines, not cached, each list and detail read audited (GET /api/orders/?limit=20)", async () => {
        const rx = (await call("GET", "/api/products/?search=dexcom")).body.find(
          (p: CatalogProduct) => p.prescription && p.variants[0].stock > 0
        )
        const placed = (
          await call("POST", "/api/orders/", { json: payload([[rx, 1]], { email: "rx.buyer@example.com", phone: "555-777-0001" }) })
        ).body
        const { rows: users } = await dbConnection.raw(`SELECT id FROM "user" WHERE email = 'admin@example.com'`)
        const staffId = users[0].id
        const audit = async () =>
          (
            await dbConnection.raw(
              `SELECT subject_type, subject_id, actor_id, action, details FROM prescription_audit_entry ORDER BY created_at, id`
            )
          ).rows
        const before = (await audit()).length

        // The audit's replay: any staff member lists the latest orders.
        const list = await call("GET", "/api/orders/?limit=20", { token: suite.token })
        expect(list.status).toBe(200)
        expect(list.headers.get("cache-control")).toBe("no-store")
        const row = list.body.find((o: { unique_order_id: string }) => o.unique_order_id === placed.unique_order_id)
        expect(Object.keys(row).sort()).toEqual(["created_at", "email", "paid", "status", "total_price", "totals", "unique_order_id"])
        expect(row.status).toBe("awaiting_prescription_review")
        const text = JSON.stringify(list.body)
        for (const secret of ["555-777-0001", "555-123-4567", "Elm Street", "Springfield", rx.name, rx.variants[0].name])
          expect(text).not.toContain(secret)
        const { rows: orderRows } = await dbConnection.raw(`SELECT id FROM "order" WHERE custom_display_id = ?`, [placed.unique_order_id])
        const orderId = orderRows[0].id
        const listed = (await audit()).slice(before)
        expect(listed).toEqual([
          {
            subject_type: "order",
            subject_id: "*",
            actor_id: staffId,
            action: "list",
            details: { filters: { limit: 20, offset: 0 }, ids: expect.arrayContaining([orderId]) },
          },
        ])

        // Items, address and phone only in the order's detail view: one audit row per read, who and which order.
        const detail = await call("GET", `/api/orders/${placed.unique_order_id}/`, { token: suite.token })
        expect(detail.status).toBe(200)
        expect(detail.headers.get("cache-control")).toBe("no-store")
        expect(detail.body).toMatchObject({
          phone: "555-777-0001",
          shipping_address: ADDRESS,
          items: [{ product: { name: rx.name }, quantity: 1 }],
        })
        await call("GET", `/api/orders/${placed.unique_order_id}/`, { token: suite.token })
        const reads = (await audit()).slice(before + 1)
        expect(reads).toEqual([
          { subject_type: "order", subject_id: orderId, actor_id: staffId, action: "read", details: null },
          { subject_type: "order", subject_id: orderId, actor_id: staffId, action: "read", details: null },
        ])
        // No order, no read: nothing recorded.
        expect((await call("GET", "/api/orders/HH-2222-3333/", { token: suite.token })).status).toBe(404)
        expect(await audit()).toHaveLength(before + 3)
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
        const rx = (await call("GET", "/api/products/?search=dexcom")).body.find(
          (p: CatalogProduct) => p.prescription && p.variants[0].stock > 0
        )
        const placed = (await call("POST", "/api/orders/", { json: payload([[rx, 1]]) })).body
        expect(placed.status).toBe("awaiting_prescription_review")
        expect((await call("GET", `/api/orders/${placed.unique_order_id}/`, { token: suite.token })).body.status).toBe(
          "awaiting_prescription_review"
        )
      })
    })

    describe("an order placement interrupted by a crash (decision 0047)", () => {
      /** The server's own pieces of a placement, loaded once the app is up (they define workflows). */
      const pieces = async () => {
        const placement = await import("../../medusa-backend/src/workflows/order/workflows/place-order")
        const { legacyOrderInput } = await import("../../medusa-backend/src/api/utils/legacy-orders")
        const { legacyOrderSchema } = await import("../../medusa-backend/src/shared/schemas/order")
        const { recoverInterruptedOrders } = await import("../../medusa-backend/src/jobs/recover-interrupted-orders")
        /** What POST /api/orders/ does up to the crash: reserve the key, then place the order; its record is never linked. */
        const crashAfterOrder = async (json: Record<string, unknown>, key?: string) => {
          const input = legacyOrderInput(legacyOrderSchema.parse(json), key)
          const reservation = await placement.reserveCheckoutOrder(getContainer(), input)
          if (!("id" in reservation)) throw new Error("expected a new reservation")
          const placed = await placement.placeReservedOrder(getContainer(), input, reservation.id)
          return { reservationId: reservation.id, placed }
        }
        return { ...placement, legacyOrderInput, legacyOrderSchema, recoverInterruptedOrders, crashAfterOrder }
      }
      const ordersOf = async (email: string) =>
        (await dbConnection.raw(`SELECT custom_display_id FROM "order" WHERE email = ? AND deleted_at IS NULL`, [email])).rows.map(
          (r: { custom_display_id: string }) => r.custom_display_id
        )
      const recordOf = async (id: string) =>
        (
          await dbConnection.raw(
            `SELECT c.status, o.custom_display_id FROM checkout_order c
               LEFT JOIN order_order_checkout_checkout_order l ON l.checkout_order_id = c.id AND l.deleted_at IS NULL
               LEFT JOIN "order" o ON o.id = l.order_id
              WHERE c.id = ?`,
            [id]
          )
        ).rows[0]

      it("crash between the order and its idempotency record: the retry with the same key answers that order, and only one exists", async () => {
        const { crashAfterOrder } = await pieces()
        const key = randomKey()
        const json = payload([[strips, 1]], { email: "crash.after.order@example.com" })
        const { reservationId, placed } = await crashAfterOrder(json, key)
        expect(await recordOf(reservationId)).toEqual({ status: "pending", custom_display_id: null })

        // The client never got an answer and retries with its key.
        const retry = await call("POST", "/api/orders/", { json, headers: { "idempotency-key": key } })
        expect(retry.status).toBe(201)
        expect(retry.body.unique_order_id).toBe(placed.unique_order_id)
        expect(await ordersOf("crash.after.order@example.com")).toEqual([placed.unique_order_id])
        expect(await recordOf(reservationId)).toEqual({ status: "placed", custom_display_id: placed.unique_order_id })
        // The same key with another order is still refused.
        const reused = await call("POST", "/api/orders/", {
          json: { ...json, payment_method: "chime" },
          headers: { "idempotency-key": key },
        })
        expect(reused.status).toBe(409)
      })

      it("a retry while the first attempt may still be running gets 409; once that attempt is abandoned, the order is placed once", async () => {
        const { reserveCheckoutOrder, legacyOrderInput, legacyOrderSchema } = await pieces()
        const key = randomKey()
        const json = payload([[strips, 1]], { email: "still.running@example.com" })
        // The first attempt reserved its key and then died before Medusa created the order.
        const reservation = await reserveCheckoutOrder(getContainer(), legacyOrderInput(legacyOrderSchema.parse(json), key))
        const early = await call("POST", "/api/orders/", { json, headers: { "idempotency-key": key } })
        expect(early.status).toBe(409)
        expect(early.body.detail).toBe("An order with this Idempotency-Key is still being processed. Please try again in a few minutes.")
        expect(await ordersOf("still.running@example.com")).toEqual([])

        await dbConnection.raw(`UPDATE checkout_order SET created_at = now() - interval '11 minutes' WHERE id = ?`, [
          (reservation as { id: string }).id,
        ])
        const later = await call("POST", "/api/orders/", { json, headers: { "idempotency-key": key } })
        expect(later.status).toBe(201)
        const again = await call("POST", "/api/orders/", { json, headers: { "idempotency-key": key } })
        expect(again.body.unique_order_id).toBe(later.body.unique_order_id)
        expect(await ordersOf("still.running@example.com")).toEqual([later.body.unique_order_id])
      })

      it("the recovery job links an order a crash left without its record, and holds an Rx order a crash left without a hold", async () => {
        const { crashAfterOrder, recoverInterruptedOrders } = await pieces()
        // A placement without a key, interrupted after the order was created.
        const { reservationId, placed } = await crashAfterOrder(payload([[strips, 1]], { email: "no.key.crash@example.com" }))
        // An Rx order placed through Medusa whose hold was lost with the process.
        const rx = (await call("GET", "/api/products/?search=dexcom")).body.find(
          (p: CatalogProduct) => p.prescription && p.variants[0].stock > 0
        )
        const rxOrder = (await call("POST", "/api/orders/", { json: payload([[rx, 1]], { email: "lost.hold@example.com" }) })).body
        const { data: holds } = await getContainer()
          .resolve(ContainerRegistrationKeys.QUERY)
          .graph({
            entity: "order",
            fields: ["id", "order_prescription_review.id"],
            filters: { custom_display_id: rxOrder.unique_order_id },
          })
        const { undoPrescriptionHold } = await import("../../medusa-backend/src/workflows/prescription/steps/ensure-prescription-hold")
        await undoPrescriptionHold(getContainer(), {
          order_id: holds[0].id,
          review_id: holds[0].order_prescription_review!.id,
          line_row_ids: [],
        })
        expect((await call("GET", `/api/orders/${rxOrder.unique_order_id}/`, { token: suite.token })).body.prescription_review).toBeNull()

        // Placements younger than two minutes may still be running: left alone.
        const untouched = await recoverInterruptedOrders(getContainer())
        expect(untouched.linked).not.toContain(placed.unique_order_id)
        expect(untouched.held).not.toContain(rxOrder.unique_order_id)

        await dbConnection.raw(`UPDATE checkout_order SET created_at = now() - interval '3 minutes' WHERE id = ?`, [reservationId])
        await dbConnection.raw(`UPDATE "order" SET created_at = now() - interval '3 minutes' WHERE custom_display_id IN (?, ?)`, [
          placed.unique_order_id,
          rxOrder.unique_order_id,
        ])
        const report = await recoverInterruptedOrders(getContainer())
        expect(report.failed).toEqual([])
        expect(report.linked).toEqual([placed.unique_order_id])
        expect(report.held).toEqual([rxOrder.unique_order_id])
        expect(await recordOf(reservationId)).toEqual({ status: "placed", custom_display_id: placed.unique_order_id })
        expect((await call("GET", `/api/orders/${placed.unique_order_id}/`, { token: suite.token })).body.shipping_address).toBe(ADDRESS)
        const held = (await call("GET", `/api/orders/${rxOrder.unique_order_id}/`, { token: suite.token })).body
        expect(held.status).toBe("awaiting_prescription_review")
        expect(held.prescription_review).toMatchObject({ status: "pending" })

        // Run again: nothing left to do.
        expect(await recoverInterruptedOrders(getContainer())).toEqual({ linked: [], released: [], held: [], failed: [] })
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
          [
            { ...full, email: "", dateOfBirth: "", phone: "", state: "" },
            {
              email: "Email is required",
              dateOfBirth: "Date of birth is required",
              phone: "Phone is required",
              state: "State is required",
            },
          ],
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
  }
)
