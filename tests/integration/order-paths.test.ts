/**
 * The pharmacy's rules hold on every path to an order (issue 12): Medusa's
 * Store API cart completion, a draft order converted in Medusa Admin, and the
 * legacy /api. Each order gets its public number and one confirmation email;
 * an order with a prescription-only product is held, and Medusa's own
 * fulfilment (the Admin API Medusa Admin uses) is refused until a pharmacist
 * approves it.
 */
import fs from "node:fs"
import path from "node:path"

import { Modules } from "@medusajs/framework/utils"

import { ORDER_NUMBER_PATTERN } from "../../medusa-backend/src/shared/order-number"
import { countRows, createTestProduct, sellable } from "./helpers"
import {
  cartReadyToComplete,
  checkoutThroughStoreApi,
  convertDraftWithShipping,
  createDraftOrder,
  fulfilThroughAdmin,
  placeLegacyOrder,
  US_ADDRESS,
} from "./store-api"
import { integrationSuite, orderSuite } from "./suite"

// The seeded admin is a pharmacist: approving holds needs two-step sign-in (decision 0044).
integrationSuite(orderSuite(), (suite, { getContainer, dbConnection }) => {
  const { setup, store, call, admin } = suite
  const { rx, plain } = suite.products

  const orderRow = async (orderId: string) => {
    const { rows } = await dbConnection.raw(
      `SELECT o.id, o.custom_display_id, o.status, r.status AS review_status
           FROM "order" o
           LEFT JOIN order_order_prescription_order_prescription_review l ON l.order_id = o.id AND l.deleted_at IS NULL
           LEFT JOIN order_prescription_review r ON r.id = l.order_prescription_review_id AND r.deleted_at IS NULL
          WHERE o.id = ?`,
      [orderId]
    )
    return rows[0]
  }

  /** Waits for the order.placed subscriber (it runs after the workflow) and answers the confirmation emails sent. */
  const confirmationsOf = async (orderId: string, atLeast = 1) => {
    let rows: any[] = []
    for (let i = 0; i < 100; i++) {
      rows = (await dbConnection.raw("SELECT * FROM notification WHERE resource_id = ? AND template = 'order-confirmation'", [orderId]))
        .rows
      if (rows.length >= atLeast && rows.every((r) => r.status === "success")) break
      await new Promise((r) => setTimeout(r, 100))
    }
    return rows
  }

  const outboxEmails = (orderNumber: string) => {
    const outbox = path.join(process.env.DATA_DIR!, "outbox")
    if (!fs.existsSync(outbox)) return []
    return fs
      .readdirSync(outbox)
      .map((file) => JSON.parse(fs.readFileSync(path.join(outbox, file), "utf8")))
      .filter((email) => email.template === "order-confirmation" && email.subject.includes(orderNumber))
  }

  const fulfil = (orderId: string) => fulfilThroughAdmin(admin, orderId)

  /** Staff record the payment: nothing ships before it is paid (issue 24). */
  const markPaid = async (orderNumber: string) =>
    expect((await call("POST", `/api/orders/${orderNumber}/mark-paid/`, { token: suite.token })).status).toBe(200)

  const fulfilmentCount = async (orderId: string) =>
    Number(
      (await dbConnection.raw("SELECT count(*) AS n FROM order_fulfillment WHERE order_id = ? AND deleted_at IS NULL", [orderId])).rows[0].n
    )

  const redeliverOrderPlaced = async (orderId: string) => {
    await getContainer()
      .resolve(Modules.EVENT_BUS)
      .emit({ name: "order.placed", data: { id: orderId } })
    await new Promise((r) => setTimeout(r, 1500))
  }

  describe("Store API cart completion", () => {
    it("holds an order with a prescription-only product; Medusa's fulfilment is refused until a pharmacist approves", async () => {
      const before = await sellable(dbConnection, rx.inventory_item_id)
      const { completed } = await checkoutThroughStoreApi(store, {
        region_id: setup.regionId,
        lines: [{ variant_id: rx.variant_id, quantity: 2 }],
      })
      expect(completed.status).toBe(200)
      expect(completed.body.type).toBe("order")
      const order = completed.body.order
      // The number and the hold exist when the customer gets the answer.
      expect(order.custom_display_id).toMatch(ORDER_NUMBER_PATTERN)
      expect(await orderRow(order.id)).toMatchObject({ custom_display_id: order.custom_display_id, review_status: "pending" })
      expect(await sellable(dbConnection, rx.inventory_item_id)).toBe(before - 2)

      const refused = await fulfil(order.id)
      expect(refused.status).toBe(400)
      expect(refused.body.message).toMatch(/prescription/i)
      expect(await fulfilmentCount(order.id)).toBe(0)
      // The refused fulfilment was rolled back: the stock is still reserved, not shipped.
      expect(await sellable(dbConnection, rx.inventory_item_id)).toBe(before - 2)

      const staffView = await call("GET", `/api/orders/${order.custom_display_id}/`, { token: suite.token })
      expect(staffView.body.status).toBe("awaiting_prescription_review")

      const approved = await call("POST", `/api/orders/${order.custom_display_id}/prescription-review/`, {
        token: suite.token,
        json: { decision: "approved", note: "Prescription on file" },
      })
      expect(approved.status).toBe(200)
      await markPaid(order.custom_display_id)
      const shipped = await fulfil(order.id)
      expect(shipped.status).toBe(200)
      expect(await fulfilmentCount(order.id)).toBe(1)
      expect((await call("GET", `/api/orders/${order.custom_display_id}/`, { token: suite.token })).body.status).toBe("fulfilled")
    })

    it("does not hold an order without prescription products, and it can be fulfilled", async () => {
      const { completed } = await checkoutThroughStoreApi(store, {
        region_id: setup.regionId,
        lines: [{ variant_id: plain.variant_id, quantity: 1 }],
      })
      const order = completed.body.order
      expect(order.custom_display_id).toMatch(ORDER_NUMBER_PATTERN)
      expect((await orderRow(order.id)).review_status).toBeNull()
      await markPaid(order.custom_display_id)
      expect((await fulfil(order.id)).status).toBe(200)
    })

    it("refuses to ship a prescription order whose review record is missing (fails closed)", async () => {
      const { completed } = await checkoutThroughStoreApi(store, {
        region_id: setup.regionId,
        lines: [{ variant_id: rx.variant_id, quantity: 1 }],
      })
      const order = completed.body.order
      await dbConnection.raw("DELETE FROM order_order_prescription_order_prescription_review WHERE order_id = ?", [order.id])
      expect((await orderRow(order.id)).review_status).toBeNull()
      const refused = await fulfil(order.id)
      expect(refused.status).toBe(400)
      expect(refused.body.message).toMatch(/prescription/i)
      expect(await fulfilmentCount(order.id)).toBe(0)
      // Staff can still decide: the decision puts the missing hold back first.
      const approved = await call("POST", `/api/orders/${order.custom_display_id}/prescription-review/`, {
        token: suite.token,
        json: { decision: "approved" },
      })
      expect(approved.status).toBe(200)
      await markPaid(order.custom_display_id)
      expect((await fulfil(order.id)).status).toBe(200)
    })

    it("a cart another request is completing answers a change with 409 conflict (retry), not a 500, and the change waits", async () => {
      // A double submit: the first submission's completion holds the cart's lock (Medusa's completeCartWorkflow)
      // while the second changes the cart. The embedded default's in-memory locks refuse with a plain Error.
      const created = await store("POST", "/store/carts?fields=id,email", {
        region_id: setup.regionId,
        items: [{ variant_id: plain.variant_id, quantity: 1 }],
        shipping_address: US_ADDRESS,
      })
      const cartId = created.body.cart.id as string
      const locking = getContainer().resolve(Modules.LOCKING)
      await locking.acquire(cartId, { ownerId: "completion-in-progress", expire: 30 })
      try {
        const busy = await store("POST", `/store/carts/${cartId}?fields=id,email`, { email: "second.submit@example.com" })
        expect(busy.status).toBe(409)
        expect(busy.body.type).toBe("conflict")
      } finally {
        await locking.release(cartId, { ownerId: "completion-in-progress" })
      }
      const { rows } = await dbConnection.raw("SELECT email FROM cart WHERE id = ?", [cartId])
      expect(rows[0].email).toBeNull()
      const retried = await store("POST", `/store/carts/${cartId}?fields=id,email`, { email: "second.submit@example.com" })
      expect(retried.status).toBe(200)
      expect(retried.body.cart.email).toBe("second.submit@example.com")
    })

    it("never oversells: 6 carts completed at once for the last 2 units make exactly 2 orders, the rest refused with the stock message", async () => {
      const last2 = await createTestProduct(getContainer(), setup, { price: 12, stock: 2, title: "Last Two Lancets" })
      const carts = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          cartReadyToComplete(store, {
            region_id: setup.regionId,
            lines: [{ variant_id: last2.variant_id, quantity: 1 }],
            email: `race${i}@example.com`,
          })
        )
      )
      const orders = await countRows(dbConnection, `"order"`)
      const answers = await Promise.all(carts.map((cartId) => store("POST", `/store/carts/${cartId}/complete`)))
      const placed = answers.filter((a) => a.status === 200 && a.body.type === "order")
      const refused = answers.filter((a) => a.status !== 200)
      expect(placed).toHaveLength(2)
      expect(refused).toHaveLength(4)
      for (const answer of refused) {
        expect(answer.status).toBe(400)
        expect(answer.body.message).toBe("Not enough stock for Last Two Lancets (Standard): 0 available")
      }
      expect(await sellable(dbConnection, last2.inventory_item_id)).toBe(0)
      // No orphaned order from a lost race (an order without its reservation).
      expect(await countRows(dbConnection, `"order"`)).toBe(orders + 2)
    })

    it("refuses a sold-out cart at once, without waiting for the variant's stock lock", async () => {
      const single = await createTestProduct(getContainer(), setup, { price: 12, stock: 1, title: "Single Lancet" })
      const cartId = await cartReadyToComplete(store, {
        region_id: setup.regionId,
        lines: [{ variant_id: single.variant_id, quantity: 1 }],
      })
      await checkoutThroughStoreApi(store, { region_id: setup.regionId, lines: [{ variant_id: single.variant_id, quantity: 1 }] })
      expect(await sellable(dbConnection, single.inventory_item_id)).toBe(0)
      // Another order holds the lock (for up to its 60 s wait): a refusal that queued for it would time out here.
      const locking = getContainer().resolve(Modules.LOCKING)
      await locking.acquire(`stock:${single.variant_id}`, { ownerId: "order-in-progress", expire: 120 })
      try {
        const refused = await store("POST", `/store/carts/${cartId}/complete`)
        expect(refused.status).toBe(400)
        expect(refused.body.message).toBe("Not enough stock for Single Lancet (Standard): 0 available")
      } finally {
        await locking.release(`stock:${single.variant_id}`, { ownerId: "order-in-progress" })
      }
    }, 20_000)

    it("sends exactly one confirmation email with the provider's payment instructions, also when order.placed arrives twice", async () => {
      const { completed } = await checkoutThroughStoreApi(store, {
        region_id: setup.regionId,
        lines: [{ variant_id: plain.variant_id, quantity: 1 }],
        provider_id: "pp_chime_manual",
        email: "chime.buyer@example.com",
      })
      const order = completed.body.order
      expect(await confirmationsOf(order.id)).toHaveLength(1)
      await redeliverOrderPlaced(order.id)
      const sent = await confirmationsOf(order.id)
      expect(sent).toHaveLength(1)
      expect(sent[0]).toMatchObject({ to: "chime.buyer@example.com", status: "success" })
      const emails = outboxEmails(order.custom_display_id)
      expect(emails).toHaveLength(1)
      expect(emails[0].text).toContain("Chime")
      expect(emails[0].text).toContain(`Order ${order.custom_display_id}`)
      // No product name or address in the subject; both behind the greeting (decision 0041 as amended by 0050).
      expect(emails[0].subject).not.toContain("Test Strips")
      expect(emails[0].subject).not.toContain("12 Elm Street")
      for (const body of [emails[0].text, emails[0].html]) {
        expect(body.slice(body.indexOf("Hello Pat,"))).toContain("Test Strips")
        expect(body.slice(body.indexOf("Hello Pat,"))).toContain("12 Elm Street")
      }
    })
  })

  describe("draft orders converted in Medusa Admin", () => {
    it("hold a prescription order, number it, refuse its fulfilment, and confirm it once", async () => {
      const draft = await createDraftOrder(admin, setup, "draft.buyer@example.com", [{ variant_id: rx.variant_id, quantity: 1 }])
      expect(draft.status).toBe(200)
      const options = await admin("GET", `/admin/shipping-options?fields=id,name`)
      const standard = options.body.shipping_options.find((o: { name: string }) => o.name === "Standard Shipping")
      const draftId = draft.body.draft_order.id
      const converted = await convertDraftWithShipping(admin, draftId, standard.id)
      expect(converted.status).toBe(200)
      const orderId = converted.body.order.id
      expect(converted.body.order.custom_display_id).toMatch(ORDER_NUMBER_PATTERN)

      // The hold comes from the order.placed subscriber; until then fulfilment is refused anyway (from the lines).
      expect(await confirmationsOf(orderId)).toHaveLength(1)
      expect((await orderRow(orderId)).review_status).toBe("pending")
      const refused = await fulfil(orderId)
      expect(refused.status).toBe(400)
      expect(refused.body.message).toMatch(/prescription/i)
      await redeliverOrderPlaced(orderId)
      expect(await confirmationsOf(orderId)).toHaveLength(1)
      expect(outboxEmails(converted.body.order.custom_display_id)).toHaveLength(1)
    })
  })

  describe("the legacy /api", () => {
    it("gets the same number, hold and single email", async () => {
      const placed = await placeLegacyOrder(call, "legacy.buyer@example.com", [[rx, 1]])
      expect(placed.status).toBe(201)
      expect(placed.body.unique_order_id).toMatch(ORDER_NUMBER_PATTERN)
      expect(placed.body.status).toBe("awaiting_prescription_review")
      const { rows } = await dbConnection.raw(`SELECT id FROM "order" WHERE custom_display_id = ?`, [placed.body.unique_order_id])
      expect((await orderRow(rows[0].id)).review_status).toBe("pending")
      expect(await confirmationsOf(rows[0].id)).toHaveLength(1)
      const refused = await fulfil(rows[0].id)
      expect(refused.status).toBe(400)
      expect(refused.body.message).toMatch(/prescription/i)
    })
  })

  describe("prescription items ship only to the states the pharmacy serves (issue 25)", () => {
    const TEXAS = { ...US_ADDRESS, address_1: "1 Main Street", city: "Dallas", province: "Texas", postal_code: "75202" }
    /** Ops set the Store's metadata in Medusa Admin (Settings → Store); "" (cleared) is every state. */
    const serveStates = async (value: string) => {
      const { body } = await admin("GET", "/admin/stores?fields=id")
      expect((await admin("POST", `/admin/stores/${body.stores[0].id}`, { metadata: { pharmacy_rx_ship_states: value } })).status).toBe(200)
    }
    const rxTo = (shipping_address = US_ADDRESS, lines = [{ variant_id: rx.variant_id, quantity: 1 }]) =>
      checkoutThroughStoreApi(store, { region_id: setup.regionId, lines, shipping_address })
    const ordersNow = async () => Number((await dbConnection.raw(`SELECT count(*) AS n FROM "order"`)).rows[0].n)
    afterEach(() => serveStates(""))

    it("refuses a prescription cart to a state not served through the Store API and /api/orders/, and orders nothing", async () => {
      await serveStates("TX, OK, Louisiana")
      const before = await ordersNow()
      const refused = (await rxTo()).completed
      expect(refused.status).toBe(400)
      expect(refused.body.message).toBe(
        "We cannot ship prescription items to Illinois. Remove them from your cart or choose a shipping address in a state we serve."
      )
      const legacy = await placeLegacyOrder(call, "legacy.illinois@example.com", [[rx, 1]])
      expect(legacy.status).toBe(400)
      expect(legacy.body.detail).toMatch(/^We cannot ship prescription items to Illinois\./)
      expect(await ordersNow()).toBe(before)

      // Other goods go anywhere; prescription items go to a state served (by code or by name).
      expect((await rxTo(US_ADDRESS, [{ variant_id: plain.variant_id, quantity: 1 }])).completed.body.type).toBe("order")
      expect((await rxTo(TEXAS)).completed.body.type).toBe("order")
    })

    it("fails closed on a setting that names no real state, and is 'all' again once it is cleared", async () => {
      await serveStates("TX, Texsa")
      expect((await rxTo(TEXAS)).completed.status).toBe(400)
      await serveStates("")
      expect((await rxTo()).completed.body.type).toBe("order")
    })

    it("refuses to ship an order whose state stopped being served after it was placed (Medusa Admin's fulfilment)", async () => {
      const order = (await rxTo()).completed.body.order
      const approved = await call("POST", `/api/orders/${order.custom_display_id}/prescription-review/`, {
        token: suite.token,
        json: { decision: "approved" },
      })
      expect(approved.status).toBe(200)
      await markPaid(order.custom_display_id)
      await serveStates("TX")
      const refused = await fulfil(order.id)
      expect(refused.status).toBe(400)
      expect(refused.body.message).toMatch(/^We cannot ship prescription items to Illinois\./)
      expect(await fulfilmentCount(order.id)).toBe(0)
      await serveStates("IL, TX")
      expect((await fulfil(order.id)).status).toBe(200)
    })
  })
})
