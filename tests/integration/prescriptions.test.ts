import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { PRESCRIPTION_MODULE } from "../../medusa-backend/src/modules/prescription"
import type PrescriptionModuleService from "../../medusa-backend/src/modules/prescription/service"
import { ensureAdminUser } from "../../medusa-backend/src/scripts/seed/admin-user"
import { prescriptionRequestSchema } from "../../medusa-backend/src/shared/schemas/prescription-request"
import { placeOrder } from "../../medusa-backend/src/workflows/order/workflows/place-order"
import { reviewOrderPrescriptionWorkflow } from "../../medusa-backend/src/workflows/prescription/workflows/review-order-prescription"
import { reviewPrescriptionRequestWorkflow } from "../../medusa-backend/src/workflows/prescription/workflows/review-prescription-request"
import { submitPrescriptionRequestWorkflow } from "../../medusa-backend/src/workflows/prescription/workflows/submit-prescription-request"
import { BACKEND_DIR, createTestProduct, orderInput, sellable, setupStore } from "./helpers"

const fullForm = prescriptionRequestSchema.parse({
  formType: "prescription",
  name: "Jordan Rivers",
  email: "jordan.rivers@example.com",
  gender: "female",
  dateOfBirth: "1979-03-02",
  phone: "555-202-3030",
  address: "77 Harbor Road",
  state: "Maine",
  zipCode: "04101",
  pastMedicalProblems: "Type 2 diabetes since 2015",
  currentMedications: "Metformin 1000 mg twice daily",
  knownAllergies: "Penicillin",
  medicationNeeded: "Semaglutide",
  dosageNeeded: "0.25 mg weekly",
  thyroidCancer: false,
  menSyndrome: false,
  glp1Allergy: false,
  agreeToTerms: true,
})

medusaIntegrationTestRunner({
  cwd: BACKEND_DIR,
  testSuite: ({ getContainer, dbConnection, api }) => {
    let rxProduct: Awaited<ReturnType<typeof createTestProduct>>

    // Top level on purpose: the runner snapshots the database before the first
    // test and restores it before each one, so nested beforeAll data would vanish.
    beforeAll(async () => {
      const container = getContainer()
      const setup = await setupStore(container)
      rxProduct = await createTestProduct(container, setup, { price: 199, stock: 10, prescription: true })
      await ensureAdminUser(container, { email: "pharmacist@example.com", password: "test-password-1" })
    })

    describe("prescription requests", () => {
      it("are stored encrypted: the raw row holds none of what the visitor typed", async () => {
        const { result } = await submitPrescriptionRequestWorkflow(getContainer()).run({ input: fullForm })
        expect(result).toMatchObject({ form_type: "prescription", status: "received" })

        const { rows } = await dbConnection.raw("SELECT * FROM prescription_request WHERE id = ?", [result.id])
        const raw = JSON.stringify(rows[0])
        for (const secret of ["Metformin", "Penicillin", "Type 2 diabetes", "jordan.rivers@example.com", "Jordan Rivers", "1979-03-02", "555-202-3030"]) {
          expect(raw).not.toContain(secret)
        }
        expect(rows[0].health_ciphertext).toMatch(/^v1\./)
      })

      it("are read back whole by staff, and every such read is audited", async () => {
        const container = getContainer()
        const { result } = await submitPrescriptionRequestWorkflow(container).run({ input: fullForm })
        const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)

        const { requests } = await prescriptions.listRequestSummaries({ form_type: "prescription" })
        expect(requests[0]).toMatchObject({ id: result.id, name: "Jordan Rivers", email: "jordan.rivers@example.com" })
        expect(requests[0]).not.toHaveProperty("form")
        const audited = async () =>
          (await dbConnection.raw("SELECT actor_id, action FROM prescription_audit_entry WHERE subject_id = ?", [result.id])).rows
        expect(await audited()).toEqual([]) // listing names is not reading health information

        const view = await prescriptions.readRequestAsStaff(result.id, "user_pharmacist_1")
        expect(view.form).toEqual(fullForm)
        expect(await audited()).toEqual([{ actor_id: "user_pharmacist_1", action: "read" }])

        await reviewPrescriptionRequestWorkflow(container).run({
          input: { id: result.id, decision: "approved", note: "Valid script on file", actor_id: "user_pharmacist_1" },
        })
        expect((await audited()).map((r: any) => r.action)).toEqual(["read", "approve"])
        await expect(
          reviewPrescriptionRequestWorkflow(container).run({
            input: { id: result.id, decision: "rejected", actor_id: "user_pharmacist_2" },
          })
        ).rejects.toThrow("already approved")
      })
    })

    describe("orders held for prescription review", () => {
      let adminToken: string

      beforeEach(async () => {
        const { data } = await api.post("/auth/user/emailpass", { email: "pharmacist@example.com", password: "test-password-1" })
        adminToken = data.token
      })

      const fulfill = (orderId: string, itemId: string) =>
        api.post(
          `/admin/orders/${orderId}/fulfillments`,
          { items: [{ id: itemId, quantity: 1 }] },
          { headers: { authorization: `Bearer ${adminToken}` }, validateStatus: () => true }
        )

      const firstItem = async (orderId: string) =>
        (await dbConnection.raw(`SELECT item_id FROM order_item WHERE order_id = ? LIMIT 1`, [orderId])).rows[0].item_id

      it("cannot be fulfilled until staff approve; approving releases the hold", async () => {
        const container = getContainer()
        const placed = await placeOrder(container, orderInput([[rxProduct, 1]]))
        expect(placed.status).toBe("awaiting_prescription_review")
        const itemId = await firstItem(placed.order_id)

        const refused = await fulfill(placed.order_id, itemId)
        expect(refused.status).toBe(400)
        expect(refused.data.message).toMatch(/until a pharmacist approves its prescription/)

        await reviewOrderPrescriptionWorkflow(container).run({
          input: { order_id: placed.order_id, decision: "approved", note: "Script verified", actor_id: "user_1" },
        })
        const allowed = await fulfill(placed.order_id, itemId)
        expect(allowed.status).toBe(200)
      })

      it("rejecting cancels the order and gives its stock back", async () => {
        const container = getContainer()
        const before = await sellable(dbConnection, rxProduct.inventory_item_id)
        const placed = await placeOrder(container, orderInput([[rxProduct, 2]]))
        expect(await sellable(dbConnection, rxProduct.inventory_item_id)).toBe(before - 2)

        await reviewOrderPrescriptionWorkflow(container).run({
          input: { order_id: placed.order_id, decision: "rejected", note: "No valid prescription", actor_id: "user_1" },
        })
        const { rows } = await dbConnection.raw(`SELECT status FROM "order" WHERE id = ?`, [placed.order_id])
        expect(rows[0].status).toBe("canceled")
        expect(await sellable(dbConnection, rxProduct.inventory_item_id)).toBe(before)
        const audit = await dbConnection.raw("SELECT action FROM prescription_audit_entry WHERE subject_id = ?", [placed.order_id])
        expect(audit.rows).toEqual([{ action: "reject" }])
      })
    })
  },
})
