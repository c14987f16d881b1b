/**
 * Medusa's Store API, closed where the shop does not use it (issue 21, decision 0046). Each
 * finding is replayed as the audit did it, with only the storefront's (public) publishable key:
 * reading an anonymous order by id, Medusa's returns, order transfer and customer accounts, every
 * path encoding of them, and a completed cart, which answers nothing but its completion for a
 * short grace period.
 */
import { DEV_ADMIN } from "../../medusa-backend/src/scripts/seed/admin-credentials"
import { countRows } from "./helpers"
import { checkoutThroughStoreApi, US_ADDRESS } from "./store-api"
import { integrationSuite } from "./suite"

type Placed = { cartId: string; orderId: string; email: string }

integrationSuite(
  { staff: "account", products: { strips: { price: 25, stock: 100, title: "Glucose Test Strips" } } },
  (suite, { dbConnection }) => {
    const { setup, store, call } = suite
    const { strips } = suite.products

    /** A guest order through the Store API, as any Medusa storefront places one. */
    const placeOrder = async (label: string): Promise<Placed> => {
      const email = `${label}-${Date.now()}@example.com`
      const lines = [{ variant_id: strips.variant_id, quantity: 1 }]
      const { cartId, completed } = await checkoutThroughStoreApi(store, { region_id: setup.regionId, lines, email })
      expect(completed.status).toBe(200)
      expect(completed.body.type).toBe("order")
      return { cartId, orderId: completed.body.order.id, email }
    }

    /** A raw call with the publishable key (paths exactly as written, encodings kept). */
    const raw = (method: string, path: string, json?: unknown) =>
      call(method, path, { json, headers: { "x-publishable-api-key": setup.publishableKey } })

    const expectRefused = (answer: { status: number; body: any }, leaked: string[] = []) => {
      expect(answer.status).toBe(404)
      expect(answer.body).toMatchObject({ type: "not_found", message: expect.stringMatching(/\.$/) })
      const text = JSON.stringify(answer.body)
      for (const secret of leaked) expect(text).not.toContain(secret)
    }

    it("refuses GET /store/orders/{id} of an anonymous order (email, address, medicines) and the list, however encoded", async () => {
      const { orderId, email } = await placeOrder("read-by-id")
      const leaked = [email, US_ADDRESS.address_1, "Glucose Test Strips"]
      for (const path of [
        `/store/orders/${orderId}`,
        `/store/orders/${orderId}?fields=*items,*shipping_address,email`,
        `/store/orders/${orderId}/`,
        `/store/order%73/${orderId}`,
        `/store/%6frders/${orderId}`,
        `/STORE/ORDERS/${orderId}`,
        `/store/Orders/${encodeURIComponent(orderId)}`,
        `/store//orders/${orderId}`,
        "/store/orders",
        "/store/orders?limit=50",
      ]) {
        const answer = await raw("GET", path)
        expect(answer.status, path).toBe(404)
        expectRefused(answer, leaked)
      }
      expect((await raw("GET", `/store/orders/${orderId}`)).body.message).toBe(
        "Orders cannot be read through the Store API. The order confirmation email has the order's details."
      )
    })

    it("refuses Medusa's returns, order transfer, customer registration and customer sign-in, writing nothing", async () => {
      const { orderId } = await placeOrder("unused-routes")
      const before = {
        returns: await countRows(dbConnection, '"return"'),
        customers: await countRows(dbConnection, "customer"),
        identities: await countRows(dbConnection, "auth_identity"),
      }
      const attempts: [string, string, unknown][] = [
        ["POST", "/store/returns", { order_id: orderId, items: [], return_shipping: { option_id: "so_x" } }],
        ["GET", "/store/return%73", undefined],
        ["POST", `/store/orders/${orderId}/transfer/request`, {}],
        ["POST", `/store/orders/${orderId}/transfer/accept`, { token: "x" }],
        ["POST", `/store/orders/${orderId}/transfer/decline`, { token: "x" }],
        ["POST", `/store/orders/${orderId}/transfer/cancel`, {}],
        ["POST", "/store/customers", { email: "new.customer@example.com", first_name: "New" }],
        ["GET", "/store/customers/me", undefined],
        ["POST", "/store/custom%65rs", { email: "encoded.customer@example.com" }],
        ["POST", "/auth/customer/emailpass/register", { email: "new.customer@example.com", password: "a-long-password-1" }],
        ["POST", "/auth/%63ustomer/emailpass/register", { email: "encoded.customer@example.com", password: "a-long-password-1" }],
        ["POST", "/AUTH/Customer/emailpass/register", { email: "upper.customer@example.com", password: "a-long-password-1" }],
        ["POST", "/auth/customer/emailpass", { email: "new.customer@example.com", password: "a-long-password-1" }],
        ["POST", "/auth/customer/email%70ass", { email: "new.customer@example.com", password: "a-long-password-1" }],
        ["POST", "/auth/customer/emailpass/reset-password", { identifier: "new.customer@example.com" }],
        ["GET", "/auth/customer/providers", undefined],
      ]
      for (const [method, path, body] of attempts) {
        const answer = await raw(method, path, body)
        expect(answer.status, `${method} ${path}`).toBe(404)
        expectRefused(answer)
      }
      expect({
        returns: await countRows(dbConnection, '"return"'),
        customers: await countRows(dbConnection, "customer"),
        identities: await countRows(dbConnection, "auth_identity"),
      }).toEqual(before)
      // Staff sign-in (Medusa Admin) is another actor: not closed.
      const staff = await call("POST", "/auth/user/emailpass", { json: { email: DEV_ADMIN.email, password: DEV_ADMIN.password } })
      expect(staff.status).toBe(200)
    })

    it("keeps what the storefront uses open: products, regions, payment providers, carts", async () => {
      expect((await raw("GET", "/store/regions")).status).toBe(200)
      expect((await raw("GET", `/store/payment-providers?region_id=${setup.regionId}`)).status).toBe(200)
      expect((await raw("GET", "/store/products?limit=1")).status).toBe(200)
      const created = await raw("POST", "/store/carts", {
        region_id: setup.regionId,
        items: [{ variant_id: strips.variant_id, quantity: 1 }],
      })
      expect(created.status).toBe(200)
      const id = created.body.cart.id
      expect((await raw("GET", `/store/carts/${id}`)).status).toBe(200)
      expect((await raw("POST", `/store/carts/${id}`, { email: "open.cart@example.com" })).status).toBe(200)
    })

    it("answers nothing about a completed cart but its completion, and that for the grace period only", async () => {
      const { cartId, orderId, email } = await placeOrder("completed-cart")
      const leaked = [email, US_ADDRESS.address_1]
      const calls: [string, string, unknown][] = [
        ["GET", `/store/carts/${cartId}`, undefined],
        ["GET", `/store/carts/${cartId}?fields=*items,*shipping_address,email`, undefined],
        ["POST", `/store/carts/${cartId}`, { email: "thief@example.com" }],
        ["POST", `/store/carts/${cartId}/line-items`, { variant_id: strips.variant_id, quantity: 1 }],
        ["POST", `/store/carts/${cartId}/promotions`, { promo_codes: ["DISCOUNT10"] }],
        ["DELETE", `/store/carts/${cartId}/promotions`, { promo_codes: ["DISCOUNT10"] }],
        ["POST", `/store/carts/${cartId}/shipping-methods`, { option_id: "so_x" }],
        ["POST", `/store/carts/${cartId}/taxes`, {}],
        ["GET", `/store/carts/${encodeURIComponent(cartId)}`, undefined],
        ["GET", `/STORE/CARTS/${cartId}`, undefined],
      ]
      for (const [method, path, body] of calls) {
        const answer = await raw(method, path, body)
        expect(answer.status, `${method} ${path}`).toBe(404)
        expectRefused(answer, leaked)
      }
      expect((await raw("GET", `/store/carts/${cartId}`)).body.message).toBe(
        "This cart was already ordered: it can no longer be read or changed. Please start a new cart."
      )

      // Within the grace period a retry of the completion (a lost answer) answers the same order.
      const retry = await raw("POST", `/store/carts/${cartId}/complete?fields=id,email`)
      expect(retry.status).toBe(200)
      expect(retry.body).toMatchObject({ type: "order", order: { id: orderId, email } })

      // After it (the default is 10 minutes), the completion is refused too: nothing about the order.
      await dbConnection.raw(`UPDATE cart SET completed_at = now() - interval '11 minutes' WHERE id = ?`, [cartId])
      const late = await raw("POST", `/store/carts/${cartId}/complete?fields=id,email`)
      expectRefused(late, [email, orderId])
      expect(late.body.message).toBe(
        "This cart was ordered a while ago: its order is no longer shown here. The order confirmation email has its details."
      )
    })
  }
)
