/**
 * Contract tests of the staff prescription review calls of the legacy /api
 * (issue 7): GET /api/prescription-requests/ (no health fields, an audited
 * list read), GET /api/prescription-requests/{id}/ (the audited read),
 * POST /api/prescription-requests/{id}/review/,
 * GET /api/orders/?status=awaiting_prescription_review (an audited list read)
 * and POST /api/orders/{unique_order_id}/prescription-review/.
 * All of them are for pharmacists only, and review notes are stored encrypted
 * (decision 0041).
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { PRESCRIPTION_MODULE } from "../../medusa-backend/src/modules/prescription"
import type PrescriptionModuleService from "../../medusa-backend/src/modules/prescription/service"
import { ensureAdminUser } from "../../medusa-backend/src/scripts/seed/admin-user"
import type { CatalogProduct } from "../../medusa-backend/src/shared/catalog"
import { MFA_REQUIRED_FOR_PHI } from "../../medusa-backend/src/shared/staff-security"
import { full, insulin } from "../support/prescription-forms"
import { enrolTotp, staffTokens } from "./api-helpers"
import { integrationSuite } from "./suite"

const ADDRESS = "12 Elm Street, Springfield, Illinois 62704, United States"

const insulinForm = insulin
const weightLossForm = {
  ...insulinForm,
  formType: "weight_loss",
  name: "Alex Kim",
  email: "alex.kim@example.com",
  medicationName: "Semaglutide",
}
const fullForm = {
  ...full,
  email: "jordan.rivers@example.com",
  pastMedicalProblems: "Type 2 diabetes since 2015",
  currentMedications: "Metformin 1000 mg twice daily",
}
/** What only the single-request view may show. */
const HEALTH_VALUES = ["Type 2 diabetes since 2015", "Metformin", "Penicillin", "Sulfa drugs", "Insulin glargine", "0.25 mg weekly"]

