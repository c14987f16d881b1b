import fs from "node:fs"
import path from "node:path"

import { Modules } from "@medusajs/framework/utils"
import {
  createTaxRegionsWorkflow,
  deleteProductsWorkflow,
  deleteTaxRegionsWorkflow,
  updateProductsWorkflow,
} from "@medusajs/medusa/core-flows"

import syncPrescriptionTaxExemptionJob from "../../medusa-backend/src/jobs/sync-prescription-tax-exemption"
import { productFlagsMetadata } from "../../medusa-backend/src/lib/catalog/product-flags"
import { CHECKOUT_MODULE } from "../../medusa-backend/src/modules/checkout"
import type CheckoutModuleService from "../../medusa-backend/src/modules/checkout/service"
import { placeOrder } from "../../medusa-backend/src/workflows/order/workflows/place-order"
import { countRows, createTestProduct, orderInput, sellable } from "./helpers"
import { cartTotals, US_ADDRESS } from "./store-api"
import { integrationSuite, type TestProduct as Product } from "./suite"

integrationSuite(
  {
    products: {
      item25: { price: 25, stock: 1000 }, // plenty of stock
      item3333: { price: 33.33, stock: 1000 }, // for rounding
      scarce: { price: 10, stock: 5, title: "Scarce Strips" },
      last3: { price: 12, stock: 3 },
      held2: { price: 15, stock: 2 },
      rx: { price: 40, stock: 50, prescription: true }, // prescription-only
    },
  },
  ({ setup, store, products: { item25, item3333, scarce, last3, held2, rx } }, { getContainer, dbConnection }) => {
    /** Medusa's totals for these lines, through a Store API cart as the storefront builds it. */
    const quoteWithCode = (lines: [Product, number][], promo_code?: string) =>
      cartTotals(store, {
        region_id: setup.regionId,
        lines: lines.map(([p, quantity]) => ({ variant_id: p.variant_id, quantity })),
        promo_code,
      })
    const quote = async (lines: [Product, number][], promo_code?: string) => (await quoteWithCode(lines, promo_code)).totals

    describe("totals (spec §9: shipping $9.99, free over $75; tax 8 %; DISCOUNT10)", () => {
      it("under $75: shipping is charged", async () => {
        expect(await quote([[item25, 1]])).toEqual({ subtotal: 25, discount: 0, shipping: 9.99, tax: 2, total: 36.99 })
      })

      it("exactly $75: shipping is still charged (free only over $75)", async () => {
        expect(await quote([[item25, 3]])).toEqual({ subtotal: 75, discount: 0, shipping: 9.99, tax: 6, total: 90.99 })
      })

      it("over $75: shipping is free", async () => {
        expect(await quote([[item25, 4]])).toEqual({ subtotal: 100, discount: 0, shipping: 0, tax: 8, total: 108 })
      })

      it("DISCOUNT10 takes 10 % off the subtotal; tax is on the discounted amount; free shipping looks at the subtotal", async () => {
        expect(await quote([[item25, 4]], "DISCOUNT10")).toEqual({ subtotal: 100, discount: 10, shipping: 0, tax: 7.2, total: 97.2 })
        expect(await quote([[item25, 1]], "DISCOUNT10")).toEqual({ subtotal: 25, discount: 2.5, shipping: 9.99, tax: 1.8, total: 34.29 })
        // $80 - 10 % = $72: still free shipping, because the subtotal is over $75.
        expect(
          await quote(
            [
              [item25, 2],
              [scarce, 3],
            ],
            "DISCOUNT10"
          )
        ).toEqual({ subtotal: 80, discount: 8, shipping: 0, tax: 5.76, total: 77.76 })
      })

      it("rounds to cents and keeps total = subtotal + shipping + tax - discount", async () => {
        const totals = await quote([[item3333, 1]], "DISCOUNT10")
        expect(totals).toEqual({ subtotal: 33.33, discount: 3.33, shipping: 9.99, tax: 2.4, total: 42.39 })
        const { subtotal, shipping, tax, discount, total } = totals
        expect(Math.round((subtotal + shipping + tax - discount) * 100)).toBe(Math.round(total * 100))
      })

      it("applies no other discount code", async () => {
        for (const code of ["DISCOUNT20", "discount10"]) {
          const { totals, applied } = await quoteWithCode([[item25, 1]], code)
          expect(applied).toBe(false)
          expect(totals).toEqual({ subtotal: 25, discount: 0, shipping: 9.99, tax: 2, total: 36.99 })
        }
      })
    })

    describe("prescription drugs are not taxed (decision 0060)", () => {
      it("a prescription-only item pays no sales tax; the cart's other items pay 8 %", async () => {
        expect(
          await quote([
            [rx, 1],
            [item25, 1],
          ])
        ).toEqual({ subtotal: 65, discount: 0, shipping: 9.99, tax: 2, total: 76.99 })
        expect(await quote([[rx, 2]])).toEqual({ subtotal: 80, discount: 0, shipping: 0, tax: 0, total: 80 })
      })

      it("follows the flag when staff change it in Medusa's product workflow, and when the product is deleted", async () => {
        const container = getContainer()
        const pen = await createTestProduct(container, setup, { price: 40, stock: 10, prescription: true })
        const setFlag = (prescription: boolean) =>
          updateProductsWorkflow(container).run({
            input: { selector: { id: pen.product_id }, update: { metadata: productFlagsMetadata({ prescription }) } },
          })
        expect((await quote([[pen, 1]])).tax).toBe(0)
        await setFlag(false)
        expect((await quote([[pen, 1]])).tax).toBe(3.2)
        await setFlag(true)
        expect((await quote([[pen, 1]])).tax).toBe(0)

        const tax = container.resolve(Modules.TAX)
        const exemptionRules = () => tax.listTaxRateRules({ reference: "product", reference_id: pen.product_id })
        expect(await exemptionRules()).toHaveLength(1)
        await deleteProductsWorkflow(container).run({ input: { ids: [pen.product_id] } })
        expect(await exemptionRules()).toHaveLength(0)
      })

      it("a state tax region ops add in Medusa Admin gets the exemption from the job; its rate applies to the other items", async () => {
        const container = getContainer()
        const tax = container.resolve(Modules.TAX)
        const country = (await tax.listTaxRegions({ country_code: "us" })).find((region) => !region.parent_id)!
        const { result } = await createTaxRegionsWorkflow(container).run({
          input: [
            {
              country_code: "us",
              province_code: "ca",
              parent_id: country.id,
              default_tax_rate: { name: "California", code: "US-CA", rate: 7.25 },
            },
          ],
        })
        try {
          const cart = (lines: [Product, number][]) =>
            cartTotals(store, {
              region_id: setup.regionId,
              lines: lines.map(([p, quantity]) => ({ variant_id: p.variant_id, quantity })),
              province: "CA",
            }).then((answer) => answer.totals.tax)
          await syncPrescriptionTaxExemptionJob(container)
          expect(await cart([[item25, 4]])).toBe(7.25)
          expect(await cart([[rx, 2]])).toBe(0) // over $75: no shipping, whose 0 % rule is the country's only
          expect(
            await cart([
              [rx, 1],
              [item25, 4],
            ])
          ).toBe(7.25)
        } finally {
          await deleteTaxRegionsWorkflow(container).run({ input: { ids: [result[0].id] } })
        }
      })
    })

    describe("confirmation email", () => {
      const notificationsFor = async (orderId: string) => {
        // order.placed is handled asynchronously: give the subscriber a moment.
        for (let i = 0; i < 50; i++) {
          const { rows } = await dbConnection.raw("SELECT * FROM notification WHERE resource_id = ? AND template = 'order-confirmation'", [
            orderId,
          ])
          if (rows.length) return rows
          await new Promise((r) => setTimeout(r, 100))
        }
        return []
      }

      it("is sent once per order, with the chosen method's payment instructions", async () => {
        const container = getContainer()
        const input = orderInput([[item25, 2]], { payment_method: "cashapp", idempotency_key: "email-once" })
        const placed = await placeOrder(container, input)
        await placeOrder(container, input) // a retried submission sends nothing more
        const { sendOrderEmailWorkflow } = await import("../../medusa-backend/src/workflows/order-email/workflows/send-order-email")
        await sendOrderEmailWorkflow(container).run({ input: { kind: "order-confirmation", order_id: placed.order_id } }) // nor does a repeated event

        const sent = await notificationsFor(placed.order_id)
        expect(sent).toHaveLength(1)
        expect(sent[0]).toMatchObject({ to: "customer@example.com", channel: "email", status: "success" })
        expect(sent[0].data).toMatchObject({ order_number: placed.unique_order_id, payment_method: "cashapp" })

        // What the customer receives: the development provider writes each email to the outbox.
        const outbox = path.join(process.env.DATA_DIR!, "outbox")
        const emails = fs
          .readdirSync(outbox)
          .map((file) => JSON.parse(fs.readFileSync(path.join(outbox, file), "utf8")))
          .filter((email) => email.template === "order-confirmation" && email.subject.includes(placed.unique_order_id))
        expect(emails).toHaveLength(1)
        const { subject, text } = emails[0]
        expect(subject).toContain(placed.unique_order_id)
        expect(text).toContain("CashApp") // the one label of @shared/payment-methods
        expect(text).toContain("$HarborHealthRx")
        expect(text).toContain(`Order ${placed.unique_order_id}`)
        expect(text).toContain(`$${placed.totals.total.toFixed(2)}`)
        expect(text).toContain("Items: 2")
        // What was ordered and where it ships, behind the greeting and never in the subject (decision 0041 as amended by 0050).
        const { html } = emails[0]
        for (const word of [item25.title, "Standard", "Elm Street", "Springfield"]) expect(subject).not.toContain(word)
        for (const body of [text, html]) {
          const afterGreeting = body.slice(body.indexOf("Hello Pat,"))
          expect(body.indexOf("Hello Pat,")).toBeGreaterThanOrEqual(0)
          expect(afterGreeting).toContain(`2 x ${item25.title} (Standard)`)
          expect(afterGreeting).toContain("Elm Street")
          expect(afterGreeting).toContain("Springfield")
        }
        for (const label of ["Subtotal", "Shipping", "Tax", "Total"]) expect(text).toContain(`${label}: `)
      })
    })

    describe("placing orders", () => {
      it("creates a Medusa order with the quoted totals, a customer-facing number, and reserves the stock", async () => {
        const container = getContainer()
        const before = await sellable(dbConnection, scarce.inventory_item_id)
        const expected = await quote(
          [
            [scarce, 2],
            [item25, 3],
          ],
          "DISCOUNT10"
        )
        const placed = await placeOrder(
          container,
          orderInput(
            [
              [scarce, 2],
              [item25, 3],
            ],
            { discount_code: "DISCOUNT10" }
          )
        )

        expect(placed.unique_order_id).toMatch(/^HH-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/)
        expect(placed.status).toBe("awaiting_payment")
        expect(placed.totals).toEqual(expected)
        expect(await sellable(dbConnection, scarce.inventory_item_id)).toBe(before - 2)

        const { rows } = await dbConnection.raw(`SELECT id, email, custom_display_id FROM "order" WHERE id = ?`, [placed.order_id])
        expect(rows[0].email).toBe("customer@example.com")
        expect(rows[0].custom_display_id).toBe(placed.unique_order_id)
      })

      it("refuses more than the stock with a clear message and changes nothing", async () => {
        const container = getContainer()
        const orders = await countRows(dbConnection, `"order"`)
        const carts = await countRows(dbConnection, "cart")
        const reserved = await sellable(dbConnection, scarce.inventory_item_id)

        await expect(placeOrder(container, orderInput([[scarce, 6]]))).rejects.toThrow(
          "Not enough stock for Scarce Strips (Standard): 5 available"
        )
        expect(await countRows(dbConnection, `"order"`)).toBe(orders)
        expect(await countRows(dbConnection, "cart")).toBe(carts)
        expect(await sellable(dbConnection, scarce.inventory_item_id)).toBe(reserved)
      })

      it("never oversells: 10 concurrent orders for the last 3 units make exactly 3 orders", async () => {
        const container = getContainer()
        const orders = await countRows(dbConnection, `"order"`)
        const results = await Promise.allSettled(
          Array.from({ length: 10 }, (_, i) => placeOrder(container, orderInput([[last3, 1]], { email: `buyer${i}@example.com` })))
        )
        const placed = results.filter((r) => r.status === "fulfilled")
        const refused = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[]
        expect(placed).toHaveLength(3)
        expect(refused).toHaveLength(7)
        for (const r of refused) expect(String(r.reason.message)).toMatch(/sold out|Not enough stock/)
        expect(await sellable(dbConnection, last3.inventory_item_id)).toBe(0)
        // No orphaned order from a lost race (an order without its reservation).
        expect(await countRows(dbConnection, `"order"`)).toBe(orders + 3)
        // Each placed order's stock hold ended with its reservation; the refused ones never held any.
        expect(await countRows(dbConnection, "stock_hold")).toBe(0)
      })

      it("an order waits while orders being placed elsewhere hold the stock it needs, and goes on once they end; an expired hold holds nothing", async () => {
        const container = getContainer()
        const checkout = container.resolve<CheckoutModuleService>(CHECKOUT_MODULE)
        const otherOrder = "an order being placed on another server"
        await checkout.holdStock(otherOrder, [{ inventory_item_id: held2.inventory_item_id, quantity: 2 }], new Date(Date.now() + 60_000))
        let settled = false
        const waiting = placeOrder(container, orderInput([[held2, 1]])).finally(() => (settled = true))
        await new Promise((resolve) => setTimeout(resolve, 1500))
        // Both units are there but held: the order waits for them, it is not refused.
        expect(settled).toBe(false)
        expect(await sellable(dbConnection, held2.inventory_item_id)).toBe(2)

        // The other order failed: its hold ends, and this one is placed.
        await checkout.releaseStockHolds(otherOrder)
        expect((await waiting).order_id).toMatch(/^order_/)
        expect(await sellable(dbConnection, held2.inventory_item_id)).toBe(1)

        // A hold past its expiry (its server died mid-order) holds nothing.
        const deadServer = "an order of a server that died"
        await checkout.holdStock(deadServer, [{ inventory_item_id: held2.inventory_item_id, quantity: 1 }], new Date(Date.now() - 1000))
        expect((await placeOrder(container, orderInput([[held2, 1]]))).order_id).toMatch(/^order_/)
        expect(await sellable(dbConnection, held2.inventory_item_id)).toBe(0)
        await checkout.releaseStockHolds(deadServer)
        expect(await countRows(dbConnection, "stock_hold")).toBe(0)
      })

      it("an order that fails after its stock was held gives the hold back", async () => {
        // A cart without a shipping method passes the stock check (the validate hook) and fails after it,
        // at Medusa's own shipping validation.
        const created = await store("POST", "/store/carts", {
          region_id: setup.regionId,
          email: "no.shipping@example.com",
          items: [{ variant_id: item25.variant_id, quantity: 1 }],
          shipping_address: US_ADDRESS,
          billing_address: US_ADDRESS,
        })
        const cartId = created.body.cart.id as string
        const collection = await store("POST", "/store/payment-collections", { cart_id: cartId })
        await store("POST", `/store/payment-collections/${collection.body.payment_collection.id}/payment-sessions`, {
          provider_id: "pp_zelle_manual",
        })
        const before = await sellable(dbConnection, item25.inventory_item_id)
        const orders = await countRows(dbConnection, `"order"`)
        const completed = await store("POST", `/store/carts/${cartId}/complete`)
        // Medusa's shipping validation, which runs after the stock hold was written.
        expect(completed.body.message).toBe("No shipping method selected but the cart contains items that require shipping.")
        expect(await countRows(dbConnection, `"order"`)).toBe(orders)
        expect(await sellable(dbConnection, item25.inventory_item_id)).toBe(before)
        expect(await countRows(dbConnection, "stock_hold")).toBe(0)
      })

      it("creates one order for one idempotency key, even when the same submission arrives twice at once", async () => {
        const container = getContainer()
        const input = orderInput([[item25, 1]], { idempotency_key: "checkout-key-1" })
        const orders = await countRows(dbConnection, `"order"`)
        const [a, b] = await Promise.all([placeOrder(container, input), placeOrder(container, input)])
        const c = await placeOrder(container, input)
        expect(b.order_id).toBe(a.order_id)
        expect(c).toEqual(a)
        expect(await countRows(dbConnection, `"order"`)).toBe(orders + 1)

        await expect(placeOrder(container, { ...input, payment_method: "chime" })).rejects.toThrow("already used for a different order")
      })

      it("refuses a client total or price that disagrees with the server by more than a cent", async () => {
        const container = getContainer()
        const orders = await countRows(dbConnection, `"order"`)
        await expect(placeOrder(container, orderInput([[item25, 1]], { expected_total: 1.0 }))).rejects.toThrow(
          "total_price 1.00 does not match the order total 36.99"
        )
        const tampered = orderInput([[item25, 1]])
        tampered.items[0].expected_unit_price = 0.5
        await expect(placeOrder(container, tampered)).rejects.toThrow(/is 25.00, not 0.50/)
        expect(await countRows(dbConnection, `"order"`)).toBe(orders)
        // One cent of client rounding is fine.
        const ok = await placeOrder(container, orderInput([[item25, 1]], { expected_total: 36.98 }))
        expect(ok.totals.total).toBe(36.99)
      })

      it("holds an order with a prescription-only product for review, and only that one", async () => {
        const container = getContainer()
        const held = await placeOrder(
          container,
          orderInput([
            [rx, 1],
            [item25, 1],
          ])
        )
        const normal = await placeOrder(container, orderInput([[item25, 1]]))
        expect(held.status).toBe("awaiting_prescription_review")
        expect(normal.status).toBe("awaiting_payment")
        const query = container.resolve("query")
        const { data } = await query.graph({
          entity: "order",
          fields: ["id", "order_prescription_review.status", "custom_display_id"],
          filters: { id: [held.order_id, normal.order_id] },
        })
        const byId = Object.fromEntries(data.map((o: any) => [o.id, o]))
        expect(byId[held.order_id].order_prescription_review.status).toBe("pending")
        expect(byId[normal.order_id].order_prescription_review ?? null).toBeNull()
        expect(byId[held.order_id].custom_display_id).toBe(held.unique_order_id)
      })
    })
  }
)
