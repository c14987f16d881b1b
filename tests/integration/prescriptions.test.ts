import crypto from "node:crypto"

import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import upgradePrescriptionEncryption from "../../medusa-backend/src/migration-scripts/prescription-encryption-v2"
import { PRESCRIPTION_MODULE } from "../../medusa-backend/src/modules/prescription"
import { resolveEncryptionKey } from "../../medusa-backend/src/modules/prescription/encryption"
import type PrescriptionModuleService from "../../medusa-backend/src/modules/prescription/service"
import { managePharmacists } from "../../medusa-backend/src/scripts/pharmacist"
import { ensureAdminUser } from "../../medusa-backend/src/scripts/seed/admin-user"
import { prescriptionRequestSchema } from "../../medusa-backend/src/shared/schemas/prescription-request"
import { placeOrder } from "../../medusa-backend/src/workflows/order/workflows/place-order"
import { reviewOrderPrescriptionWorkflow } from "../../medusa-backend/src/workflows/prescription/workflows/review-order-prescription"
import { reviewPrescriptionRequestWorkflow } from "../../medusa-backend/src/workflows/prescription/workflows/review-prescription-request"
import { submitPrescriptionRequestWorkflow } from "../../medusa-backend/src/workflows/prescription/workflows/submit-prescription-request"
import { full } from "../support/prescription-forms"
import { orderInput, sellable } from "./helpers"
import { integrationSuite } from "./suite"

const fullForm = prescriptionRequestSchema.parse({
  ...full,
  email: "jordan.rivers@example.com",
  pastMedicalProblems: "Type 2 diabetes since 2015",
  currentMedications: "Metformin 1000 mg twice daily",
})

