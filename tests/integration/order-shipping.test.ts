/**
 * Shipping (issue 24): nothing ships before it is paid, on every path (Medusa's Admin API, which
 * Medusa Admin uses, and the staff area's /api); staff ship an order from the staff area with a
 * carrier's tracking number, which becomes Medusa's own fulfilment and shipment with the tracking
 * label, and mark it delivered through Medusa's delivered workflow. Refusals create nothing.
 */
import { inventoryLevelOf } from "./helpers"
import { checkoutThroughStoreApi, fulfilThroughAdmin } from "./store-api"
import { integrationSuite, type TestProduct as Product } from "./suite"

type Order = { id: string; custom_display_id: string }

const NOT_PAID =
  "This order is not paid yet; it cannot be fulfilled until its payment is captured (mark it as paid once the payment arrives)."

integrationSuite(
  {
    // The seeded admin is a pharmacist: approving a hold needs a session verified with two-step sign-in (0044).
    staff: "pharmacist",
    admin: true,
    products: {
      strips: { price: 20, stock: 100, title: "Glucose Strips" },
      pen: { price: 40, stock: 50, prescription: true, title: "Semaglutide Pen" },
    },
  },
  (suite, { dbConnection }) => {
    const { setup, store, call, admin } = suite
    const { strips, pen } = suite.products

    const placeOrder = async (product: Product, quantity = 1): Promise<Order> => {
      const { completed } = await checkoutThroughStoreApi(store, {
        region_id: setup.regionId,
        lines: [{ variant_id: product.variant_id, quantity }],
      })
      if (completed.body.type !== "order") throw new Error(`checkout: ${completed.status} ${JSON.stringify(completed.body)}`)
      return completed.body.order
    }
    const markPaid = async (order: Order) =>
      expect((await call("POST", `/api/orders/${order.custom_display_id}/mark-paid/`, { token: suite.token })).status).toBe(200)
    const approve = async (order: Order) =>
      expect(
        (
          await call("POST", `/api/orders/${order.custom_display_id}/prescription-review/`, {
            token: suite.token,
            json: { decision: "approved" },
          })
        ).status
      ).toBe(200)
    const ship = (order: Order, json: unknown) => call("POST", `/api/orders/${order.custom_display_id}/ship/`, { token: suite.token, json })
    const deliver = (order: Order) => call("POST", `/api/orders/${order.custom_display_id}/deliver/`, { token: suite.token })
    const staffView = async (order: Order) => (await call("GET", `/api/orders/${order.custom_display_id}/`, { token: suite.token })).body

    const fulfilInMedusaAdmin = (order: Order) => fulfilThroughAdmin(admin, order.id)

    /** The order's fulfilments (not deleted) with their labels, straight from Medusa's tables. */
    const fulfilmentsOf = async (orderId: string) =>
      (
        await dbConnection.raw(
          `SELECT f.id, f.packed_at, f.shipped_at, f.delivered_at, f.canceled_at, f.metadata,
                  (SELECT json_agg(json_build_object('tracking_number', l.tracking_number, 'tracking_url', l.tracking_url, 'label_url', l.label_url))
                     FROM fulfillment_label l WHERE l.fulfillment_id = f.id AND l.deleted_at IS NULL) AS labels
             FROM order_fulfillment o JOIN fulfillment f ON f.id = o.fulfillment_id AND f.deleted_at IS NULL
            WHERE o.order_id = ? AND o.deleted_at IS NULL`,
          [orderId]
        )
      ).rows
    const emailsOf = async (orderId: string, template: string, atLeast = 1) => {
      let rows: { status: string }[] = []
      for (let i = 0; i < 100; i++) {
        rows = (await dbConnection.raw("SELECT status FROM notification WHERE resource_id = ? AND template = ?", [orderId, template])).rows
        if (rows.length >= atLeast && rows.every((row) => row.status === "success")) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      return rows
    }

    describe("no shipping before payment, on Medusa's own Admin API", () => {
      it("refuses to fulfil an unpaid Store API order, rolling everything back; after staff mark it paid it fulfils", async () => {
        const order = await placeOrder(strips, 2)
        const before = await inventoryLevelOf(dbConnection, strips.variant_id)

        const refused = await fulfilInMedusaAdmin(order)
        expect(refused.status).toBe(400)
        expect(refused.body.message).toBe(NOT_PAID)
        expect(await fulfilmentsOf(order.id)).toEqual([])
        expect(await inventoryLevelOf(dbConnection, strips.variant_id)).toEqual(before)
        expect(await staffView(order)).toMatchObject({ status: "awaiting_payment", may_ship: false, shipments: [] })

        await markPaid(order)
        expect((await staffView(order)).may_ship).toBe(true)
        expect((await fulfilInMedusaAdmin(order)).status).toBe(200)
        expect(await fulfilmentsOf(order.id)).toHaveLength(1)
        expect(await inventoryLevelOf(dbConnection, strips.variant_id)).toEqual({
          stocked: before.stocked - 2,
          reserved: before.reserved - 2,
        })
      })

      it("fulfils once Medusa Admin captured the payment; gives the prescription reason first when both apply", async () => {
        const order = await placeOrder(pen)
        const refused = await fulfilInMedusaAdmin(order)
        expect(refused.status).toBe(400)
        expect(refused.body.message).toMatch(/until a pharmacist approves its prescription/)
        await approve(order)
        expect((await fulfilInMedusaAdmin(order)).body.message).toBe(NOT_PAID)
        const { body } = await admin("GET", `/admin/orders/${order.id}?fields=id,*payment_collections.payments`)
        const captured = await admin("POST", `/admin/payments/${body.order.payment_collections[0].payments[0].id}/capture`, {})
        expect(captured.status).toBe(200)
        expect((await fulfilInMedusaAdmin(order)).status).toBe(200)
      })
    })

    describe("ship from the staff area", () => {
      it("becomes Medusa's fulfilment and shipment with the tracking label; the customer gets the shipped email", async () => {
        const order = await placeOrder(strips, 3)
        await markPaid(order)
        const before = await inventoryLevelOf(dbConnection, strips.variant_id)

        // As printed on a label: in groups, which are joined.
        const shipped = await ship(order, { carrier: "usps", tracking_number: "9400 1118 9956 2537 8663 61" })
        expect(shipped.status).toBe(200)
        const trackingUrl = "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899562537866361"
        expect(shipped.body).toMatchObject({
          unique_order_id: order.custom_display_id,
          status: "fulfilled",
          may_ship: false,
          may_mark_delivered: true,
          shipments: [{ carrier: "USPS", tracking_number: "9400111899562537866361", tracking_url: trackingUrl, delivered_at: null }],
        })
        expect(Date.parse(shipped.body.shipments[0].shipped_at)).toBeGreaterThan(Date.now() - 60_000)

        const [fulfilment, ...others] = await fulfilmentsOf(order.id)
        expect(others).toEqual([])
        expect(fulfilment.packed_at).not.toBeNull()
        expect(fulfilment.shipped_at).not.toBeNull()
        expect(fulfilment.metadata).toMatchObject({ carrier: "USPS", carrier_code: "usps" })
        expect(fulfilment.labels).toEqual([{ tracking_number: "9400111899562537866361", tracking_url: trackingUrl, label_url: "" }])
        // The stock left the warehouse; its reservation went with it.
        expect(await inventoryLevelOf(dbConnection, strips.variant_id)).toEqual({
          stocked: before.stocked - 3,
          reserved: before.reserved - 3,
        })
        // Medusa Admin sees the same shipment.
        const { body } = await admin("GET", `/admin/orders/${order.id}?fields=id,fulfillment_status,*fulfillments,*fulfillments.labels`)
        expect(body.order.fulfillment_status).toBe("shipped")
        expect(body.order.fulfillments[0].labels[0].tracking_number).toBe("9400111899562537866361")
        expect(await emailsOf(order.id, "order-shipped")).toEqual([{ status: "success" }])
      })

      it("takes each carrier's numbers; another carrier's link is none and its name the shipping method", async () => {
        const cases = [
          ["ups", "1z999aa10123456784", "1Z999AA10123456784", "UPS", "https://www.ups.com/track?tracknum=1Z999AA10123456784"],
          ["fedex", "123456789012", "123456789012", "FedEx", "https://www.fedex.com/fedextrack/?trknbr=123456789012"],
          [
            "dhl",
            "1234567890",
            "1234567890",
            "DHL",
            "https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890",
          ],
          ["usps", "EC123456789US", "EC123456789US", "USPS", "https://tools.usps.com/go/TrackConfirmAction?tLabels=EC123456789US"],
          ["other", "Lso-4471x", "Lso-4471x", "Standard Shipping", null],
        ] as const
        for (const [carrier, typed, stored, name, url] of cases) {
          const order = await placeOrder(strips)
          await markPaid(order)
          const shipped = await ship(order, { carrier, tracking_number: typed })
          expect(shipped.status, carrier).toBe(200)
          expect(shipped.body.shipments, carrier).toEqual([
            expect.objectContaining({ carrier: name, tracking_number: stored, tracking_url: url }),
          ])
          // Its email is sent before the next test resets the database.
          expect(await emailsOf(order.id, "order-shipped"), carrier).toHaveLength(1)
        }
      })

      it("refuses a tracking number that is not the carrier's (400), or no carrier, and creates nothing", async () => {
        const order = await placeOrder(strips)
        await markPaid(order)
        const bad: [unknown, string][] = [
          ["usps", "Enter a valid USPS tracking number (20 to 22 digits, or 13 characters like EC123456789US)"],
          ["ups", "Enter a valid UPS tracking number (1Z followed by 16 letters or digits)"],
          ["fedex", "Enter a valid FedEx tracking number (12, 15 or 20 digits)"],
          ["dhl", "Enter a valid DHL tracking number (10 digits)"],
        ]
        for (const [carrier, message] of bad) {
          const refused = await ship(order, { carrier, tracking_number: "12345" })
          expect(refused.status).toBe(400)
          expect(refused.body.errors).toEqual({ tracking_number: message })
        }
        const other = await ship(order, { carrier: "other", tracking_number: "no/slashes" })
        expect(other.body.errors).toEqual({ tracking_number: "Enter a valid tracking number (4 to 40 letters, digits or hyphens)" })
        const noCarrier = await ship(order, { carrier: "pony-express", tracking_number: "1234567890" })
        expect(noCarrier.status).toBe(400)
        expect(noCarrier.body.errors.carrier).toBe("Choose the carrier: USPS, UPS, FedEx, DHL or other")
        const blank = await ship(order, { carrier: "dhl", tracking_number: "  " })
        expect(blank.body.errors).toEqual({ tracking_number: "Tracking number is required" })
        expect(await fulfilmentsOf(order.id)).toEqual([])
        expect((await staffView(order)).status).toBe("paid")
      })

      it("refuses (409) before payment and before a pharmacist approves, creating nothing; ships once both are done", async () => {
        const unpaid = await placeOrder(strips)
        const before = await inventoryLevelOf(dbConnection, strips.variant_id)
        const refused = await ship(unpaid, { carrier: "dhl", tracking_number: "1234567890" })
        expect(refused.status).toBe(409)
        expect(refused.body.detail).toBe(NOT_PAID)
        expect(await fulfilmentsOf(unpaid.id)).toEqual([])
        expect(await inventoryLevelOf(dbConnection, strips.variant_id)).toEqual(before)

        const held = await placeOrder(pen)
        await markPaid(held)
        expect(await staffView(held)).toMatchObject({ status: "awaiting_prescription_review", paid: true, may_ship: false })
        const notApproved = await ship(held, { carrier: "dhl", tracking_number: "1234567890" })
        expect(notApproved.status).toBe(409)
        expect(notApproved.body.detail).toBe(
          "This order contains a prescription-only product and cannot be fulfilled until a pharmacist approves its prescription."
        )
        expect(await fulfilmentsOf(held.id)).toEqual([])
        await approve(held)
        expect((await staffView(held)).may_ship).toBe(true)
        expect((await ship(held, { carrier: "dhl", tracking_number: "1234567890" })).status).toBe(200)
        expect(await emailsOf(held.id, "order-shipped")).toHaveLength(1)
      })

      it("refuses an order shipped already, one fulfilled in Medusa Admin, and a canceled one (409)", async () => {
        const order = await placeOrder(strips)
        await markPaid(order)
        expect((await ship(order, { carrier: "fedex", tracking_number: "123456789012" })).status).toBe(200)
        const again = await ship(order, { carrier: "fedex", tracking_number: "123456789013" })
        expect(again.status).toBe(409)
        expect(again.body.detail).toBe("This order has shipped already.")
        expect(await fulfilmentsOf(order.id)).toHaveLength(1)

        const packed = await placeOrder(strips)
        await markPaid(packed)
        expect((await fulfilInMedusaAdmin(packed)).status).toBe(200)
        expect(await staffView(packed)).toMatchObject({ may_ship: false, may_mark_delivered: false, shipments: [{ shipped_at: null }] })
        const inAFulfilment = await ship(packed, { carrier: "fedex", tracking_number: "123456789012" })
        expect(inAFulfilment.status).toBe(409)
        expect(inAFulfilment.body.detail).toBe(
          "Every item of this order is in a fulfilment already; mark that fulfilment as shipped in Medusa Admin."
        )

        const canceled = await placeOrder(strips)
        expect((await call("POST", `/api/orders/${canceled.custom_display_id}/cancel/`, { token: suite.token })).status).toBe(200)
        const refused = await ship(canceled, { carrier: "fedex", tracking_number: "123456789012" })
        expect(refused.status).toBe(409)
        expect(refused.body.detail).toBe("This order was canceled; it cannot be shipped.")
        expect(await emailsOf(order.id, "order-shipped")).toHaveLength(1)
      })

      it("two ships of the same order at once: one ships, the other is refused", async () => {
        const order = await placeOrder(strips)
        await markPaid(order)
        const answers = await Promise.all([
          ship(order, { carrier: "dhl", tracking_number: "1234567890" }),
          ship(order, { carrier: "dhl", tracking_number: "1234567891" }),
        ])
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
        expect(await fulfilmentsOf(order.id)).toHaveLength(1)
        expect(await emailsOf(order.id, "order-shipped")).toHaveLength(1)
      })

      it("needs staff; an unknown order is 404", async () => {
        const order = await placeOrder(strips)
        await markPaid(order)
        expect(
          (await call("POST", `/api/orders/${order.custom_display_id}/ship/`, { json: { carrier: "dhl", tracking_number: "1234567890" } }))
            .status
        ).toBe(401)
        expect((await call("POST", `/api/orders/${order.custom_display_id}/deliver/`)).status).toBe(401)
        expect(
          (
            await call("POST", "/api/orders/HH-2222-2222/ship/", {
              token: suite.token,
              json: { carrier: "dhl", tracking_number: "1234567890" },
            })
          ).status
        ).toBe(404)
        expect((await call("POST", "/api/orders/HH-2222-2222/deliver/", { token: suite.token })).status).toBe(404)
        expect(await fulfilmentsOf(order.id)).toEqual([])
      })
    })

    describe("mark delivered", () => {
      it("refuses before anything shipped; marks the shipment delivered through Medusa; a second time is refused", async () => {
        const order = await placeOrder(strips)
        await markPaid(order)
        const early = await deliver(order)
        expect(early.status).toBe(409)
        expect(early.body.detail).toBe("Nothing has shipped on this order yet; ship it before marking it delivered.")

        expect((await ship(order, { carrier: "ups", tracking_number: "1Z999AA10123456784" })).status).toBe(200)
        const delivered = await deliver(order)
        expect(delivered.status).toBe(200)
        expect(delivered.body).toMatchObject({ status: "fulfilled", may_mark_delivered: false, shipments: [{ carrier: "UPS" }] })
        expect(Date.parse(delivered.body.shipments[0].delivered_at)).toBeGreaterThan(Date.now() - 60_000)
        expect((await fulfilmentsOf(order.id))[0].delivered_at).not.toBeNull()
        const { body } = await admin("GET", `/admin/orders/${order.id}?fields=id,fulfillment_status`)
        expect(body.order.fulfillment_status).toBe("delivered")
        expect(await emailsOf(order.id, "order-delivered")).toEqual([{ status: "success" }])

        const again = await deliver(order)
        expect(again.status).toBe(409)
        expect(again.body.detail).toBe("This order was marked delivered already.")
      })
    })
  }
)
