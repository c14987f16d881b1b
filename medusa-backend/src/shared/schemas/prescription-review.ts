/**
 * Staff prescription review through the legacy `/api` (issue 7, beyond the
 * spec): listing prescription requests, deciding on a request or on an order
 * held for review, and listing the held orders. Used by the backend routes
 * and by the storefront's admin actions, so both refuse the same input.
 */
import { z } from "zod"

import { paging } from "./api-fields"
import { PRESCRIPTION_FORM_TYPES } from "./prescription-request"

export const REQUEST_STATUSES = ["received", "approved", "rejected"] as const
export type RequestStatus = (typeof REQUEST_STATUSES)[number]

export const REVIEW_DECISIONS = ["approved", "rejected"] as const
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number]

export const REVIEW_NOTE_MAX = 1000
export const REJECTION_NOTE_REQUIRED = "Add a note that explains the rejection"

/** A query value where "" (an "All" option of a filter form) means "not given". */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), z.enum(values, { error: message }).optional())

/** GET /api/prescription-requests/: newest first, optionally one form type and one status, paged. */
export const prescriptionRequestListQuerySchema = z.object({
  form_type: optionalChoice(PRESCRIPTION_FORM_TYPES, `form_type must be one of ${PRESCRIPTION_FORM_TYPES.join(", ")}`),
  status: optionalChoice(REQUEST_STATUSES, `status must be one of ${REQUEST_STATUSES.join(", ")}`),
  ...paging,
})

export type PrescriptionRequestListQuery = z.output<typeof prescriptionRequestListQuerySchema>

/** Optional text of a review, trimmed and bounded: "" when absent. */
const reviewText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .default("")

/** A rejection must say why (the note, kept for pharmacists). */
const rejectionExplained = (review: { decision: string; note: string }, context: z.RefinementCtx) => {
  if (review.decision === "rejected" && !review.note) {
    context.addIssue({ code: "custom", path: ["note"], message: REJECTION_NOTE_REQUIRED })
  }
}

/**
 * POST /api/prescription-requests/{id}/review/: the decision and a note. Approving may go
 * without a note; a rejection must say why.
 */
export const prescriptionReviewSchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, { error: "Decision must be approved or rejected" }),
    note: reviewText("Note", REVIEW_NOTE_MAX),
  })
  .superRefine(rejectionExplained)

export type PrescriptionReviewInput = z.output<typeof prescriptionReviewSchema>

/** An order's review can also ask the patient for something: the order stays held, the patient is emailed the message. */
export const ORDER_REVIEW_DECISIONS = ["approved", "needs_information", "rejected"] as const
export type OrderReviewDecision = (typeof ORDER_REVIEW_DECISIONS)[number]

export const PATIENT_MESSAGE_MAX = 1000
export const PATIENT_MESSAGE_REQUIRED = "Write what the patient should send or do"

/**
 * POST /api/orders/{unique_order_id}/prescription-review/: approve, reject (a note that says
 * why, kept for pharmacists), or ask for information (a message to the patient, which their
 * email and order status page show; never a diagnosis).
 */
export const orderPrescriptionReviewSchema = z
  .object({
    decision: z.enum(ORDER_REVIEW_DECISIONS, { error: "Decision must be approved, needs_information or rejected" }),
    note: reviewText("Note", REVIEW_NOTE_MAX),
    message: reviewText("Message", PATIENT_MESSAGE_MAX),
  })
  .superRefine((review, context) => {
    rejectionExplained(review, context)
    if (review.decision === "needs_information" && !review.message) {
      context.addIssue({ code: "custom", path: ["message"], message: PATIENT_MESSAGE_REQUIRED })
    }
  })

export type OrderPrescriptionReviewInput = z.output<typeof orderPrescriptionReviewSchema>

/** The order statuses GET /api/orders/ can filter on: the orders held for prescription review. */
export const ORDER_LIST_STATUSES = ["awaiting_prescription_review"] as const

/** GET /api/orders/ (staff): paging, and optionally only the orders held for prescription review. */
export const staffOrderListQuerySchema = z.object({
  status: optionalChoice(ORDER_LIST_STATUSES, "status can only be awaiting_prescription_review"),
  ...paging,
})

export type StaffOrderListQuery = z.output<typeof staffOrderListQuerySchema>
