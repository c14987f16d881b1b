/**
 * `POST /api/orders/{unique_order_id}/ship/` (staff, issue 24): the carrier and the tracking number,
 * checked against that carrier's format (src/shared/shipping-carriers.ts). The staff area's "Ship"
 * form posts the same fields; its errors come from the backend's 400, keyed by field.
 */
import { z } from "zod"

import { CARRIERS, normalizeTrackingNumber, trackingNumberProblem } from "../shipping-carriers"

export const orderShipSchema = z
  .object({
    carrier: z.enum(CARRIERS, { error: "Choose the carrier: USPS, UPS, FedEx, DHL or other" }),
    tracking_number: z
      .string({ error: "Tracking number is required" })
      .trim()
      .min(1, "Tracking number is required")
      .max(60, "Tracking number must be at most 60 characters"),
  })
  .transform((input) => ({ ...input, tracking_number: normalizeTrackingNumber(input.carrier, input.tracking_number) }))
  .superRefine((input, ctx) => {
    const problem = trackingNumberProblem(input.carrier, input.tracking_number)
    if (problem) ctx.addIssue({ code: "custom", path: ["tracking_number"], message: problem })
  })

export type OrderShipInput = z.output<typeof orderShipSchema>
