/**
 * What staff do with manually paid orders (issue 12): record the payment,
 * cancel, see the real status; and the scheduled job that cancels orders left
 * unpaid past UNPAID_ORDER_TTL_DAYS, giving their stock back.
 */
import cancelUnpaidOrdersJob from "../../medusa-backend/src/jobs/cancel-unpaid-orders"
import { sellable, withSettings } from "./helpers"
import { adminCaller, fulfilThroughAdmin, placeOneLineOrder, US_ADDRESS } from "./store-api"
import { integrationSuite } from "./suite"

integrationSuite(
  { staff: "signed-in", products: { strips: { price: 20, stock: 100, title: "Glucose Strips" } } },
  (suite, { getContainer, api, dbConnection }) => {
    const { setup, store, call } = suite
    const { strips } = suite.products

    const placeOrder = (quantity = 1) => placeOneLineOrder(store, setup.regionId, strips.variant_id, quantity)
    const staffView = async (number: string) => (await call("GET", `/api/orders/${number}/`, { token: suite.token })).body
    const ageOrder = (orderId: string, days: number) =>
      dbConnection.raw(`UPDATE "order" SET created_at = now() - (? || ' days')::interval WHERE id = ?`, [String(days), orderId])

    describe("mark paid", () => {
      it("captures the order's payment through Medusa; the status becomes paid; a second time is refused", async () => {
        const order = await placeOrder()
        expect(await staffView(order.custom_display_id)).toMatchObject({ status: "awaiting_payment", paid: false })

        const paid = await call("POST", `/api/orders/${order.custom_display_id}/mark-paid/`, { token: suite.token })
        expect(paid.status).toBe(200)
        expect(paid.body).toMatchObject({ status: "paid", paid: true })
        const { rows } = await dbConnection.raw(
          `SELECT p.captured_at, c.status FROM order_payment_collection l
             JOIN payment_collection c ON c.id = l.payment_collection_id
             JOIN payment p ON p.payment_collection_id = c.id
            WHERE l.order_id = ?`,
          [order.id]
        )
        expect(rows).toHaveLength(1)
        expect(rows[0].captured_at).not.toBeNull()
        expect(rows[0].status).toBe("completed")

        const again = await call("POST", `/api/orders/${order.custom_display_id}/mark-paid/`, { token: suite.token })
        expect(again.status).toBe(409)
        expect(again.body.detail).toBe("This order is already paid.")
      })

      it("records the payment of an order placed without one (a converted draft order)", async () => {
        const admin = await adminCaller(api)
        const draft = await admin("POST", "/admin/draft-orders", {
          email: "draft@example.com",
          region_id: setup.regionId,
          sales_channel_id: setup.salesChannelId,
          items: [{ variant_id: strips.variant_id, quantity: 1 }],
          shipping_address: US_ADDRESS,
        })
        const converted = await admin("POST", `/admin/draft-orders/${draft.body.draft_order.id}/convert-to-order`)
        const number = converted.body.order.custom_display_id
        expect((await staffView(number)).paid).toBe(false)
        const paid = await call("POST", `/api/orders/${number}/mark-paid`, { token: suite.token })
        expect(paid.status).toBe(200)
        expect(paid.body).toMatchObject({ status: "paid", paid: true })
      })

      it("needs staff", async () => {
        const order = await placeOrder()
        expect((await call("POST", `/api/orders/${order.custom_display_id}/mark-paid/`)).status).toBe(401)
        expect((await staffView(order.custom_display_id)).paid).toBe(false)
        expect((await call("POST", "/api/orders/HH-2222-2222/mark-paid/", { token: suite.token })).status).toBe(404)
      })
    })

    describe("cancel", () => {
      it("cancels through Medusa and gives the stock back; a second time is refused", async () => {
        const before = await sellable(dbConnection, strips.inventory_item_id)
        const order = await placeOrder(3)
        expect(await sellable(dbConnection, strips.inventory_item_id)).toBe(before - 3)

        const canceled = await call("POST", `/api/orders/${order.custom_display_id}/cancel/`, { token: suite.token })
        expect(canceled.status).toBe(200)
        expect(canceled.body.status).toBe("canceled")
        expect(await sellable(dbConnection, strips.inventory_item_id)).toBe(before)
        const { rows } = await dbConnection.raw(`SELECT status FROM "order" WHERE id = ?`, [order.id])
        expect(rows[0].status).toBe("canceled")

        const again = await call("POST", `/api/orders/${order.custom_display_id}/cancel/`, { token: suite.token })
        expect(again.status).toBe(409)
        expect(again.body.detail).toBe("This order was canceled already.")
        expect(await sellable(dbConnection, strips.inventory_item_id)).toBe(before)
      })

      it("refuses to cancel an order that has shipped", async () => {
        const order = await placeOrder()
        // Nothing ships before it is paid (issue 24).
        expect((await call("POST", `/api/orders/${order.custom_display_id}/mark-paid/`, { token: suite.token })).status).toBe(200)
        const fulfilled = await fulfilThroughAdmin(await adminCaller(api), order.id)
        expect(fulfilled.status).toBe(200)
        expect((await staffView(order.custom_display_id)).status).toBe("fulfilled")
        const refused = await call("POST", `/api/orders/${order.custom_display_id}/cancel/`, { token: suite.token })
        expect(refused.status).toBe(409)
        expect((await staffView(order.custom_display_id)).status).toBe("fulfilled")
      })
    })

    describe("the unpaid-order job", () => {
      it("cancels orders unpaid after UNPAID_ORDER_TTL_DAYS and releases their stock; paid and recent ones stay", async () => {
        const start = await sellable(dbConnection, strips.inventory_item_id)
        const abandoned = await placeOrder(2)
        const paidOld = await placeOrder(1)
        const recent = await placeOrder(1)
        expect((await call("POST", `/api/orders/${paidOld.custom_display_id}/mark-paid/`, { token: suite.token })).status).toBe(200)
        // The default TTL is 3 days (decision 0045).
        await ageOrder(abandoned.id, 4)
        await ageOrder(paidOld.id, 4)
        await ageOrder(recent.id, 2)
        expect(await sellable(dbConnection, strips.inventory_item_id)).toBe(start - 4)

        await cancelUnpaidOrdersJob(getContainer())

        expect((await staffView(abandoned.custom_display_id)).status).toBe("canceled")
        expect((await staffView(paidOld.custom_display_id)).status).toBe("paid")
        expect((await staffView(recent.custom_display_id)).status).toBe("awaiting_payment")
        expect(await sellable(dbConnection, strips.inventory_item_id)).toBe(start - 2)

        // The TTL is configurable.
        await withSettings({ UNPAID_ORDER_TTL_DAYS: "1" }, () => cancelUnpaidOrdersJob(getContainer()))
        expect((await staffView(recent.custom_display_id)).status).toBe("canceled")
        expect(await sellable(dbConnection, strips.inventory_item_id)).toBe(start - 1)
      })
    })

    describe("the staff list", () => {
      it("lists orders newest first with their real status", async () => {
        const older = await placeOrder()
        const newer = await placeOrder()
        await call("POST", `/api/orders/${newer.custom_display_id}/mark-paid/`, { token: suite.token })
        const list = await call("GET", "/api/orders/?limit=3", { token: suite.token })
        expect(list.status).toBe(200)
        expect(list.body.map((o: { unique_order_id: string; status: string }) => [o.unique_order_id, o.status])).toEqual([
          [newer.custom_display_id, "paid"],
          [older.custom_display_id, "awaiting_payment"],
        ])
      })
    })
  }
)
