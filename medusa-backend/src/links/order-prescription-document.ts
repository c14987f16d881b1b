import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"

import PrescriptionModule from "../modules/prescription"

/**
 * order.prescription_documents: the prescription documents the patient uploaded for the order
 * (issue 24, decision 0053). Read-only (Medusa's "inverse" read-only link): the document keeps the
 * order's id in `order_id`, so there is no link table to keep in step with it.
 */
export default defineLink(
  { linkable: OrderModule.linkable.order, field: "id", isList: true },
  { ...PrescriptionModule.linkable.prescriptionDocument.id, primaryKey: "order_id" },
  { readOnly: true }
)
