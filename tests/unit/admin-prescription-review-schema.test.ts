import { describe, expect, it } from "vitest"

import { fieldErrors } from "../../medusa-backend/src/shared/schemas/fields"
import {
  prescriptionRequestListQuerySchema,
  prescriptionReviewSchema,
  staffOrderListQuerySchema,
} from "../../medusa-backend/src/shared/schemas/prescription-review"

const errorsOf = (result: { success: boolean; error?: any }) => (result.success ? {} : fieldErrors(result.error))

describe("the staff prescription review payloads (issue 7)", () => {
  it("decisions: approved or rejected, a trimmed note of at most 1000 characters, a reason to reject", () => {
    expect(prescriptionReviewSchema.parse({ decision: "approved" })).toEqual({ decision: "approved", note: "" })
    expect(prescriptionReviewSchema.parse({ decision: "rejected", note: "  No script  " })).toEqual({
      decision: "rejected",
      note: "No script",
    })
    expect(errorsOf(prescriptionReviewSchema.safeParse({ decision: "rejected", note: "   " }))).toEqual({
      note: "Add a note that explains the rejection",
    })
    expect(errorsOf(prescriptionReviewSchema.safeParse({ decision: "approve" }))).toEqual({
      decision: "Decision must be approved or rejected",
    })
    expect(errorsOf(prescriptionReviewSchema.safeParse({ decision: "approved", note: "x".repeat(1001) }))).toEqual({
      note: "Note must be at most 1000 characters",
    })
    expect(errorsOf(prescriptionReviewSchema.safeParse({ decision: "approved", note: 5 }))).toEqual({ note: "Note must be text" })
  })

  it("request lists: one form type, one status ('' is all), paging", () => {
    expect(prescriptionRequestListQuerySchema.parse({ form_type: "", status: "", limit: "20", offset: "40" })).toEqual({
      limit: 20,
      offset: 40,
    })
    expect(prescriptionRequestListQuerySchema.parse({ form_type: "weight_loss", status: "received" })).toEqual({
      form_type: "weight_loss",
      status: "received",
    })
    expect(errorsOf(prescriptionRequestListQuerySchema.safeParse({ form_type: "vitamins", status: "done" }))).toEqual({
      form_type: "form_type must be one of insulin, weight_loss, prescription",
      status: "status must be one of received, approved, rejected",
    })
  })

  it("order lists: only the held orders can be asked for", () => {
    expect(staffOrderListQuerySchema.parse({ status: "awaiting_prescription_review", limit: "5" })).toEqual({
      status: "awaiting_prescription_review",
      limit: 5,
    })
    expect(staffOrderListQuerySchema.parse({})).toEqual({})
    expect(errorsOf(staffOrderListQuerySchema.safeParse({ status: "received" }))).toEqual({
      status: "status can only be awaiting_prescription_review",
    })
  })
})