// The seeded staff user is the pharmacist: pharmacists read prescriptions with two-step sign-in (decision 0044).
integrationSuite({ catalogue: "seeded", staff: "pharmacist" }, (suite, { getContainer, dbConnection }) => {
  const { call } = suite
  let staffId: string
  /** A staff user without the pharmacist role (ops). */
  let opsToken: string
  let opsId: string
  let requests: { insulin: string; weightLoss: string; full: string }
  let rx: CatalogProduct // prescription-only, in stock
  let strips: CatalogProduct // no prescription needed
  let held: { first: string; second: string }
  let plain: string

  beforeAll(async () => {
    staffId = (await dbConnection.raw(`SELECT id FROM "user" WHERE email = 'admin@example.com'`)).rows[0].id
    // A second Medusa user (emailpass): the seeded admin already is the pharmacy's pharmacist, so this one is not.
    const ops = { email: "ops@example.com", password: "ops-password-1" }
    opsId = (await ensureAdminUser(getContainer(), ops)).user_id
    opsToken = (await staffTokens(call, ops)).access

    const submit = async (json: Record<string, unknown>) => {
      const answer = await call("POST", "/api/prescription-request/", { json })
      if (answer.status !== 201) throw new Error(`submit: ${answer.status} ${JSON.stringify(answer.body)}`)
      return answer.body.id as string
    }
    // Oldest first, so the list answers them in the reverse order.
    requests = { insulin: await submit(insulinForm), weightLoss: await submit(weightLossForm), full: await submit(fullForm) }

    rx = (await call("GET", "/api/products/?search=compounded%20semaglutide")).body.find((p: CatalogProduct) => p.prescription)
    strips = (await call("GET", "/api/products/?search=test%20strips")).body.find((p: CatalogProduct) => !p.prescription)
    const order = async (product: CatalogProduct, quantity: number) => {
      const variant = product.variants.find((v) => v.stock >= 5)!
      const answer = await call("POST", "/api/orders/", {
        json: {
          email: "pat.lee@example.com",
          phone: "555-123-4567",
          shipping_address: ADDRESS,
          items: [{ product: product.id, variant: variant.id, quantity }],
          payment_method: "zelle",
        },
      })
      if (answer.status !== 201) throw new Error(`order: ${answer.status} ${JSON.stringify(answer.body)}`)
      return answer.body.unique_order_id as string
    }
    plain = await order(strips, 1)
    held = { first: await order(rx, 2), second: await order(rx, 1) }
  })

  const audit = async (subjectId: string) =>
    (await dbConnection.raw("SELECT actor_id, action FROM prescription_audit_entry WHERE subject_id = ? ORDER BY created_at", [subjectId]))
      .rows

  /** The list reads recorded: who, what kind of records, which filters and which ids. */
  const listAudit = async () =>
    (
      await dbConnection.raw(
        "SELECT actor_id, subject_type, subject_id, details FROM prescription_audit_entry WHERE action = 'list' ORDER BY created_at, id"
      )
    ).rows

  /** Everything a refused review could have changed. */
  const reviewState = async () => ({
    requests: (await dbConnection.raw("SELECT id, status, review_note, reviewed_by FROM prescription_request ORDER BY id")).rows,
    holds: (await dbConnection.raw("SELECT id, status, note, reviewed_by FROM order_prescription_review ORDER BY id")).rows,
    orders: (await dbConnection.raw(`SELECT id, status FROM "order" ORDER BY id`)).rows,
    // Reads and decisions; refusals are audited too (decision 0044) and checked on their own.
    audit: (await dbConnection.raw("SELECT count(*)::int AS n FROM prescription_audit_entry WHERE action <> 'refused'")).rows[0].n,
  })

  const orderId = async (uniqueOrderId: string) =>
    (await dbConnection.raw(`SELECT id FROM "order" WHERE custom_display_id = ?`, [uniqueOrderId])).rows[0].id as string

  const stockOf = async (product: CatalogProduct, variantId: string) =>
    (await call("GET", `/api/products/${product.id}/`)).body.variants.find((v: { id: string }) => v.id === variantId).stock as number

  describe("GET /api/prescription-requests/", () => {
    it("lists requests newest first with names and emails only; each list read is audited (who, filters, ids)", async () => {
      const answer = await call("GET", "/api/prescription-requests/", { token: suite.token })
      expect(answer.status).toBe(200)
      expect(answer.headers.get("x-total-count")).toBe("3")
      expect(answer.body.map((r: { id: string }) => r.id)).toEqual([requests.full, requests.weightLoss, requests.insulin])
      expect(answer.body[0]).toEqual({
        id: requests.full,
        form_type: "prescription",
        status: "received",
        name: "Jordan Rivers",
        email: "jordan.rivers@example.com",
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        reviewed_at: null,
      })
      const text = JSON.stringify(answer.body)
      for (const value of HEALTH_VALUES) expect(text).not.toContain(value)
      expect(await listAudit()).toEqual([
        {
          actor_id: staffId,
          subject_type: "prescription_request",
          subject_id: "*",
          details: { filters: { skip: 0, take: 50 }, ids: [requests.full, requests.weightLoss, requests.insulin] },
        },
      ])
      // Without the trailing slash too; a filtered page is recorded with its filters and ids.
      expect((await call("GET", "/api/prescription-requests", { token: suite.token })).body).toHaveLength(3)
      await call("GET", "/api/prescription-requests/?form_type=insulin&limit=5", { token: suite.token })
      const entries = await listAudit()
      expect(entries).toHaveLength(3)
      expect(entries[2].details).toEqual({ filters: { form_type: "insulin", skip: 0, take: 5 }, ids: [requests.insulin] })
      // The single-request audit trails are not flooded by list reads.
      expect(await audit(requests.insulin)).toEqual([])
    })

    it("filters by form type and status, and pages with limit/offset and X-Total-Count", async () => {
      const insulin = await call("GET", "/api/prescription-requests/?form_type=insulin", { token: suite.token })
      expect(insulin.body.map((r: { id: string }) => r.id)).toEqual([requests.insulin])
      // "" is the "All" choice of a filter form.
      expect((await call("GET", "/api/prescription-requests/?form_type=&status=", { token: suite.token })).body).toHaveLength(3)

      await call("POST", `/api/prescription-requests/${requests.weightLoss}/review/`, {
        token: suite.token,
        json: { decision: "approved", note: "" },
      })
      const received = await call("GET", "/api/prescription-requests/?status=received", { token: suite.token })
      expect(received.body.map((r: { id: string }) => r.id)).toEqual([requests.full, requests.insulin])
      const approved = await call("GET", "/api/prescription-requests/?status=approved&form_type=weight_loss", { token: suite.token })
      expect(approved.body).toEqual([
        expect.objectContaining({ id: requests.weightLoss, status: "approved", reviewed_at: expect.any(String) }),
      ])

      const page2 = await call("GET", "/api/prescription-requests/?limit=2&offset=2", { token: suite.token })
      expect(page2.headers.get("x-total-count")).toBe("3")
      expect(page2.body.map((r: { id: string }) => r.id)).toEqual([requests.insulin])
    })

    it("refuses bad filters with 400 and field messages, and anonymous callers with 401", async () => {
      const bad = await call("GET", "/api/prescription-requests/?form_type=vitamins&status=lost&limit=0", { token: suite.token })
      expect(bad.status).toBe(400)
      expect(bad.body.errors).toEqual({
        form_type: "form_type must be one of insulin, weight_loss, prescription",
        status: "status must be one of received, approved, rejected",
        limit: "limit must be at least 1",
      })
      const anonymous = await call("GET", "/api/prescription-requests/")
      expect(anonymous.status).toBe(401)
      expect(anonymous.body.detail).toBe("Authentication credentials were not provided.")
      expect((await call("GET", "/api/prescription-requests/", { token: "not-a-token" })).status).toBe(401)
      expect((await call("DELETE", "/api/prescription-requests/", { token: suite.token })).status).toBe(405)
      // Refused and invalid calls read nothing, so they record nothing.
      expect(await listAudit()).toEqual([])
    })
  })

  describe("GET /api/prescription-requests/{id}/", () => {
    it("shows staff the whole form, health fields included, and audits every read", async () => {
      const answer = await call("GET", `/api/prescription-requests/${requests.full}/`, { token: suite.token })
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({
        id: requests.full,
        form_type: "prescription",
        status: "received",
        name: "Jordan Rivers",
        email: "jordan.rivers@example.com",
        review_note: null,
        reviewed_by: null,
        reviewed_by_email: null,
        form: fullForm,
      })
      expect(answer.body.audit).toEqual([
        { action: "read", actor_id: staffId, actor_email: "admin@example.com", created_at: expect.any(String) },
      ])
      expect(await audit(requests.full)).toEqual([{ actor_id: staffId, action: "read" }])

      await call("GET", `/api/prescription-requests/${requests.full}`, { token: suite.token })
      expect(await audit(requests.full)).toEqual([
        { actor_id: staffId, action: "read" },
        { actor_id: staffId, action: "read" },
      ])
      // The other requests were not read.
      expect(await audit(requests.insulin)).toEqual([])
    })

    it("answers 404 for an unknown id and 401 without a valid token, auditing nothing", async () => {
      const unknown = await call("GET", "/api/prescription-requests/rxreq_nope/", { token: suite.token })
      expect(unknown.status).toBe(404)
      expect(unknown.body.detail).toBe("Prescription request not found.")
      const anonymous = await call("GET", `/api/prescription-requests/${requests.full}/`)
      expect(anonymous.status).toBe(401)
      expect(JSON.stringify(anonymous.body)).not.toContain("Jordan")
      expect((await dbConnection.raw("SELECT count(*)::int AS n FROM prescription_audit_entry")).rows[0].n).toBe(0)
    })
  })

  describe("the pharmacist role", () => {
    const PHARMACISTS_ONLY = /^Only pharmacists may see or review prescription information\./

    it("other staff get 403 on the requests, a request, a decision, the held orders and an order's review; nothing is read or written", async () => {
      const before = await reviewState()
      const refused = [
        await call("GET", "/api/prescription-requests/", { token: opsToken }),
        await call("GET", "/api/prescription-requests/?form_type=vitamins", { token: opsToken }),
        await call("GET", `/api/prescription-requests/${requests.full}/`, { token: opsToken }),
        await call("POST", `/api/prescription-requests/${requests.full}/review/`, { token: opsToken, json: { decision: "approved" } }),
        await call("GET", "/api/orders/?status=awaiting_prescription_review", { token: opsToken }),
        await call("POST", `/api/orders/${held.first}/prescription-review/`, { token: opsToken, json: { decision: "approved" } }),
      ]
      for (const answer of refused) {
        expect(answer.status).toBe(403)
        expect(answer.body.detail).toMatch(PHARMACISTS_ONLY)
        expect(answer.body.message).toBe(answer.body.detail)
        const text = JSON.stringify(answer.body)
        for (const value of ["Jordan", "jordan.rivers", "pat.lee", ...HEALTH_VALUES]) expect(text).not.toContain(value)
      }
      expect(await reviewState()).toEqual(before)
      // Each refusal is audited: who asked for what, when, and why it was refused (decision 0044).
      const refusals = await dbConnection.raw(
        `SELECT actor_id, subject_type, subject_id, details FROM prescription_audit_entry
            WHERE action = 'refused' ORDER BY created_at, id`
      )
      type Refusal = { actor_id: string; subject_type: string; subject_id: string }
      expect(refusals.rows.map((row: Refusal) => [row.actor_id, row.subject_type, row.subject_id])).toEqual([
        [opsId, "prescription_request", "*"],
        [opsId, "prescription_request", "*"],
        [opsId, "prescription_request", requests.full],
        [opsId, "prescription_request", requests.full],
        [opsId, "order", "*"],
        [opsId, "order", held.first],
      ])
      const asked = { reason: "not_pharmacist", method: "GET", path: "/api/prescription-requests/?form_type=vitamins" }
      expect(refusals.rows[1].details).toEqual(asked)
    })

    it("other staff still see the order list and an order (for payment and shipping), without the review note", async () => {
      await call("POST", `/api/orders/${held.first}/prescription-review/`, {
        token: suite.token,
        json: { decision: "approved", note: "Spoke to Dr. Lee" },
      })
      const all = await call("GET", "/api/orders/", { token: opsToken })
      expect(all.status).toBe(200)
      expect(all.body.map((o: { unique_order_id: string }) => o.unique_order_id)).toEqual([held.second, held.first, plain])
      const opsView = await call("GET", `/api/orders/${held.first}/`, { token: opsToken })
      expect(opsView.status).toBe(200)
      expect(opsView.body.prescription_review).toEqual({ status: "approved", note: null, reviewed_at: expect.any(String) })
      // Every read of an order's details is audited, whoever reads it (decision 0047).
      expect(await audit(await orderId(held.first))).toEqual([
        { actor_id: staffId, action: "approve" },
        { actor_id: opsId, action: "read" },
      ])
      // A pharmacist reads the note too: the same one audited read.
      const pharmacistView = await call("GET", `/api/orders/${held.first}/`, { token: suite.token })
      expect(pharmacistView.body.prescription_review.note).toBe("Spoke to Dr. Lee")
      expect(await audit(await orderId(held.first))).toEqual([
        { actor_id: staffId, action: "approve" },
        { actor_id: opsId, action: "read" },
        { actor_id: staffId, action: "read" },
      ])
    })

    it("granted, the same account gets the data; revoked, 403 again", async () => {
      const prescriptions = getContainer().resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE)
      await prescriptions.grantPharmacist(opsId, "test")
      // A new pharmacist sets up two-step sign-in first (decision 0044); enrolling verifies this session.
      const withoutTwoStep = await call("GET", "/api/prescription-requests/", { token: opsToken })
      expect(withoutTwoStep.status).toBe(403)
      expect(withoutTwoStep.body.detail).toBe(MFA_REQUIRED_FOR_PHI)
      await enrolTotp(call, opsToken, "ops@example.com")
      const granted = await call("GET", "/api/prescription-requests/", { token: opsToken })
      expect(granted.status).toBe(200)
      expect(granted.body).toHaveLength(3)
      expect((await listAudit()).map((entry: { actor_id: string }) => entry.actor_id)).toEqual([opsId])
      await prescriptions.revokePharmacist(opsId, "test")
      expect((await call("GET", `/api/prescription-requests/${requests.full}/`, { token: opsToken })).status).toBe(403)
    })
  })

  describe("review notes at rest", () => {
    it("are stored encrypted, bound to their row, and read back by pharmacists", async () => {
      const requestNote = "Thyroid history needs a doctor's visit"
      const orderNote = "Script verified with Dr. Lee"
      expect(
        (
          await call("POST", `/api/prescription-requests/${requests.full}/review/`, {
            token: suite.token,
            json: { decision: "rejected", note: requestNote },
          })
        ).status
      ).toBe(200)
      expect(
        (
          await call("POST", `/api/orders/${held.first}/prescription-review/`, {
            token: suite.token,
            json: { decision: "approved", note: orderNote },
          })
        ).status
      ).toBe(200)

      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const [request] = await pg("prescription_request")
        .select("id", "review_note", "contact_ciphertext", "health_ciphertext")
        .where({ id: requests.full })
      const [hold] = await pg("order_prescription_review").select("id", "note").where({ status: "approved" })
      for (const stored of [request.review_note, hold.note, request.contact_ciphertext, request.health_ciphertext]) {
        expect(stored).toMatch(/^v2\./)
      }
      expect(request.review_note).not.toContain("Thyroid")
      expect(hold.note).not.toContain("Dr. Lee")

      expect((await call("GET", `/api/prescription-requests/${requests.full}/`, { token: suite.token })).body.review_note).toBe(requestNote)
      expect((await call("GET", `/api/orders/${held.first}/`, { token: suite.token })).body.prescription_review.note).toBe(orderNote)

      // The ciphertext of one request's note copied into another request does not decrypt there.
      await call("POST", `/api/prescription-requests/${requests.insulin}/review/`, {
        token: suite.token,
        json: { decision: "approved", note: "Fine" },
      })
      await pg("prescription_request").update({ review_note: request.review_note }).where({ id: requests.insulin })
      const moved = await call("GET", `/api/prescription-requests/${requests.insulin}/`, { token: suite.token })
      expect(moved.status).toBe(500)
      expect(JSON.stringify(moved.body)).not.toContain("Thyroid")
    })
  })

  describe("POST /api/prescription-requests/{id}/review/", () => {
    it("approves with a note, audited; a second decision is refused with 409 and changes nothing", async () => {
      const answer = await call("POST", `/api/prescription-requests/${requests.insulin}/review/`, {
        token: suite.token,
        json: { decision: "approved", note: "  Valid script on file  " },
      })
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({
        id: requests.insulin,
        form_type: "insulin",
        status: "approved",
        review_note: "Valid script on file",
        reviewed_by: staffId,
        reviewed_at: expect.any(String),
      })
      expect(JSON.stringify(answer.body)).not.toContain("Sam Rivera")
      expect(await audit(requests.insulin)).toEqual([{ actor_id: staffId, action: "approve" }])
      const view = (await call("GET", `/api/prescription-requests/${requests.insulin}/`, { token: suite.token })).body
      expect(view).toMatchObject({ status: "approved", review_note: "Valid script on file", reviewed_by_email: "admin@example.com" })

      const before = await reviewState()
      const again = await call("POST", `/api/prescription-requests/${requests.insulin}/review/`, {
        token: suite.token,
        json: { decision: "rejected", note: "Changed my mind" },
      })
      expect(again.status).toBe(409)
      expect(again.body.detail).toBe("This request was already approved.")
      expect(await reviewState()).toEqual(before)
    })

    it("rejects with a reason (HTML forms too); refuses a rejection without one, bad input, unknown ids and anonymous callers", async () => {
      const before = await reviewState()
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ decision: "rejected", note: "   " }, { note: "Add a note that explains the rejection" }],
        [{ decision: "maybe" }, { decision: "Decision must be approved or rejected" }],
        [{}, { decision: "Decision must be approved or rejected" }],
        [{ decision: "approved", note: "x".repeat(1001) }, { note: "Note must be at most 1000 characters" }],
      ]
      for (const [json, errors] of cases) {
        const answer = await call("POST", `/api/prescription-requests/${requests.full}/review/`, { token: suite.token, json })
        expect(answer.status, JSON.stringify(errors)).toBe(400)
        expect(answer.body.errors).toEqual(errors)
      }
      const unknown = await call("POST", "/api/prescription-requests/rxreq_nope/review/", {
        token: suite.token,
        json: { decision: "approved" },
      })
      expect(unknown.status).toBe(404)
      const anonymous = await call("POST", `/api/prescription-requests/${requests.full}/review/`, { json: { decision: "approved" } })
      expect(anonymous.status).toBe(401)
      expect(await reviewState()).toEqual(before)

      const rejected = await call("POST", `/api/prescription-requests/${requests.full}/review`, {
        token: suite.token,
        form: { decision: "rejected", note: "Thyroid history needs a doctor's visit" },
      })
      expect(rejected.status).toBe(200)
      expect(rejected.body).toMatchObject({ status: "rejected", review_note: "Thyroid history needs a doctor's visit" })
      expect(await audit(requests.full)).toEqual([{ actor_id: staffId, action: "reject" }])
    })
  })

  describe("GET /api/orders/?status=awaiting_prescription_review", () => {
    it("lists only the orders held for prescription review, newest first; each list read is audited", async () => {
      const answer = await call("GET", "/api/orders/?status=awaiting_prescription_review", { token: suite.token })
      expect(answer.status).toBe(200)
      expect(answer.headers.get("x-total-count")).toBe("2")
      expect(answer.body.map((o: { unique_order_id: string }) => o.unique_order_id)).toEqual([held.second, held.first])
      expect(answer.body[0]).toMatchObject({ status: "awaiting_prescription_review", email: "pat.lee@example.com" })
      expect(await listAudit()).toEqual([
        {
          actor_id: staffId,
          subject_type: "order",
          subject_id: "*",
          details: {
            filters: { status: "awaiting_prescription_review", limit: 50, offset: 0 },
            ids: [await orderId(held.second), await orderId(held.first)],
          },
        },
      ])
      const paged = await call("GET", "/api/orders/?status=awaiting_prescription_review&limit=1&offset=1", { token: suite.token })
      expect(paged.body.map((o: { unique_order_id: string }) => o.unique_order_id)).toEqual([held.first])
      expect(paged.headers.get("x-total-count")).toBe("2")
      // Without the filter: every order, the plain one too; also audited (decision 0047).
      const all = await call("GET", "/api/orders/", { token: suite.token })
      expect(all.body.map((o: { unique_order_id: string }) => o.unique_order_id)).toEqual([held.second, held.first, plain])
      expect(await listAudit()).toHaveLength(3)
      expect((await listAudit())[2].details.filters).toEqual({ limit: 50, offset: 0 })
    })

    it("refuses other status values with 400 and anonymous callers with 401", async () => {
      const bad = await call("GET", "/api/orders/?status=shipped", { token: suite.token })
      expect(bad.status).toBe(400)
      expect(bad.body.errors).toEqual({ status: "status can only be awaiting_prescription_review" })
      expect((await call("GET", "/api/orders/?status=awaiting_prescription_review")).status).toBe(401)
    })
  })

  describe("POST /api/orders/{unique_order_id}/prescription-review/", () => {
    it("approving releases the hold: the order awaits its payment, leaves the held list and keeps its stock; audited", async () => {
      const variant = rx.variants.find((v) => v.stock >= 5)!
      const stockBefore = await stockOf(rx, variant.id)
      const answer = await call("POST", `/api/orders/${held.first.toLowerCase()}/prescription-review/`, {
        token: suite.token,
        json: { decision: "approved", note: "Script verified with the prescriber" },
      })
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({
        unique_order_id: held.first,
        status: "awaiting_payment",
        prescription_review: { status: "approved", note: "Script verified with the prescriber", reviewed_at: expect.any(String) },
      })
      expect(await audit(await orderId(held.first))).toEqual([{ actor_id: staffId, action: "approve" }])
      expect(await stockOf(rx, variant.id)).toBe(stockBefore)
      const list = await call("GET", "/api/orders/?status=awaiting_prescription_review", { token: suite.token })
      expect(list.body.map((o: { unique_order_id: string }) => o.unique_order_id)).toEqual([held.second])
    })

    it("rejecting cancels the order and frees its stock; audited", async () => {
      const variant = rx.variants.find((v) => v.stock >= 5)!
      const stockBefore = await stockOf(rx, variant.id)
      const answer = await call("POST", `/api/orders/${held.first}/prescription-review`, {
        token: suite.token,
        form: { decision: "rejected", note: "No valid prescription" },
      })
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({
        status: "prescription_rejected",
        prescription_review: { status: "rejected", note: "No valid prescription" },
      })
      const { rows } = await dbConnection.raw(`SELECT status FROM "order" WHERE id = ?`, [await orderId(held.first)])
      expect(rows[0].status).toBe("canceled")
      expect(await stockOf(rx, variant.id)).toBe(stockBefore + 2)
      expect(await audit(await orderId(held.first))).toEqual([{ actor_id: staffId, action: "reject" }])
      expect((await call("GET", `/api/orders/${held.first}/`, { token: suite.token })).body.status).toBe("prescription_rejected")
    })

    it("refuses decided, canceled, unheld and unknown orders, bad input and anonymous callers, changing nothing", async () => {
      await call("POST", `/api/orders/${held.second}/prescription-review/`, { token: suite.token, json: { decision: "approved" } })
      const before = await reviewState()
      const again = await call("POST", `/api/orders/${held.second}/prescription-review/`, {
        token: suite.token,
        json: { decision: "rejected", note: "Oops" },
      })
      expect(again.status).toBe(409)
      expect(again.body.detail).toBe("This order's prescription was already approved.")
      const unheld = await call("POST", `/api/orders/${plain}/prescription-review/`, { token: suite.token, json: { decision: "approved" } })
      expect(unheld.status).toBe(409)
      expect(unheld.body.detail).toBe("This order does not need prescription review.")
      const unknown = await call("POST", "/api/orders/HH-2222-3333/prescription-review/", {
        token: suite.token,
        json: { decision: "approved" },
      })
      expect(unknown.status).toBe(404)
      expect(unknown.body.detail).toBe("Order not found.")
      const noReason = await call("POST", `/api/orders/${held.first}/prescription-review/`, {
        token: suite.token,
        json: { decision: "rejected" },
      })
      expect(noReason.status).toBe(400)
      expect(noReason.body.errors).toEqual({ note: "Add a note that explains the rejection" })
      const anonymous = await call("POST", `/api/orders/${held.first}/prescription-review/`, { json: { decision: "approved" } })
      expect(anonymous.status).toBe(401)
      expect((await call("GET", `/api/orders/${held.first}/prescription-review/`, { token: suite.token })).status).toBe(405)
      expect(await reviewState()).toEqual(before)

      // An order canceled elsewhere (Medusa Admin) while held is not decided here.
      await dbConnection.raw(`UPDATE "order" SET status = 'canceled' WHERE id = ?`, [await orderId(held.first)])
      const canceled = await reviewState()
      const onCanceled = await call("POST", `/api/orders/${held.first}/prescription-review/`, {
        token: suite.token,
        json: { decision: "approved" },
      })
      expect(onCanceled.status).toBe(409)
      expect(onCanceled.body.detail).toBe("This order was canceled: there is nothing to review.")
      expect(await reviewState()).toEqual(canceled)
      const list = await call("GET", "/api/orders/?status=awaiting_prescription_review", { token: suite.token })
      expect(list.body).toEqual([])
    })
  })
  it("shows the pharmacist of a held order the requests sent with its email, whole and audited, and the review's history (issue 24)", async () => {
    const submit = async (json: Record<string, unknown>) => {
      const answer = await call("POST", "/api/prescription-request/", { json })
      expect(answer.status).toBe(201)
      return answer.body.id as string
    }
    // The same patient, their address typed differently; and someone else.
    const older = await submit({ ...insulinForm, name: "Pat Lee", email: "Pat.Lee@Example.com" })
    const newer = await submit({ ...fullForm, name: "Pat Lee", email: " pat.lee@example.com" })
    await submit({ ...weightLossForm, email: "someone.else@example.com" })
    // Stored only as ciphertext and a blind index: the address is nowhere in clear.
    const stored = (
      await dbConnection.raw("SELECT id, email_index, contact_ciphertext FROM prescription_request WHERE id IN (?, ?)", [older, newer])
    ).rows
    for (const row of stored) {
      expect(row.email_index).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(JSON.stringify(row).toLowerCase()).not.toContain("pat.lee")
    }

    const order = await orderId(held.first)
    const evidence = await call("GET", `/api/orders/${held.first}/prescription-evidence/`, { token: suite.token })
    expect(evidence.status).toBe(200)
    expect(evidence.headers.get("cache-control")).toBe("no-store")
    expect(evidence.body.order_number).toBe(held.first)
    expect(evidence.body.requests.map((r: { id: string }) => r.id)).toEqual([newer, older])
    expect(evidence.body.requests[0].form).toMatchObject({ pastMedicalProblems: "Type 2 diabetes since 2015" })
    expect(evidence.body.requests[1].form).toMatchObject({ formType: "insulin", medicationName: "Insulin glargine" })
    expect(JSON.stringify(evidence.body)).not.toContain("someone.else@example.com")
    expect(evidence.body.history).toEqual([])
    // Each request read is audited, naming the order it was read for.
    const reads = (
      await dbConnection.raw(
        "SELECT subject_id, actor_id, details FROM prescription_audit_entry WHERE action = 'read' AND subject_type = 'prescription_request' ORDER BY subject_id"
      )
    ).rows
    expect(reads).toEqual([newer, older].sort().map((id) => ({ subject_id: id, actor_id: staffId, details: { for_order: order } })))

    // Decisions make the history: who, what, when, oldest first.
    const asked = await call("POST", `/api/orders/${held.first}/prescription-review/`, {
      token: suite.token,
      json: { decision: "needs_information", note: "Need the prescriber's name", message: "Please send your prescriber's name." },
    })
    expect(asked.status).toBe(200)
    const approved = await call("POST", `/api/orders/${held.first}/prescription-review/`, {
      token: suite.token,
      json: { decision: "approved", note: "OK" },
    })
    expect(approved.status).toBe(200)
    const after = await call("GET", `/api/orders/${held.first}/prescription-evidence/`, { token: suite.token })
    expect(after.body.history).toEqual([
      expect.objectContaining({ action: "request_information", actor_id: staffId, actor_email: "admin@example.com" }),
      expect.objectContaining({ action: "approve", actor_id: staffId, actor_email: "admin@example.com" }),
    ])

    // Requests stored before the index get theirs from the migration script's call.
    await dbConnection.raw("UPDATE prescription_request SET email_index = NULL WHERE id = ?", [older])
    expect(await getContainer().resolve<PrescriptionModuleService>(PRESCRIPTION_MODULE).indexRequestEmails()).toBe(1)
    const reindexed = await call("GET", `/api/orders/${held.first}/prescription-evidence/`, { token: suite.token })
    expect(reindexed.body.requests.map((r: { id: string }) => r.id)).toEqual([newer, older])
  })

  it("keeps a held order's prescription evidence from everyone but a pharmacist: 401, 403 (audited), 404", async () => {
    await call("POST", "/api/prescription-request/", { json: { ...insulinForm, email: "pat.lee@example.com" } })
    const before = await reviewState()
    expect((await call("GET", `/api/orders/${held.first}/prescription-evidence/`)).status).toBe(401)
    const ops = await call("GET", `/api/orders/${held.first}/prescription-evidence/`, { token: opsToken })
    expect(ops.status).toBe(403)
    expect(JSON.stringify(ops.body)).not.toContain("Insulin glargine")
    const refusals = (
      await dbConnection.raw("SELECT actor_id, details FROM prescription_audit_entry WHERE action = 'refused' AND actor_id = ?", [opsId])
    ).rows
    expect(refusals).toEqual([expect.objectContaining({ details: expect.objectContaining({ reason: "not_pharmacist", method: "GET" }) })])
    expect(await reviewState()).toEqual(before)
    expect((await call("GET", "/api/orders/HH-2222-2222/prescription-evidence/", { token: suite.token })).status).toBe(404)
  })
})
