/**
 * Caps against stock hoarding (issue 21, decision 0045), inside Medusa on
 * every path: an anonymous Store API cart may not hold more than 10 units of
 * one prescription-only variant, 25 of any other, 50 in all, whether the units
 * come at cart creation, by adding a line, by changing a quantity, or by any
 * other way before completion; the legacy POST /api/orders/ and Medusa Admin's
 * draft orders answer the same refusal. Nothing is reserved or ordered when refused.
 */
import { Modules } from "@medusajs/framework/utils"

import { createTestProduct, sellable, withSettings } from "./helpers"
import { adminCaller, checkoutThroughStoreApi, createDraftOrder, placeLegacyOrder, US_ADDRESS } from "./store-api"
import { integrationSuite, type TestProduct as Product } from "./suite"

const RX_CAP = "You can order at most 10 units of a prescription medicine per order (Semaglutide Pen: 11 units requested)."

integrationSuite(
  {
    staff: "signed-in",
    products: {
      rx: { price: 40, stock: 100, prescription: true, title: "Semaglutide Pen" },
      strips: { price: 2, stock: 100, title: "Test Strips" },
      pads: { price: 1, stock: 100, title: "Alcohol Pads" },
      lancets: { price: 1, stock: 100, title: "Lancets" },
    },
  },
  (suite, { getContainer, api, dbConnection }) => {
    const { setup, store, call } = suite
    const { rx, strips, pads, lancets } = suite.products

    const orderCount = async () => Number((await dbConnection.raw(`SELECT count(*) AS n FROM "order"`)).rows[0].n)
    const newCart = (items: { variant_id: string; quantity: number }[]) =>
      store("POST", "/store/carts", { region_id: setup.regionId, email: "hoarder@example.com", items, shipping_address: US_ADDRESS })

    /**
     * A cart that got a line behind the Store API's back (a plugin, a direct module write), then was
     * readied for payment as a storefront does; answers the completion's response.
     */
    const completeCartWithHiddenLine = async (line: { product: Product; title: string; quantity: number }) => {
      const cartId = (await newCart([{ variant_id: strips.variant_id, quantity: 1 }])).body.cart.id as string
      await getContainer()
        .resolve(Modules.CART)
        .addLineItems([
          {
            cart_id: cartId,
            title: line.title,
            variant_id: line.product.variant_id,
            product_id: line.product.product_id,
            quantity: line.quantity,
            unit_price: 40,
          },
        ])
      const options = await store("GET", `/store/shipping-options?cart_id=${cartId}`)
      const standard = options.body.shipping_options.find((o: { name: string }) => o.name === "Standard Shipping")
      expect((await store("POST", `/store/carts/${cartId}/shipping-methods`, { option_id: standard.id })).status).toBe(200)
      const collection = await store("POST", "/store/payment-collections", { cart_id: cartId })
      const session = await store("POST", `/store/payment-collections/${collection.body.payment_collection.id}/payment-sessions`, {
        provider_id: "pp_zelle_manual",
      })
      expect(session.status).toBe(200)
      return await store("POST", `/store/carts/${cartId}/complete`)
    }
    /** Completing a cart with this hidden line is refused with `message`: no order, nothing reserved. */
    const expectHiddenLineRefused = async (line: { product: Product; title: string; quantity: number }, message: string) => {
      const before = await sellable(dbConnection, line.product.inventory_item_id)
      const orders = await orderCount()
      const completed = await completeCartWithHiddenLine(line)
      expect(completed.status).toBe(400)
      expect(completed.body.message).toBe(message)
      expect(await orderCount()).toBe(orders)
      expect(await sellable(dbConnection, line.product.inventory_item_id)).toBe(before)
    }

    describe("the Store API (an anonymous shopper with the publishable key)", () => {
      it("refuses 11 units of one prescription-only variant at cart creation, naming the limit; 10 are accepted", async () => {
        const refused = await newCart([{ variant_id: rx.variant_id, quantity: 11 }])
        expect(refused.status).toBe(400)
        expect(refused.body.message).toBe(RX_CAP)
        const accepted = await newCart([{ variant_id: rx.variant_id, quantity: 10 }])
        expect(accepted.status).toBe(200)
      })

      it("refuses adding a line, or units to a line, past the cap", async () => {
        const cart = (await newCart([{ variant_id: rx.variant_id, quantity: 5 }])).body.cart
        const added = await store("POST", `/store/carts/${cart.id}/line-items`, { variant_id: rx.variant_id, quantity: 6 })
        expect(added.status).toBe(400)
        expect(added.body.message).toBe(RX_CAP)
        const fresh = (await newCart([])).body.cart
        const single = await store("POST", `/store/carts/${fresh.id}/line-items`, { variant_id: rx.variant_id, quantity: 11 })
        expect(single.status).toBe(400)
        expect((await store("GET", `/store/carts/${cart.id}`)).body.cart.items.map((i: { quantity: number }) => i.quantity)).toEqual([5])
      })

      it("refuses changing a line's quantity past the cap", async () => {
        const cart = (await newCart([{ variant_id: rx.variant_id, quantity: 10 }])).body.cart
        const updated = await store("POST", `/store/carts/${cart.id}/line-items/${cart.items[0].id}`, { quantity: 11 })
        expect(updated.status).toBe(400)
        expect(updated.body.message).toBe(RX_CAP)
        expect((await store("POST", `/store/carts/${cart.id}/line-items/${cart.items[0].id}`, { quantity: 9 })).status).toBe(200)
      })

      it("refuses to complete a cart that got past the cap any other way: no order, nothing reserved", async () => {
        // A cart that reached 11 units behind the Store API's back, then readied for payment.
        await expectHiddenLineRefused({ product: rx, title: "Semaglutide Pen", quantity: 11 }, RX_CAP)
      })

      it("refuses 26 units of a product that needs no prescription, and 51 units in one order", async () => {
        const many = await newCart([{ variant_id: strips.variant_id, quantity: 26 }])
        expect(many.status).toBe(400)
        expect(many.body.message).toBe("You can order at most 25 units of one product per order (Test Strips: 26 units requested).")
        const total = await newCart([
          { variant_id: strips.variant_id, quantity: 25 },
          { variant_id: pads.variant_id, quantity: 25 },
          { variant_id: lancets.variant_id, quantity: 1 },
        ])
        expect(total.status).toBe(400)
        expect(total.body.message).toBe("You can order at most 50 units in one order (51 units requested). Please remove some items.")
      })

      it("completes an order of 10 prescription units and 40 others", async () => {
        const { completed } = await checkoutThroughStoreApi(store, {
          region_id: setup.regionId,
          lines: [
            { variant_id: rx.variant_id, quantity: 10 },
            { variant_id: strips.variant_id, quantity: 25 },
            { variant_id: pads.variant_id, quantity: 15 },
          ],
        })
        expect(completed.status).toBe(200)
        expect(completed.body.type).toBe("order")
      })
    })

    describe("the legacy /api and Medusa Admin's draft orders", () => {
      const legacyOrder = (product: Product, quantity: number) =>
        placeLegacyOrder(call, "hoarder@example.com", [[product, quantity]], "zelle")

      it("POST /api/orders/ answers the same refusal in its JSON error shape, and orders nothing", async () => {
        const orders = await orderCount()
        const refused = await legacyOrder(rx, 11)
        expect(refused.status).toBe(400)
        expect(refused.body).toEqual({ detail: RX_CAP, message: RX_CAP })
        expect(await orderCount()).toBe(orders)
        expect((await legacyOrder(rx, 10)).status).toBe(201)
      })

      it("a draft order over the cap is refused", async () => {
        const admin = await adminCaller(api)
        const draft = await createDraftOrder(admin, setup, "draft.buyer@example.com", [{ variant_id: rx.variant_id, quantity: 11 }])
        expect(draft.status).toBe(400)
        expect(draft.body.message).toBe(RX_CAP)
      })
    })
    describe("controlled substances (issue 25): not sold online unless CONTROLLED_SUBSTANCES_ONLINE is on", () => {
      const REFUSAL = "Phentermine Tablets is a controlled substance and cannot be ordered online. Call the pharmacy to order it."
      let controlled: Product

      beforeEach(async () => {
        controlled = await createTestProduct(getContainer(), setup, {
          price: 40,
          stock: 50,
          prescription: true,
          title: "Phentermine Tablets",
        })
        await getContainer()
          .resolve(Modules.PRODUCT)
          .updateProducts(controlled.product_id, { metadata: { prescription: true, controlled_schedule: "IV" } })
      })

      it("the Store API refuses it at cart creation and when a line is added; the catalogue says to call", async () => {
        const created = await newCart([{ variant_id: controlled.variant_id, quantity: 1 }])
        expect(created.status).toBe(400)
        expect(created.body.message).toBe(REFUSAL)
        const cart = (await newCart([{ variant_id: strips.variant_id, quantity: 1 }])).body.cart
        const added = await store("POST", `/store/carts/${cart.id}/line-items`, { variant_id: controlled.variant_id, quantity: 1 })
        expect(added.status).toBe(400)
        expect(added.body.message).toBe(REFUSAL)
        expect((await store("GET", `/store/carts/${cart.id}`)).body.cart.items).toHaveLength(1)
        const shown = await store("GET", `/store/catalog/products/${controlled.product_id}`)
        expect(shown.body.product).toMatchObject({ controlled_schedule: "IV", call_to_order: true })
      })

      it("a cart that got it any other way is not completed: no order, nothing reserved", async () => {
        await expectHiddenLineRefused({ product: controlled, title: "Phentermine Tablets", quantity: 1 }, REFUSAL)
      })

      it("POST /api/orders/ and Medusa Admin's draft orders refuse it too", async () => {
        const orders = await orderCount()
        const legacy = await placeLegacyOrder(call, "buyer@example.com", [[controlled, 1]], "zelle")
        expect(legacy.status).toBe(400)
        expect(legacy.body).toEqual({ detail: REFUSAL, message: REFUSAL })
        const admin = await adminCaller(api)
        const draft = await createDraftOrder(admin, setup, "draft.buyer@example.com", [{ variant_id: controlled.variant_id, quantity: 1 }])
        expect(draft.status).toBe(400)
        expect(draft.body.message).toBe(REFUSAL)
        expect(await orderCount()).toBe(orders)
      })

      it("with CONTROLLED_SUBSTANCES_ONLINE=true it is sold like any prescription medicine (held for review)", async () => {
        await withSettings({ CONTROLLED_SUBSTANCES_ONLINE: "true", DEA_REGISTRATION_NUMBER: "AB1234563" }, async () => {
          const { completed } = await checkoutThroughStoreApi(store, {
            region_id: setup.regionId,
            lines: [{ variant_id: controlled.variant_id, quantity: 1 }],
          })
          expect(completed.status).toBe(200)
          expect(completed.body.type).toBe("order")
          const held = await call("GET", `/api/orders/${completed.body.order.custom_display_id}/`, { token: suite.token })
          expect(held.body.status).toBe("awaiting_prescription_review")
        })
      })
    })
  }
)
