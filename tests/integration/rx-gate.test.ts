/**
 * The prescription gate fails closed on every change (issue 21, decision 0045),
 * replayed as an attacker or a careless colleague would do it, against the
 * real backend:
 *
 * - a held order's product flag switched off (through our /api by a
 *   pharmacist, or straight in Medusa's product module as Medusa Admin
 *   would), then Medusa's fulfilment: still refused;
 * - an approved order edited (Medusa's order edit workflows) to add a
 *   prescription line: refused at once, then held again (reopened, audited as
 *   a system action) until a pharmacist approves again;
 * - staff without the pharmacist role changing a product's prescription flag
 *   (our /api, Medusa Admin's routes): 403 and nothing changes; pharmacists'
 *   changes are audited; unknown flag values are refused;
 * - two pharmacists deciding at once: exactly one wins, the other gets 409 and
 *   leaves no trace.
 */
import type { OrderWorkflow } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  beginExchangeOrderWorkflow,
  beginOrderEditOrderWorkflow,
  confirmExchangeRequestWorkflow,
  confirmOrderEditRequestWorkflow,
  orderEditAddNewItemWorkflow,
  orderExchangeAddNewItemWorkflow,
  orderExchangeRequestItemReturnWorkflow,
  requestOrderEditRequestWorkflow,
} from "@medusajs/medusa/core-flows"

import { assertMayShip, orderPrescriptionState } from "../../medusa-backend/src/lib/orders/order-prescription"
import recordExistingOrderLines from "../../medusa-backend/src/migration-scripts/prescription-order-lines"
import { PRESCRIPTION_MODULE } from "../../medusa-backend/src/modules/prescription"
import type PrescriptionModuleService from "../../medusa-backend/src/modules/prescription/service"
import { ensureAdminUser } from "../../medusa-backend/src/scripts/seed/admin-user"
import { prescriptionRequestSchema } from "../../medusa-backend/src/shared/schemas/prescription-request"
import { submitPrescriptionRequestWorkflow } from "../../medusa-backend/src/workflows/prescription/workflows/submit-prescription-request"
import { full } from "../support/prescription-forms"
import { pharmacistTokens, staffTokens } from "./api-helpers"
import { type AdminCall, adminCaller, checkoutThroughStoreApi, fulfilThroughAdmin } from "./store-api"
import { integrationSuite, type TestProduct as Product } from "./suite"

const OPS = { email: "ops@example.com", password: "ops-password-1" }
const form = prescriptionRequestSchema.parse(full)