integrationSuite(
  { products: { rxProduct: { price: 199, stock: 10, prescription: true } } },
  ({ products: { rxProduct } }, { getContainer, dbConnection, api }) => {
    beforeAll(async () => {
      const container = getContainer()
      // The first staff user of a new database is its pharmacist (the seed's rule); the
      // workflows below are run by these actors, who hold the role too.
      await ensureAdminUser(container, { email: "pharmacist@example.com", password: "test-password-1" })
      const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
      for (const actor of ["user_pharmacist_1", "user_pharmacist_2", "user_1"]) await prescriptions.grantPharmacist(actor, "test")
    })

    describe("prescription requests", () => {
      it("are stored encrypted: the raw row holds none of what the visitor typed", async () => {
        const { result } = await submitPrescriptionRequestWorkflow(getContainer()).run({ input: fullForm })
        expect(result).toMatchObject({ form_type: "prescription", status: "received" })

        const { rows } = await dbConnection.raw("SELECT * FROM prescription_request WHERE id = ?", [result.id])
        const raw = JSON.stringify(rows[0])
        for (const secret of [
          "Metformin",
          "Penicillin",
          "Type 2 diabetes",
          "jordan.rivers@example.com",
          "Jordan Rivers",
          "1979-03-02",
          "555-202-3030",
        ]) {
          expect(raw).not.toContain(secret)
        }
        expect(rows[0].health_ciphertext).toMatch(/^v2\./)
        expect(rows[0].contact_ciphertext).toMatch(/^v2\./)
      })

      it("are read back whole by staff, and every such read is audited", async () => {
        const container = getContainer()
        const { result } = await submitPrescriptionRequestWorkflow(container).run({ input: fullForm })
        const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)

        const { requests } = await prescriptions.listRequestSummaries("user_pharmacist_1", { form_type: "prescription" })
        expect(requests[0]).toMatchObject({ id: result.id, name: "Jordan Rivers", email: "jordan.rivers@example.com" })
        expect(requests[0]).not.toHaveProperty("form")
        const audited = async () =>
          (await dbConnection.raw("SELECT actor_id, action FROM prescription_audit_entry WHERE subject_id = ?", [result.id])).rows
        expect(await audited()).toEqual([]) // listing names is not reading the request's health information...
        const lists = await dbConnection.raw("SELECT actor_id, details FROM prescription_audit_entry WHERE action = 'list'")
        expect(lists.rows).toEqual([
          { actor_id: "user_pharmacist_1", details: { filters: { form_type: "prescription", skip: 0, take: 50 }, ids: [result.id] } },
        ])

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

    describe("the pharmacist role, inside the module", () => {
      it("refuses anyone else the list, the read and the decisions, writing nothing but the refusals", async () => {
        const container = getContainer()
        const { result } = await submitPrescriptionRequestWorkflow(container).run({ input: fullForm })
        const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
        await expect(prescriptions.listRequestSummaries("user_ops")).rejects.toMatchObject({ type: "forbidden" })
        await expect(prescriptions.readRequestAsStaff(result.id, "user_ops")).rejects.toMatchObject({ type: "forbidden" })
        await expect(
          reviewPrescriptionRequestWorkflow(container).run({ input: { id: result.id, decision: "approved", actor_id: "user_ops" } })
        ).rejects.toThrow(/Only pharmacists/)
        const placed = await placeOrder(container, orderInput([[rxProduct, 1]]))
        await expect(
          reviewOrderPrescriptionWorkflow(container).run({
            input: { order_id: placed.order_id, decision: "approved", actor_id: "user_ops" },
          })
        ).rejects.toThrow(/Only pharmacists/)
        // Nothing read or decided; each refusal is on record (decision 0044).
        const audit = await dbConnection.raw("SELECT actor_id, action, details->>'reason' AS reason FROM prescription_audit_entry")
        expect(audit.rows.length).toBeGreaterThanOrEqual(4)
        for (const row of audit.rows) expect(row).toEqual({ actor_id: "user_ops", action: "refused", reason: "not_pharmacist" })
        expect((await dbConnection.raw("SELECT status FROM prescription_request WHERE id = ?", [result.id])).rows[0].status).toBe(
          "received"
        )
        expect((await dbConnection.raw("SELECT status FROM order_prescription_review WHERE status <> 'pending'")).rows).toEqual([])
      })

      it("is granted and revoked by ops with the staff:pharmacist script, by email, and kept on record", async () => {
        const container = getContainer()
        const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
        const { user_id } = await ensureAdminUser(container, { email: "ops@example.com", password: "ops-password-1" })
        expect(await prescriptions.isPharmacist(user_id)).toBe(false)

        expect(await managePharmacists(container, ["grant", "ops@example.com"], "cli:alice")).toBe("ops@example.com is now a pharmacist.")
        expect(await managePharmacists(container, ["grant", "ops@example.com"], "cli:alice")).toBe(
          "ops@example.com already is a pharmacist."
        )
        expect(await prescriptions.isPharmacist(user_id)).toBe(true)
        expect(await managePharmacists(container, ["list"])).toMatch(/ops@example\.com {2}granted by cli:alice/)

        expect(await managePharmacists(container, ["revoke", "ops@example.com"], "cli:bob")).toBe(
          "ops@example.com is no longer a pharmacist."
        )
        expect(await prescriptions.isPharmacist(user_id)).toBe(false)
        const { rows } = await dbConnection.raw("SELECT granted_by, revoked_by, deleted_at FROM pharmacist WHERE user_id = ?", [user_id])
        expect(rows).toEqual([{ granted_by: "cli:alice", revoked_by: "cli:bob", deleted_at: expect.any(Date) }])
        // Granted again later: a new grant, the old one stays on record.
        await managePharmacists(container, ["grant", "ops@example.com"], "cli:alice")
        expect(await prescriptions.isPharmacist(user_id)).toBe(true)

        await expect(managePharmacists(container, ["grant", "nobody@example.com"])).rejects.toThrow(/No staff user has the email/)
        await expect(managePharmacists(container, ["promote", "ops@example.com"])).rejects.toThrow(/^Usage:/)
        await expect(managePharmacists(container, [])).rejects.toThrow(/^Usage:/)
      })
    })

    describe("encryption bound to the row", () => {
      it("a ciphertext moved to another row, or another column, does not decrypt", async () => {
        const container = getContainer()
        const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
        const { result: a } = await submitPrescriptionRequestWorkflow(container).run({ input: fullForm })
        const { result: b } = await submitPrescriptionRequestWorkflow(container).run({ input: { ...fullForm, name: "Someone Else" } })
        const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
        const [rowA] = await pg("prescription_request").select("contact_ciphertext", "health_ciphertext").where({ id: a.id })

        await pg("prescription_request").update({ health_ciphertext: rowA.health_ciphertext }).where({ id: b.id })
        await expect(prescriptions.readRequestAsStaff(b.id, "user_pharmacist_1")).rejects.toThrow(/could not be decrypted/)
        // The health part put in the contact column of its own row does not decrypt either.
        await pg("prescription_request").update({ contact_ciphertext: rowA.health_ciphertext }).where({ id: a.id })
        await expect(prescriptions.listRequestSummaries("user_pharmacist_1")).rejects.toThrow(/could not be decrypted/)
      })

      it("rows stored before v2 (v1 ciphertexts, plain-text notes) still read, and the migration script re-encrypts them to v2", async () => {
        const container = getContainer()
        const prescriptions = container.resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
        const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
        const key = resolveEncryptionKey({ encryptionKey: process.env.PHI_ENCRYPTION_KEY })
        const v1 = (value: unknown) => {
          const iv = crypto.randomBytes(12)
          const cipher = crypto.createCipheriv("aes-256-gcm", key, iv)
          cipher.setAAD(Buffer.from("harbor-health:prescription:v1"))
          const data = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()])
          return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".")
        }
        await pg("prescription_request").insert({
          id: "rxreq_old",
          form_type: "insulin",
          status: "approved",
          contact_ciphertext: v1({ name: "Old Patient", email: "old@example.com" }),
          health_ciphertext: v1({ medicationName: "Insulin lispro" }),
          review_note: "Checked with the prescriber",
          reviewed_by: "user_pharmacist_1",
          reviewed_at: new Date(),
        })
        await pg("order_prescription_review").insert([
          { id: "rxord_old_plain", status: "rejected", note: "No valid prescription" },
          { id: "rxord_old_v1", status: "approved", note: v1("Script on file") },
          { id: "rxord_old_none", status: "pending", note: null },
        ])
        const { result: submitted } = await submitPrescriptionRequestWorkflow(container).run({ input: fullForm })
        const newRow = (await pg("prescription_request").select("*").where({ id: submitted.id }))[0]

        // Readable before the upgrade.
        const before = await prescriptions.readRequestAsStaff("rxreq_old", "user_pharmacist_1")
        expect(before).toMatchObject({
          name: "Old Patient",
          review_note: "Checked with the prescriber",
          form: { medicationName: "Insulin lispro" },
        })

        await upgradePrescriptionEncryption({ container })
        const [old] = await pg("prescription_request").select("*").where({ id: "rxreq_old" })
        for (const field of ["contact_ciphertext", "health_ciphertext", "review_note"]) expect(old[field]).toMatch(/^v2\./)
        expect(old.review_note).not.toContain("prescriber")
        const notes = await pg("order_prescription_review").select("id", "note").orderBy("id")
        expect(notes).toEqual([
          { id: "rxord_old_none", note: null },
          { id: "rxord_old_plain", note: expect.stringMatching(/^v2\./) },
          { id: "rxord_old_v1", note: expect.stringMatching(/^v2\./) },
        ])
        // v2 rows are left alone.
        expect((await pg("prescription_request").select("*").where({ id: submitted.id }))[0]).toEqual(newRow)

        const after = await prescriptions.readRequestAsStaff("rxreq_old", "user_pharmacist_1")
        expect(after).toMatchObject({
          name: "Old Patient",
          review_note: "Checked with the prescriber",
          form: { medicationName: "Insulin lispro" },
        })
        const note = (id: string) =>
          prescriptions.readOrderReviewNoteAsStaff({ order_id: `order_${id}`, review_id: id, actor_id: "user_pharmacist_1" })
        expect(await note("rxord_old_plain")).toBe("No valid prescription")
        expect(await note("rxord_old_v1")).toBe("Script on file")
        // Idempotent: a second run changes nothing.
        expect(await prescriptions.upgradeStoredEncryption()).toEqual({ requests: 0, order_reviews: 0 })
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
        // Nothing ships before it is paid (issue 24): the payment captured, as Medusa Admin does.
        const headers = { authorization: `Bearer ${adminToken}` }
        const { data } = await api.get(`/admin/orders/${placed.order_id}?fields=id,*payment_collections.payments`, { headers })
        await api.post(`/admin/payments/${data.order.payment_collections[0].payments[0].id}/capture`, {}, { headers })
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
  }
)