integrationSuite(
  {
    // The seeded admin is a pharmacist: decisions need a session verified with two-step sign-in (0044).
    staff: "pharmacist",
    admin: true,
    products: {
      rx: { price: 40, stock: 50, prescription: true, title: "Semaglutide Pen" },
      rx2: { price: 30, stock: 50, prescription: true, title: "Insulin Glargine" },
      plain: { price: 25, stock: 50, title: "Test Strips" },
    },
  },
  (suite, { getContainer, api, dbConnection }) => {
    const { setup, store, call, admin } = suite
    const { rx, rx2, plain } = suite.products
    let pharmacistId: string
    /** A staff user without the pharmacist role. */
    let opsToken: string
    let opsAdmin: AdminCall
    let categoryId: string

    // Top level on purpose: the runner restores the database before each test.
    beforeAll(async () => {
      pharmacistId = (await dbConnection.raw(`SELECT id FROM "user" WHERE email = 'admin@example.com'`)).rows[0].id
      await ensureAdminUser(getContainer(), OPS)
      opsToken = (await staffTokens(call, OPS)).access
      opsAdmin = await adminCaller(api, OPS)
      categoryId = (await call("POST", "/api/categories/", { token: suite.token, json: { name: "Weight Loss" } })).body.id
    })

    const checkout = async (lines: [Product, number][]) => {
      const { completed } = await checkoutThroughStoreApi(store, {
        region_id: setup.regionId,
        lines: lines.map(([product, quantity]) => ({ variant_id: product.variant_id, quantity })),
      })
      if (completed.status !== 200) throw new Error(`checkout: ${completed.status} ${JSON.stringify(completed.body)}`)
      return completed.body.order as { id: string; custom_display_id: string }
    }

    const fulfil = (orderId: string) => fulfilThroughAdmin(admin, orderId)
    const fulfilmentCount = async (orderId: string) =>
      Number(
        (await dbConnection.raw("SELECT count(*) AS n FROM order_fulfillment WHERE order_id = ? AND deleted_at IS NULL", [orderId])).rows[0]
          .n
      )

    const reviewOf = async (orderId: string) =>
      (
        await dbConnection.raw(
          `SELECT r.status FROM order_prescription_review r
             JOIN order_order_prescription_order_prescription_review l ON l.order_prescription_review_id = r.id AND l.deleted_at IS NULL
            WHERE l.order_id = ? AND r.deleted_at IS NULL`,
          [orderId]
        )
      ).rows[0]?.status ?? null

    const audit = async (subjectId: string) =>
      (
        await dbConnection.raw(
          "SELECT actor_id, action, details FROM prescription_audit_entry WHERE subject_id = ? ORDER BY created_at, id",
          [subjectId]
        )
      ).rows

    const metadataOf = async (productId: string) =>
      (await dbConnection.raw("SELECT metadata FROM product WHERE id = ?", [productId])).rows[0].metadata

    const approve = (orderNumber: string, staffToken = suite.token) =>
      call("POST", `/api/orders/${orderNumber}/prescription-review/`, {
        token: staffToken,
        json: { decision: "approved", note: "Script on file" },
      })

    /** Staff record the payment: nothing ships before it is paid (issue 24). */
    const markPaid = async (orderNumber: string) =>
      expect((await call("POST", `/api/orders/${orderNumber}/mark-paid/`, { token: suite.token })).status).toBe(200)

    const until = async (what: () => Promise<boolean>) => {
      for (let i = 0; i < 100 && !(await what()); i++) await new Promise((r) => setTimeout(r, 100))
    }

    describe("a held order whose product's prescription flag is switched off", () => {
      it("through the /api by a pharmacist: the change is audited, and Medusa's fulfilment is still refused", async () => {
        const order = await checkout([[rx, 1]])
        expect(await reviewOf(order.id)).toBe("pending")

        const flipped = await call("PATCH", `/api/products/${rx.product_id}/`, { token: suite.token, json: { prescription: false } })
        expect(flipped.status).toBe(200)
        expect(flipped.body.prescription).toBe(false)
        expect(await audit(rx.product_id)).toEqual([
          { actor_id: pharmacistId, action: "flag_change", details: { flag: "prescription", from: true, to: false, via: "api/products" } },
        ])

        const refused = await fulfil(order.id)
        expect(refused.status).toBe(400)
        expect(refused.body.message).toMatch(/until a pharmacist approves its prescription/)
        expect(await fulfilmentCount(order.id)).toBe(0)
        // Staff still see it held, and a pharmacist can still decide on it.
        expect((await call("GET", `/api/orders/${order.custom_display_id}/`, { token: suite.token })).body.status).toBe(
          "awaiting_prescription_review"
        )
        expect((await approve(order.custom_display_id)).status).toBe(200)
        await markPaid(order.custom_display_id)
        expect((await fulfil(order.id)).status).toBe(200)
      })

      it("straight in Medusa's product module (as Medusa Admin writes it): still refused, even with the hold's link deleted", async () => {
        const order = await checkout([
          [rx, 1],
          [plain, 1],
        ])
        await getContainer()
          .resolve(Modules.PRODUCT)
          .updateProducts(rx.product_id, { metadata: { prescription: false } })
        expect(await metadataOf(rx.product_id)).toMatchObject({ prescription: false })

        const refused = await fulfil(order.id)
        expect(refused.status).toBe(400)
        expect(refused.body.message).toMatch(/prescription/)

        // Without the review's link the order's own record of its lines still holds it.
        await dbConnection.raw("DELETE FROM order_order_prescription_order_prescription_review WHERE order_id = ?", [order.id])
        expect((await fulfil(order.id)).status).toBe(400)
        expect(await fulfilmentCount(order.id)).toBe(0)
        const { rows } = await dbConnection.raw("SELECT item_id, prescription FROM order_prescription_line WHERE order_id = ?", [order.id])
        expect(rows.map((r: { prescription: boolean }) => r.prescription).sort()).toEqual([false, true])
      })

      it("orders placed before lines were recorded get their record from the migration script, once", async () => {
        const order = await checkout([
          [rx, 1],
          [plain, 2],
        ])
        await dbConnection.raw("DELETE FROM order_prescription_line WHERE order_id = ?", [order.id])
        await recordExistingOrderLines({ container: getContainer() })
        const recorded = async () =>
          (await dbConnection.raw("SELECT prescription FROM order_prescription_line WHERE order_id = ? ORDER BY prescription", [order.id]))
            .rows
        expect(await recorded()).toEqual([{ prescription: false }, { prescription: true }])
        await recordExistingOrderLines({ container: getContainer() })
        expect(await recorded()).toHaveLength(2)
      })

      it("a flag value nobody can read counts as prescription-only", async () => {
        const order = await checkout([[plain, 1]])
        await getContainer()
          .resolve(Modules.PRODUCT)
          .updateProducts(plain.product_id, { metadata: { prescription: "maybe" } })
        expect((await fulfil(order.id)).status).toBe(400)
      })
    })

    describe("an approved order edited to add a prescription line", () => {
      const editToAdd = async (orderId: string, product: Product, quantity = 1) => {
        const container = getContainer()
        await beginOrderEditOrderWorkflow(container).run({ input: { order_id: orderId, created_by: pharmacistId } })
        await orderEditAddNewItemWorkflow(container).run({
          input: { order_id: orderId, items: [{ variant_id: product.variant_id, quantity }] },
        })
        await requestOrderEditRequestWorkflow(container).run({ input: { order_id: orderId, requested_by: pharmacistId } })
        await confirmOrderEditRequestWorkflow(container).run({ input: { order_id: orderId, confirmed_by: pharmacistId } })
      }

      it("is refused at once, held again (reopened by the system, audited) until a pharmacist approves again", async () => {
        const order = await checkout([[rx, 1]])
        expect((await approve(order.custom_display_id)).status).toBe(200)
        expect(await reviewOf(order.id)).toBe("approved")

        await editToAdd(order.id, rx2)
        // The gate does not wait for the order-edit.confirmed subscriber: the approval never covered the new line.
        const refused = await fulfil(order.id)
        expect(refused.status).toBe(400)
        expect(refused.body.message).toMatch(
          /gained prescription-only items after its prescription was approved|until a pharmacist approves/
        )
        expect(await fulfilmentCount(order.id)).toBe(0)

        await until(async () => (await reviewOf(order.id)) === "pending")
        expect(await reviewOf(order.id)).toBe("pending")
        const trail = await audit(order.id)
        expect(trail.map((row: { actor_id: string; action: string }) => [row.actor_id, row.action])).toEqual([
          [pharmacistId, "approve"],
          ["system", "reopen"],
        ])
        expect(trail[1].details.item_ids).toHaveLength(1)
        expect((await call("GET", `/api/orders/${order.custom_display_id}/`, { token: suite.token })).body.status).toBe(
          "awaiting_prescription_review"
        )
        expect((await fulfil(order.id)).status).toBe(400)

        // As if the subscriber had not run yet (the review still says approved): the approval covers only the line it saw.
        await dbConnection.raw("UPDATE order_prescription_review SET status = 'approved' WHERE status = 'pending'")
        const uncovered = await fulfil(order.id)
        expect(uncovered.status).toBe(400)
        expect(uncovered.body.message).toBe(
          "This order gained prescription-only items after its prescription was approved; " +
            "it cannot be fulfilled until a pharmacist approves it again."
        )
        // The pharmacist's decision brings the hold up to date first: reopened, then approved for both lines.
        expect((await approve(order.custom_display_id)).status).toBe(200)
        await markPaid(order.custom_display_id)
        expect((await fulfil(order.id)).status).toBe(200)
      })

      it("an exchange that sends a prescription item after the order shipped reopens the review until a pharmacist approves", async () => {
        const container = getContainer()
        const order = await checkout([[rx, 1]])
        expect((await approve(order.custom_display_id)).status).toBe(200)
        await markPaid(order.custom_display_id)
        expect((await fulfil(order.id)).status).toBe(200)

        const { result: change } = await beginExchangeOrderWorkflow(container).run({
          input: { order_id: order.id, created_by: pharmacistId },
        })
        const exchangeId = change.exchange_id!
        // The pen comes back (Medusa's exchanges take at least one item back), a different medicine goes out.
        const shipped = (await admin("GET", `/admin/orders/${order.id}?fields=id,*items`)).body.order.items[0]
        await orderExchangeRequestItemReturnWorkflow(container).run({
          // Medusa's type asks for return_id, but the workflow creates the exchange's return itself.
          input: {
            exchange_id: exchangeId,
            items: [{ id: shipped.id, quantity: 1 }],
          } as OrderWorkflow.OrderExchangeRequestItemReturnWorkflowInput,
        })
        await orderExchangeAddNewItemWorkflow(container).run({
          input: { exchange_id: exchangeId, items: [{ variant_id: rx2.variant_id, quantity: 1 }] },
        })
        await confirmExchangeRequestWorkflow(container).run({ input: { exchange_id: exchangeId, confirmed_by: pharmacistId } })

        // What the fulfilment gate decides (Medusa's own exchange fulfilment needs stock reservations this test store lacks).
        const mayShip = async () => {
          try {
            assertMayShip(await orderPrescriptionState(container, order.id))
            return true
          } catch {
            return false
          }
        }
        expect(await mayShip()).toBe(false)
        await until(async () => (await reviewOf(order.id)) === "pending")
        expect(await reviewOf(order.id)).toBe("pending")
        expect((await audit(order.id)).map((row: { action: string }) => row.action)).toEqual(["approve", "reopen"])
        expect(await mayShip()).toBe(false)
        expect((await approve(order.custom_display_id)).status).toBe(200)
        expect(await mayShip()).toBe(true)
      })

      it("an order without prescription lines that gains one is held", async () => {
        const order = await checkout([[plain, 1]])
        expect(await reviewOf(order.id)).toBeNull()
        await editToAdd(order.id, rx)
        expect((await fulfil(order.id)).status).toBe(400)
        await until(async () => (await reviewOf(order.id)) === "pending")
        expect(await reviewOf(order.id)).toBe("pending")
      })
    })

    describe("who may change a product's prescription flag", () => {
      it("staff without the pharmacist role get 403 on the /api, and nothing changes", async () => {
        const before = await metadataOf(rx.product_id)
        const patched = await call("PATCH", `/api/products/${rx.product_id}/`, { token: opsToken, json: { prescription: false } })
        expect(patched.status).toBe(403)
        expect(patched.body.detail).toBe(
          "Only pharmacists may change whether a product needs a prescription. Ask a pharmacist to make this change; nothing was saved."
        )
        const saved = await call("PUT", `/api/products-with-variants/${rx.product_id}/`, {
          token: opsToken,
          json: { name: "Renamed Pen", description: "d", category: categoryId, prescription: false, variants: [{ id: rx.variant_id }] },
        })
        expect(saved.status).toBe(403)
        expect(await metadataOf(rx.product_id)).toEqual(before)
        expect((await dbConnection.raw("SELECT title FROM product WHERE id = ?", [rx.product_id])).rows[0].title).toBe("Semaglutide Pen")
        expect(await audit(rx.product_id)).toEqual([])
        // Other edits stay open to all staff.
        expect(
          (await call("PATCH", `/api/products/${rx.product_id}/`, { token: opsToken, json: { description: "Weekly pen" } })).status
        ).toBe(200)
        expect((await call("PATCH", `/api/products/${rx.product_id}/`, { token: opsToken, json: { prescription: true } })).status).toBe(200)
      })

      it("and on Medusa Admin's product routes; a pharmacist's change there is audited; unknown values are refused", async () => {
        const before = await metadataOf(rx.product_id)
        const refused = await opsAdmin("POST", `/admin/products/${rx.product_id}`, { metadata: { prescription: false } })
        expect(refused.status).toBe(403)
        expect(refused.body.message).toMatch(/Only pharmacists may change whether a product needs a prescription/)
        // Medusa merges the metadata it is sent, deletes a key set to "" and replaces it all with {} or null:
        // the last three switch the flag off, so they are refused too.
        for (const metadata of [{ prescription: "" }, {}, null]) {
          expect((await opsAdmin("POST", `/admin/products/${rx.product_id}`, { metadata })).status).toBe(403)
        }
        const batch = await opsAdmin("POST", "/admin/products/batch", {
          update: [{ id: rx.product_id, metadata: { prescription: "false" } }],
        })
        expect(batch.status).toBe(403)
        // Medusa Admin's CSV import can rewrite any product's flags: pharmacists only.
        const csv = { file_key: "products.csv", originalname: "products.csv", extension: "csv", size: 10, mime_type: "text/csv" }
        expect((await opsAdmin("POST", "/admin/products/imports", csv)).status).toBe(403)
        expect(await metadataOf(rx.product_id)).toEqual(before)
        expect(await audit(rx.product_id)).toEqual([])
        // Not a change: allowed.
        expect((await opsAdmin("POST", `/admin/products/${rx.product_id}`, { metadata: { ops_note: "x" } })).status).toBe(200)
        expect(await metadataOf(rx.product_id)).toEqual({ ...before, ops_note: "x" })

        const invalid = await admin("POST", `/admin/products/${rx.product_id}`, { metadata: { prescription: "yes" } })
        expect(invalid.status).toBe(400)
        expect(invalid.body.message).toMatch(/metadata\.prescription must be true or false/)
        const invalidCreate = await admin("POST", "/admin/products", {
          title: "Odd",
          options: [{ title: "Size", values: ["S"] }],
          metadata: { is_popular: "sometimes" },
        })
        expect(invalidCreate.status).toBe(400)

        const changed = await admin("POST", `/admin/products/${rx.product_id}`, { metadata: { prescription: false } })
        expect(changed.status).toBe(200)
        expect(await metadataOf(rx.product_id)).toMatchObject({ prescription: false, ops_note: "x" })
        expect(await audit(rx.product_id)).toEqual([
          { actor_id: pharmacistId, action: "flag_change", details: { flag: "prescription", from: true, to: false, via: "medusa-admin" } },
        ])
      })
    })

    describe("two pharmacists deciding at once", () => {
      let secondToken: string
      beforeEach(async () => {
        const second = { email: "second.pharmacist@example.com", password: "second-password-1" }
        const { user_id } = await ensureAdminUser(getContainer(), second)
        await getContainer().resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).grantPharmacist(user_id, "test")
        secondToken = (await pharmacistTokens(call, second)).access
      })

      it("on an order's hold: exactly one 200, the other 409, one decision audited", async () => {
        const order = await checkout([[rx, 1]])
        const answers = await Promise.all([
          call("POST", `/api/orders/${order.custom_display_id}/prescription-review/`, {
            token: suite.token,
            json: { decision: "approved" },
          }),
          call("POST", `/api/orders/${order.custom_display_id}/prescription-review/`, {
            token: secondToken,
            json: { decision: "rejected", note: "No script" },
          }),
        ])
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
        const loser = answers.find((a) => a.status === 409)!
        expect(loser.body.detail).toMatch(/^This order's prescription was already (approved|rejected)\.$/)
        const winner = answers.find((a) => a.status === 200)!
        const decisions = (await audit(order.id)).filter((row: { action: string }) => row.action === "approve" || row.action === "reject")
        expect(decisions).toHaveLength(1)
        expect(await reviewOf(order.id)).toBe(winner.body.prescription_review.status)
        const orderStatus = (await dbConnection.raw(`SELECT status FROM "order" WHERE id = ?`, [order.id])).rows[0].status
        expect(orderStatus).toBe(winner.body.prescription_review.status === "rejected" ? "canceled" : "pending")
      })

      it("in the module itself: two concurrent decisions, one wins, the other is a conflict", async () => {
        const order = await checkout([[rx, 1]])
        const prescriptions = getContainer().resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
        const [review] = await prescriptions.listOrderPrescriptionReviews({})
        const results = await Promise.allSettled([
          prescriptions.recordOrderDecision({ review_id: review.id, decision: "approved", actor_id: pharmacistId }),
          prescriptions.recordOrderDecision({ review_id: review.id, decision: "rejected", actor_id: pharmacistId }),
        ])
        expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"])
        expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ type: "conflict" })
        expect(await reviewOf(order.id)).toBe(
          (results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ status: string }>).value.status
        )
      })

      it("on a prescription request: exactly one 200, the other 409, one decision audited", async () => {
        const { result } = await submitPrescriptionRequestWorkflow(getContainer()).run({ input: form })
        const answers = await Promise.all([
          call("POST", `/api/prescription-requests/${result.id}/review/`, { token: suite.token, json: { decision: "approved" } }),
          call("POST", `/api/prescription-requests/${result.id}/review/`, {
            token: secondToken,
            json: { decision: "rejected", note: "No" },
          }),
        ])
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
        expect(answers.find((a) => a.status === 409)!.body.detail).toMatch(/^This request was already (approved|rejected)\.$/)
        const decisions = (await audit(result.id)).filter((row: { action: string }) => row.action !== "read")
        expect(decisions).toHaveLength(1)

        const prescriptions = getContainer().resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
        const { result: other } = await submitPrescriptionRequestWorkflow(getContainer()).run({ input: form })
        const results = await Promise.allSettled([
          prescriptions.recordRequestDecision({ id: other.id, decision: "approved", actor_id: pharmacistId }),
          prescriptions.recordRequestDecision({ id: other.id, decision: "rejected", actor_id: pharmacistId }),
        ])
        expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"])
      })
    })
  }
)
